"""Championship operations of the core, one module a job (entries, invitations, the start,
the advance, deadlines, decisions, the playoff): they load rows, call the pure algorithms
(tiebreaks.py, bracket.py, each system's own in tournaments/systems/<name>/) and save what
they decide; a system's own steps live in its package and are reached through the
registry."""

from tournaments.selectors import seeding_order
from tournaments.services.adjudication import adjudicate
from tournaments.services.announcements import announce
from tournaments.services.checking_in import check_in
from tournaments.services.co_organisers import name_co_organisers
from tournaments.services.creation import (
    checked_settings,
    create_championship,
    default_time_control,
)
from tournaments.services.deadlines import (
    ask_worker_if_due,
    decide_all_at_deadline,
    decide_at_deadline,
    start_on_schedule,
)
from tournaments.services.editing import edit_championship
from tournaments.services.entries import Removal, check_may_enter, enter, withdraw
from tournaments.services.invitations import (
    USERNAMES_MAX,
    NameOutcome,
    Outcome,
    accept_invitation,
    cancel_pending_invitations,
    decline_invitation,
    enter_or_invite,
    invite,
    invite_many,
    organises_entries,
)
from tournaments.services.joining import enter_by_code, replace_join_code
from tournaments.services.progress import advance, on_game_finished
from tournaments.services.seeding import move_seed, set_seeds
from tournaments.services.starting import start
from tournaments.services.sweep import sweep

__all__ = [
    "USERNAMES_MAX",
    "NameOutcome",
    "Outcome",
    "Removal",
    "accept_invitation",
    "adjudicate",
    "advance",
    "announce",
    "ask_worker_if_due",
    "cancel_pending_invitations",
    "check_in",
    "check_may_enter",
    "checked_settings",
    "create_championship",
    "decide_all_at_deadline",
    "decide_at_deadline",
    "decline_invitation",
    "default_time_control",
    "edit_championship",
    "enter",
    "enter_by_code",
    "enter_or_invite",
    "invite",
    "invite_many",
    "move_seed",
    "name_co_organisers",
    "on_game_finished",
    "organises_entries",
    "replace_join_code",
    "seeding_order",
    "set_seeds",
    "start",
    "start_on_schedule",
    "sweep",
    "withdraw",
]
