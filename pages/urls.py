from django.urls import path

import infrastructure.converters  # noqa: F401  (registers the <username:...> URL part)
from pages import api, views

urlpatterns = [
    path("", views.home, name="home"),
    path("home/invitations/", views.home_invitations, name="home-invitations"),
    path("account/", views.account, name="account"),
    path("players/<username:username>/", views.player, name="player"),
]

# Under /api/accounts/, beside the accounts' own.
api_urlpatterns = [
    path("me/", api.MeView.as_view(), name="api-me"),
]
