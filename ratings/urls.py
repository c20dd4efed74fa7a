from django.urls import path

from ratings import api

ratings_urlpatterns = [
    path("<str:game>/", api.LeaderboardView.as_view(), name="api-leaderboard"),
]

players_urlpatterns = [
    path("<str:username>/", api.PlayerView.as_view(), name="api-player"),
]
