from django.urls import path

import infrastructure.converters  # noqa: F401  (registers the <id:...> URL part)
from tournaments import api, events, views
from tournaments.systems import registry as systems_registry

api_urlpatterns = [
    path("", api.ChampionshipsView.as_view(), name="api-championships"),
    path("<id:championship_id>/", api.ChampionshipView.as_view(), name="api-championship"),
    path("<id:championship_id>/entries/", api.EntriesView.as_view(), name="api-entries"),
    path(
        "<id:championship_id>/entries/accept/",
        api.AcceptInvitationView.as_view(),
        name="api-accept-invitation",
    ),
    path(
        "<id:championship_id>/entries/decline/",
        api.DeclineInvitationView.as_view(),
        name="api-decline-invitation",
    ),
    path("<id:championship_id>/join-code/", api.JoinCodeView.as_view(), name="api-join-code"),
    path("<id:championship_id>/start/", api.StartView.as_view(), name="api-start"),
    path("<id:championship_id>/seeds/", api.SeedsView.as_view(), name="api-seeds"),
    path("<id:championship_id>/check-in/", api.CheckInView.as_view(), name="api-check-in"),
    path(
        "<id:championship_id>/announcements/",
        api.AnnouncementsView.as_view(),
        name="api-announcements",
    ),
    path("<id:championship_id>/standings/", api.StandingsView.as_view(), name="api-standings"),
    path("<id:championship_id>/bracket/", api.BracketView.as_view(), name="api-bracket"),
    path("<id:championship_id>/rounds/", api.RoundsView.as_view(), name="api-rounds"),
    path("<id:championship_id>/log/", api.DecisionLogView.as_view(), name="api-decision-log"),
    path(
        "<id:championship_id>/games/",
        api.ChampionshipGamesView.as_view(),
        name="api-championship-games",
    ),
    path(
        "<id:championship_id>/events/",
        events.championship_events,
        name="api-championship-events",
    ),
]

# Mounted under /api/games/: a championship's decision about one of its games.
game_api_urlpatterns = [
    path("<id:game_id>/adjudicate/", api.AdjudicateView.as_view(), name="api-adjudicate"),
]

page_urlpatterns = [
    path("", views.championship_list, name="championships"),
    path("new/", views.championship_new, name="championship-new"),
    path("<id:championship_id>/", views.championship_page, name="championship"),
    path("<id:championship_id>/rounds/", views.championship_rounds, name="championship-rounds"),
    path("<id:championship_id>/organise/", views.organise, name="championship-organise"),
    path("<id:championship_id>/edit/", views.championship_edit, name="championship-edit"),
    path(
        "<id:championship_id>/co-organisers/",
        views.co_organisers,
        name="championship-co-organisers",
    ),
    path("<id:championship_id>/enter/", views.enter, name="championship-enter"),
    path(
        "<id:championship_id>/invitations/",
        views.invite_many,
        name="championship-invite-many",
    ),
    path("<id:championship_id>/join/<str:code>/", views.join, name="championship-join"),
    path(
        "<id:championship_id>/join-code/",
        views.replace_join_code,
        name="championship-join-code",
    ),
    path("<id:championship_id>/withdraw/", views.withdraw, name="championship-withdraw"),
    path("<id:championship_id>/accept/", views.accept, name="championship-accept"),
    path("<id:championship_id>/decline/", views.decline, name="championship-decline"),
    path("<id:championship_id>/start/", views.start, name="championship-start"),
    path("<id:championship_id>/seeds/", views.move_seed, name="championship-seeds"),
    path("<id:championship_id>/check-in/", views.check_in, name="championship-check-in"),
    path(
        "<id:championship_id>/announcements/",
        views.announce,
        name="championship-announce",
    ),
    path(
        "<id:championship_id>/games/<id:game_id>/decide/",
        views.decide,
        name="championship-decide",
    ),
    path(
        "<id:championship_id>/calendar.ics",
        views.championship_calendar,
        name="championship-calendar",
    ),
]

# A player's private calendar: under /calendar/, its address on the account page (under
# /account/) and in the API (under /api/accounts/me/).
calendar_urlpatterns = [
    path("<slug:key>.ics", views.player_calendar, name="player-calendar"),
]

account_urlpatterns = [
    path("calendar/", views.account_calendar, name="account-calendar"),
]

api_me_urlpatterns = [
    path("calendar/", api.CalendarFeedView.as_view(), name="api-calendar"),
]

# Each system's own addresses (an Arena's pause and resume).
api_urlpatterns += systems_registry.url_patterns("api_urlpatterns")
page_urlpatterns += systems_registry.url_patterns("page_urlpatterns")
