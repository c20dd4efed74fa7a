"""Championship operations, one module a job; the algorithms (seeding, Berger tables,
tie-breaks, bracket) are pure functions in pairing.py, tiebreaks.py and bracket.py, and
these modules load rows, call them and save what they decide."""

from tournaments.services.creation import create_championship
from tournaments.services.entries import enter, withdraw
from tournaments.services.progress import advance, on_game_finished
from tournaments.services.starting import group_name, seeding_order, start

__all__ = [
    "advance",
    "create_championship",
    "enter",
    "group_name",
    "on_game_finished",
    "seeding_order",
    "start",
    "withdraw",
]
