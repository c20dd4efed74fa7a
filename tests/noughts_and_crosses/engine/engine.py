"""The Noughts and Crosses engine: the common engine interface over rules.md.

The board is nine squares; square x-y (x the column, y the row, both 1..3, y counted from
the bottom) is letter (y - 1) * 3 + (x - 1) of a state's `cells`.
"""

import json
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

from games.engines import json_records
from games.engines.base import (
    DEFAULT_CPU_LEVEL,
    IllegalMove,
    Record,
    RecordError,
    Result,
    StandardEngine,
    Step,
    replay_moves,
)
from tests.noughts_and_crosses.engine.options import NoughtsAndCrossesOptions, parse_options

NAME = "noughts_and_crosses"
SEATS = ("x", "o")  # N1, N2: x moves first
SIZE = 3
EMPTY = "."
LINES = (
    *((row * 3, row * 3 + 1, row * 3 + 2) for row in range(SIZE)),
    *((column, column + 3, column + 6) for column in range(SIZE)),
    (0, 4, 8),
    (2, 4, 6),
)  # N3: rows, columns, diagonals
# The CPU's order of preference among equally good squares: centre, corners, edges.
PREFERENCE = (4, 0, 2, 6, 8, 1, 3, 5, 7)
REASON_LINE = "three_in_a_row"  # N3
REASON_FULL = "board_full"  # N4


class NoughtsAndCrossesState:
    """A position: the nine squares, whose move it is, how many moves were played."""

    __slots__ = ("cells", "last", "moves", "options", "turn")

    def __init__(
        self,
        options: NoughtsAndCrossesOptions,
        cells: str = EMPTY * 9,
        turn: int = 0,
        moves: int = 0,
        last: int | None = None,
    ) -> None:
        self.options = options
        self.cells = cells
        self.turn = turn  # an index into SEATS
        self.moves = moves
        self.last = last  # the square marked last, or None


def square(index: int) -> list[int]:
    """The move [x, y] of a square's index."""
    return [index % SIZE + 1, index // SIZE + 1]


def winning_line(cells: str) -> tuple[int, int, int] | None:
    return next(
        (line for line in LINES if cells[line[0]] != EMPTY and len({cells[i] for i in line}) == 1),
        None,
    )


def _is_over(cells: str) -> bool:
    return winning_line(cells) is not None or EMPTY not in cells


def _square_of(move: Any) -> tuple[int, int]:
    """(x, y) of a move payload, or IllegalMove('malformed')."""
    if isinstance(move, list | tuple) and len(move) == 2:
        x, y = move
        if all(isinstance(c, int) and not isinstance(c, bool) for c in (x, y)):
            return x, y
    raise IllegalMove(
        "malformed", f"A Noughts and Crosses move is [x, y], two whole numbers; got {move!r} (N1)."
    )


@cache
def _value(cells: str, mover: str) -> int:
    """The outcome with best play for `mover` to move: 1 a win, 0 a draw, -1 a loss."""
    if winning_line(cells) is not None:
        return -1  # the player who just moved made the line
    if EMPTY not in cells:
        return 0
    other = SEATS[1 - SEATS.index(mover)]
    return max(
        -_value(cells[:i] + mover + cells[i + 1 :], other) for i in range(9) if cells[i] == EMPTY
    )


class NoughtsAndCrossesEngine(StandardEngine):
    name = NAME
    seats = SEATS

    # -- playing ---------------------------------------------------------------
    def new(
        self, options: Mapping[str, Any] | None = None, seed: int | None = None
    ) -> NoughtsAndCrossesState:
        return NoughtsAndCrossesState(parse_options(dict(options or {})))

    def validate_move(self, move: Any) -> None:
        """Refuse a payload that is not a square at all, before it is queued."""
        _square_of(move)

    def apply(
        self,
        state: NoughtsAndCrossesState,
        move: Any,
        player: str | None = None,
        *,
        record: bool = False,
    ) -> tuple[NoughtsAndCrossesState, Step]:
        x, y = _square_of(move)
        if player is not None and player not in SEATS:
            raise IllegalMove("unknown_player", f"There is no {player!r} in Noughts and Crosses.")
        mover = SEATS.index(player) if player is not None else state.turn
        if not record:
            if _is_over(state.cells):
                raise IllegalMove("game_over", "The game is over (N3, N4).")
            if mover != state.turn:
                raise IllegalMove("not_your_turn", f"It is {SEATS[state.turn]}'s move (N2).")
        if not (1 <= x <= SIZE and 1 <= y <= SIZE):
            raise IllegalMove("off_board", f"The square {x}-{y} is off the 3×3 board (N1).")
        index = (y - 1) * SIZE + (x - 1)
        if state.cells[index] != EMPTY:
            raise IllegalMove("occupied", f"The square {x}-{y} is already marked (N2).")
        cells = state.cells[:index] + SEATS[mover] + state.cells[index + 1 :]
        after = NoughtsAndCrossesState(
            state.options, cells=cells, turn=1 - mover, moves=state.moves + 1, last=index
        )
        made_line = winning_line(cells) is not None and winning_line(state.cells) is None
        return after, Step(player=SEATS[mover], move=[x, y], points=int(made_line))

    def free_squares(self, state: NoughtsAndCrossesState) -> list[list[int]]:
        return [square(i) for i in range(9) if state.cells[i] == EMPTY]

    def suggest(
        self, state: NoughtsAndCrossesState, level: str = DEFAULT_CPU_LEVEL
    ) -> list[int] | None:
        """The CPU's move, at every level: one that keeps the best outcome, never losing
        what can be held."""
        if _is_over(state.cells):
            return None
        mover, other = SEATS[state.turn], SEATS[1 - state.turn]
        free = [i for i in PREFERENCE if state.cells[i] == EMPTY]
        best = max(
            free, key=lambda i: -_value(state.cells[:i] + mover + state.cells[i + 1 :], other)
        )
        return square(best)

    # -- reading a state -------------------------------------------------------
    def result(self, state: NoughtsAndCrossesState) -> Result:
        line = winning_line(state.cells)
        if line is not None:
            return Result(over=True, winner=state.cells[line[0]], reason=REASON_LINE)
        if EMPTY not in state.cells:
            return Result(over=True, winner=None, reason=REASON_FULL)
        return Result(over=False)

    def to_move(self, state: NoughtsAndCrossesState) -> str | None:
        return None if _is_over(state.cells) else SEATS[state.turn]

    def score(self, state: NoughtsAndCrossesState) -> dict[str, int]:
        """1 for the player who made a line, else 0."""
        line = winning_line(state.cells)
        winner = state.cells[line[0]] if line else None
        return {seat: int(seat == winner) for seat in SEATS}

    def view(self, state: NoughtsAndCrossesState) -> dict:
        """The board for pages and the API: `rows[y - 1][x - 1]` is square x-y ("." empty,
        "x" or "o"), the bottom row first; `line` the winning squares, if any."""
        line = winning_line(state.cells)
        return {
            "width": SIZE,
            "height": SIZE,
            "rows": [state.cells[y * SIZE : (y + 1) * SIZE] for y in range(SIZE)],
            "line": [square(i) for i in line] if line else None,
            "last": None if state.last is None else square(state.last),
            "moves": state.moves,
        }

    # -- snapshots -------------------------------------------------------------
    def dump(self, state: NoughtsAndCrossesState) -> bytes:
        snapshot = {
            "options": state.options.as_dict(),
            "cells": state.cells,
            "turn": state.turn,
            "moves": state.moves,
            "last": state.last,
        }
        return json.dumps(snapshot, separators=(",", ":")).encode()

    def load(self, data: bytes) -> NoughtsAndCrossesState:
        try:
            snapshot = json.loads(data)
            state = NoughtsAndCrossesState(
                parse_options(snapshot["options"]),
                cells=snapshot["cells"],
                turn=snapshot["turn"],
                moves=snapshot["moves"],
                last=snapshot["last"],
            )
        except (ValueError, KeyError, TypeError) as error:
            raise RecordError(f"snapshot: {error}") from None
        if (
            not isinstance(state.cells, str)
            or len(state.cells) != 9
            or set(state.cells) - {EMPTY, *SEATS}
            or state.turn not in (0, 1)
        ):
            raise RecordError("snapshot: it does not fit the board")
        return state

    # -- records ---------------------------------------------------------------
    def read_record(self, text: str, filename: str = "") -> Record:
        return json_records.read(text, NAME, parse_options)

    def write_record(self, record: Record, form: str = "json") -> str:
        return json_records.write(record, form, NAME, parse_options)

    def replay(self, record: Record) -> Iterator[dict]:
        return replay_moves(self, record, lambda state, step: {"board": self.view(state)["rows"]})


ENGINE = NoughtsAndCrossesEngine()
