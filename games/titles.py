"""Names as people read them: games, seats, result reasons, formats (the API uses ids)."""

from django.utils.translation import gettext_lazy as _

from games import registry
from games.outcomes import ResultReason


def game_title(game: str) -> str:
    """The game's title in the reader's language (its id for a game no longer in play)."""
    return str(registry.declaration(game).title) if game in registry.names() else game


RESULT_REASONS = {
    ResultReason.RESIGNATION: _("resignation"),
    ResultReason.TIME: _("time ran out"),
    ResultReason.AGREEMENT: _("a draw was agreed"),
    ResultReason.FORFEIT: _("forfeit"),
    ResultReason.NO_SHOW: _("the opponent never played a move"),
    ResultReason.DISCONNECTION: _("a player was disconnected for too long"),
    ResultReason.ROUND_DEADLINE: _("the round's time was up: decided by the score"),
    ResultReason.ADJUDICATED: _("decided by the organiser"),
    ResultReason.DOUBLE_FORFEIT: _("lost by both players (the organiser's decision)"),
}

SEAT_TITLES = {
    "blue": _("Blue"),
    "red": _("Red"),
    "first": _("First"),
    "second": _("Second"),
    "1": _("Player 1"),
    "2": _("Player 2"),
    "3": _("Player 3"),
    "4": _("Player 4"),
}


def result_reason(reason: str, game: str = "") -> str:
    """Why a game ended: the game's own words for a reason its engine names, else the
    shared ones."""
    own = registry.declaration(game).result_reasons if game in registry.names() else {}
    title = own.get(reason) or RESULT_REASONS.get(reason)
    return str(title) if title else reason.replace("_", " ")


def seat_title(seat: str, game: str = "") -> str:
    """A seat's name for people: the game's own words for its seats, else the shared ones."""
    own = registry.declaration(game).seat_titles if game in registry.names() else {}
    title = own.get(seat) or SEAT_TITLES.get(seat)
    return str(title) if title else seat.capitalize()


FORMAT_TITLES = {
    "express": _("Express"),
    "extended": _("Extended"),
    "full": _("Full"),
}


def format_title(name: str) -> str:
    return str(FORMAT_TITLES.get(name, name))
