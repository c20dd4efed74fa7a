from django.urls import path

import infrastructure.converters  # noqa: F401  (registers the <username:...> URL part)
from ratings import api, views

ratings_urlpatterns = [
    path("<str:game>/", api.LeaderboardView.as_view(), name="api-leaderboard"),
]

players_urlpatterns = [
    path("<username:username>/", api.PlayerView.as_view(), name="api-player"),
]

page_urlpatterns = [
    path("", views.leaderboards, name="leaderboards"),
    path("<str:game>/", views.leaderboards, name="leaderboard"),
]
