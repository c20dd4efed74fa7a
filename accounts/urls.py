from django.urls import path

from accounts import api, views

api_urlpatterns = [
    path("register/", api.RegisterView.as_view(), name="api-register"),
    path("token/", api.TokenView.as_view(), name="api-token"),
    path("me/", api.MeView.as_view(), name="api-me"),
    path("<str:username>/plan/", api.PlanView.as_view(), name="api-plan"),
]

page_urlpatterns = [
    path("<str:username>/", views.player, name="player"),
]
