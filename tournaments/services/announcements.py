"""What a championship tells its people: the organiser, the entrants, the players of a
match. Each function names who is told and what; the notifications app delivers it."""

from tournaments.models import Championship, Decision, Match


def organiser_needed(championship: Championship, match: Match) -> None:
    """A playoff match was level at its deadline: the organiser decides it."""


def start_postponed(championship: Championship, entrants: int) -> None:
    """The scheduled start came with too few entrants."""


def championship_started(championship: Championship) -> None:
    """Every entrant: the championship has begun."""


def round_opened(championship: Championship, matches: list[Match]) -> None:
    """The players of each newly opened match: their game is ready."""


def deadline_soon(match: Match, hours: int) -> None:
    """The players of a match still playing: the round's time is nearly up."""


def decision_made(decision: Decision) -> None:
    """The players a decision is about."""


def championship_finished(championship: Championship) -> None:
    """Every entrant: the championship is over, and their place."""
