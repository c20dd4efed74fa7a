"""The Swiss's own addresses, added to the championships' by the registry."""

from django.urls import path

from tournaments.systems.swiss import api

api_urlpatterns = [
    path("<id:championship_id>/trf/", api.TrfView.as_view(), name="api-trf"),
]
