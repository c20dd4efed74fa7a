"""Championship operations, one module a job; the algorithms (seeding, Berger tables,
tie-breaks, bracket) are pure functions in pairing.py, tiebreaks.py and bracket.py, and
these modules load rows, call them and save what they decide."""

from tournaments.services.adjudication import adjudicate
from tournaments.services.creation import create_championship
from tournaments.services.deadlines import (
    ask_worker_if_due,
    decide_at_deadline,
    start_on_schedule,
)
from tournaments.services.entries import enter, withdraw
from tournaments.services.progress import advance, on_game_finished
from tournaments.services.starting import group_name, seeding_order, start
from tournaments.services.sweep import sweep

__all__ = [
    "adjudicate",
    "advance",
    "ask_worker_if_due",
    "create_championship",
    "decide_at_deadline",
    "enter",
    "group_name",
    "on_game_finished",
    "seeding_order",
    "start",
    "start_on_schedule",
    "sweep",
    "withdraw",
]
