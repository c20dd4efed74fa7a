"""The championships API, one module a job."""

from tournaments.api.announcements import AnnouncementsView
from tournaments.api.calendar import CalendarFeedView
from tournaments.api.championships import (
    ChampionshipSerializer,
    ChampionshipsView,
    ChampionshipView,
    CreateChampionshipSerializer,
)
from tournaments.api.decisions import AdjudicateView, DecisionLogView
from tournaments.api.entries import (
    AcceptInvitationView,
    CheckInView,
    DeclineInvitationView,
    EntriesView,
    JoinCodeView,
    StartView,
)
from tournaments.api.results import (
    BracketView,
    ChampionshipGamesView,
    RoundsView,
    StandingsView,
)
from tournaments.api.seeds import SeedsView

__all__ = [
    "AcceptInvitationView",
    "AdjudicateView",
    "AnnouncementsView",
    "BracketView",
    "CalendarFeedView",
    "ChampionshipGamesView",
    "ChampionshipSerializer",
    "ChampionshipView",
    "ChampionshipsView",
    "CheckInView",
    "CreateChampionshipSerializer",
    "DecisionLogView",
    "DeclineInvitationView",
    "EntriesView",
    "JoinCodeView",
    "RoundsView",
    "SeedsView",
    "StandingsView",
    "StartView",
]
