from django.urls import path

from tournaments import api, views

api_urlpatterns = [
    path("", api.ChampionshipsView.as_view(), name="api-championships"),
    path("<int:championship_id>/", api.ChampionshipView.as_view(), name="api-championship"),
    path("<int:championship_id>/entries/", api.EntriesView.as_view(), name="api-entries"),
    path("<int:championship_id>/start/", api.StartView.as_view(), name="api-start"),
    path("<int:championship_id>/standings/", api.StandingsView.as_view(), name="api-standings"),
    path("<int:championship_id>/bracket/", api.BracketView.as_view(), name="api-bracket"),
    path(
        "<int:championship_id>/games/",
        api.ChampionshipGamesView.as_view(),
        name="api-championship-games",
    ),
]

page_urlpatterns = [
    path("", views.championship_list, name="championships"),
    path("new/", views.championship_new, name="championship-new"),
    path("<int:championship_id>/", views.championship_page, name="championship"),
    path("<int:championship_id>/organise/", views.organise, name="championship-organise"),
    path("<int:championship_id>/enter/", views.enter, name="championship-enter"),
    path("<int:championship_id>/withdraw/", views.withdraw, name="championship-withdraw"),
    path("<int:championship_id>/start/", views.start, name="championship-start"),
]
