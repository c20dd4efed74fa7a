"""A game move by move: its moves in the game's own notation, and the position after any
of them, replayed from the accepted moves through the engine (the page's move list and
its `?move=N` permalinks)."""

import json
import logging
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.utils.translation import gettext

from games import registry
from games.engines import IllegalMove, RecordError, engine
from games.models import Game, Move

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class MoveLine:
    """One accepted move as the move list shows it."""

    number: int  # its place in the game, 1 for the first move
    seat: str
    text: str  # in the game's notation
    points: int  # what the move won
    score_after: dict[str, int]


@dataclass(frozen=True)
class Position:
    """The game after move `number` (0: before the first), as a viewer may see it."""

    number: int
    total: int  # the moves the game has now
    view: dict  # the engine's view, without what the viewer's seat may not see
    score: dict[str, int]
    to_move: str | None  # the seat to move then; None once the game was over


@dataclass(frozen=True)
class Asked:
    """What `?move=` asked for: the move to show (None: the game as it stands now) and, when
    the request was not one of the game's moves, what the page tells the viewer."""

    number: int | None
    note: str = ""


def asked_move(value: str | None, total: int) -> Asked:
    """The position `?move=value` asks for in a game of `total` moves; a number outside
    0…total is brought to the nearest end, anything else shows the game as it stands."""
    if value is None or value == "":
        return Asked(None)
    bounds = {"total": total}
    try:
        number = int(value.strip())
    except ValueError:
        note = gettext("move: give a whole number from 0 to %(total)s.") % bounds
        return Asked(None, note + " " + gettext("The game is shown as it stands."))
    if number < 0:
        note = gettext("move: there is no move before 0; the start is shown.")
        return Asked(0, note)
    if number > total:
        note = gettext("move: the game has %(total)s moves so far; the last is shown.") % bounds
        return Asked(None, note)
    return Asked(number)


def _accepted(game: Game, up_to: int | None = None):
    moves = game.moves.filter(status=Move.Status.ACCEPTED)
    if up_to is not None:
        moves = moves.filter(seq__lte=up_to)
    return moves.order_by("seq")


def move_text(game_name: str, payload: Any) -> str:
    """One move of the record in the game's notation; the record's JSON where it has none
    or the move is not one it writes."""
    notation = registry.declaration(game_name).notation
    if notation is not None:
        try:
            return str(notation(payload))
        except (TypeError, ValueError, KeyError, IndexError):
            log.warning("%s: no notation for the move %r", game_name, payload)
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=False)


def move_list(game: Game) -> list[MoveLine]:
    """Every accepted move of the game, in order."""
    rows = _accepted(game).values_list("seq", "seat", "payload", "points", "score_after")
    return [
        MoveLine(
            number=seq,
            seat=seat,
            text=move_text(game.game, payload),
            points=points,
            score_after=score or {},
        )
        for seq, seat, payload, points, score in rows
    ]


def visible_view(view: dict, seat: str | None) -> dict:
    """The engine's view without what belongs to one player alone: a hand that lists its
    tiles is its own seat's (a hand that only counts its figures is for everyone)."""
    hands = view.get("hands")
    if not isinstance(hands, dict):
        return view
    shown = {
        owner: hand for owner, hand in hands.items() if owner == seat or not isinstance(hand, list)
    }
    return {**view, "hands": shown}


# Replayed states are kept (as the engine's snapshots) after the move shown and after
# every CHECKPOINT-th move, so a step through a long game replays a few moves, not all.
CHECKPOINT = 10
KEPT_S = 6 * 3600


def _key(game: Game, number: int, move_id: int) -> str:
    # A move's id names the whole game up to it: a move taken back and played again is a
    # new row, and so is every move after it.
    return f"replay:{game.pk}:{number}:{move_id}"


def _state_at(game: Game, rules, number: int):
    """The engine's state after move `number`, from the nearest kept state before it."""
    moves = list(_accepted(game, number).values_list("id", "payload", "seat"))
    candidates = {
        _key(game, n, moves[n - 1][0]): n
        for n in range(len(moves), 0, -1)
        if n == len(moves) or n % CHECKPOINT == 0 or n > len(moves) - CHECKPOINT
    }
    kept = cache.get_many(list(candidates))
    start, state = 0, None
    if kept:
        key = max(kept, key=lambda k: candidates[k])
        start, state = candidates[key], rules.load(kept[key])
    if state is None:
        state = rules.new(game.options)
    fresh = {}
    for n, (move_id, payload, mover) in enumerate(moves[start:], start=start + 1):
        try:
            state, _step = rules.apply(state, payload, mover, record=True)
        except (IllegalMove, RecordError):
            # The record is the engine's own; should it ever refuse a stored move, the
            # page shows the position before it rather than fail.
            log.exception("game %s: the stored move %r does not replay", game.pk, payload)
            return state
        if n % CHECKPOINT == 0 or n == len(moves):
            fresh[_key(game, n, move_id)] = rules.dump(state)
    if fresh:
        cache.set_many(fresh, KEPT_S)
    return state


def position_at(game: Game, number: int, seat: str | None) -> Position:
    """The game after its move `number` (brought into 0…moves), as the player in `seat`
    (None: anybody else) may see it: the accepted moves replayed from the game's options."""
    total = game.move_count
    number = min(max(number, 0), total)
    rules = engine(game.game)
    state = _state_at(game, rules, number)
    over = rules.result(state).over
    return Position(
        number=number,
        total=total,
        view=visible_view(rules.view(state), seat),
        score=rules.score(state),
        to_move=None if over else rules.to_move(state),
    )
