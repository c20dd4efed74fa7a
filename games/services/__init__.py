"""Game operations, one module per job; every public operation is importable from here.

Every change of a game happens inside a transaction holding the game's row lock
(`updates.locked_game`); listeners hear of it after the commit. docs/code-layout.md
says what each module is for.
"""

from games.services.away import may_set_away, set_away
from games.services.berserk import go_berserk, may_go_berserk
from games.services.deadlines import clock_overdue
from games.services.endings import forfeit, may_offer_draw, offer_draw, resign
from games.services.invitations import (
    MatchGame,
    accept_invitation,
    create_game,
    create_match_game,
    create_match_games,
    decline_invitation,
    guest_practice_refusal,
    refuse_luck_options,
    without_luck_options,
)
from games.services.moves import MAX_MOVE_CHARS, submit_move
from games.services.processing import ask_worker_if_due, process_game
from games.services.records import game_record
from games.services.rematch import another_game, may_rematch
from games.services.seats import touch_presence
from games.services.sweep import SWEEP_AFTER, sweep
from games.services.undo import may_undo, undo
from games.services.verdicts import move_result, payload_size

__all__ = [
    "MAX_MOVE_CHARS",
    "SWEEP_AFTER",
    "MatchGame",
    "accept_invitation",
    "another_game",
    "ask_worker_if_due",
    "clock_overdue",
    "create_game",
    "create_match_game",
    "create_match_games",
    "decline_invitation",
    "forfeit",
    "game_record",
    "go_berserk",
    "guest_practice_refusal",
    "may_go_berserk",
    "may_offer_draw",
    "may_rematch",
    "may_set_away",
    "may_undo",
    "move_result",
    "offer_draw",
    "payload_size",
    "process_game",
    "refuse_luck_options",
    "resign",
    "set_away",
    "submit_move",
    "sweep",
    "touch_presence",
    "undo",
    "without_luck_options",
]
