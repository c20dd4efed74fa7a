"""The Arena's own addresses, added to the championships' by the registry."""

from django.urls import path

from tournaments.systems.arena import api, views

api_urlpatterns = [
    path("<id:championship_id>/pause/", api.PauseView.as_view(), name="api-arena-pause"),
    path("<id:championship_id>/resume/", api.ResumeView.as_view(), name="api-arena-resume"),
]
page_urlpatterns = [
    path("<id:championship_id>/pause/", views.pause, name="championship-arena-pause"),
    path("<id:championship_id>/resume/", views.resume, name="championship-arena-resume"),
]
