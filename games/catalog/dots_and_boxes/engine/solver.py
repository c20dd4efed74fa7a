"""Exact Dots and Boxes: the net score the side to move can force, by retrograde analysis.

The value of a position depends only on which lines are drawn, not on the score so
far: V(s) is the number of boxes the player to move will still take minus the
number the opponent will, with best play by both. Over the n undrawn lines of the
position asked about, every subset s of them (drawn on top of it) gets a value,
from "all drawn" (V = 0) back to "none drawn", one popcount level at a time:

    V(s) = max over lines l not in s of  k + V(s | l)  when drawing l completes k ≥ 1 boxes
                                         -V(s | l)     otherwise (the turn passes).

Each level is a few numpy passes over int8 arrays (2^n values: 16 MB for n = 24).
This is David Wilson's method (wilson.engr.wisc.edu/boxes/method/): positions, not
move sequences, so 2^n work instead of n!. A table stays valid for every later
position of the same game (their drawn lines contain the table's base), so the
last few tables are kept and the moves that follow are answered by look-up.
"""

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from games.catalog.dots_and_boxes.engine.board import Geometry, bits, completes, gives_third_side
from games.engines.base import CannotSolve

MAX_LINES = 24  # 2^24 int8 values: 16 MB and a few seconds
CACHE_LINES = 22  # tables this small (4 MB) are kept for the moves that follow
CACHE_TABLES = 8


class PositionTooLarge(CannotSolve, ValueError):
    """More undrawn lines than the solver takes on."""


class SolverTimeout(CannotSolve, RuntimeError):
    """The time limit ran out before the position was solved."""


@dataclass(frozen=True)
class Solution:
    value: int  # net boxes the player to move will still take with best play by both
    best: list | None  # a move that keeps that value; None when the game is over
    seconds: float


@dataclass(frozen=True, eq=False)
class _Table:
    board: Geometry
    base: int  # the lines drawn in the position the table was made for
    free: tuple[int, ...]  # its undrawn lines; free[b] is bit b of a table index
    values: np.ndarray

    def index(self, drawn: int) -> int | None:
        """The table index of a later position, or None when it is not one."""
        if drawn & self.base != self.base:
            return None
        extra = drawn & ~self.base
        return sum(1 << b for b, line in enumerate(self.free) if extra >> line & 1)


_tables: OrderedDict[tuple, _Table] = OrderedDict()
_tables_lock = threading.Lock()


def clear_cache() -> None:
    with _tables_lock:
        _tables.clear()


def _by_popcount(n: int) -> list[np.ndarray]:
    """Every n-bit number, grouped by how many bits are set."""
    numbers = np.arange(1 << n, dtype=np.int64)
    counts = np.bitwise_count(numbers)
    return [numbers[counts == c] for c in range(n + 1)]


def _level(low: list[np.ndarray], high: list[np.ndarray], shift: int, level: int) -> np.ndarray:
    """Every number with `level` bits set: a low half and a high half, combined."""
    parts = [
        ((high[level - c] << shift)[:, None] | low[c][None, :]).ravel()
        for c in range(len(low))
        if 0 <= level - c < len(high)
    ]
    return np.concatenate(parts)


def _compute(board: Geometry, drawn: int, deadline: float | None) -> _Table:
    free = tuple(bits(board.all_lines & ~drawn))
    n = len(free)
    if n > MAX_LINES:
        raise PositionTooLarge(
            f"{n} lines are undrawn; the solver takes positions with at most {MAX_LINES}"
        )
    bit_of = {line: b for b, line in enumerate(free)}
    # For each undrawn line: per box it borders, the mask of that box's other undrawn
    # sides (in table bits); the box is completed by the line when all of them are in s.
    needs = []
    for line in free:
        masks = []
        for box in board.line_boxes[line]:
            others = board.box_lines[box] & ~drawn & ~(1 << line)
            masks.append(sum(1 << bit_of[other] for other in bits(others)))
        needs.append(masks)
    values = np.zeros(1 << n, dtype=np.int8)
    shift = n // 2
    low, high = _by_popcount(shift), _by_popcount(n - shift)
    for level in range(n - 1, -1, -1):
        states = _level(low, high, shift, level)
        # A state's own slot reads -128 while its level is worked on: for a line the
        # state already has, `states | bit` is the state itself, and its candidate,
        # -(-128) (which wraps to -128) or -128 + k, loses to every real one (≥ -48).
        values[states] = -128
        best = np.full(states.shape, -128, dtype=np.int8)
        for b in range(n):
            after = values[states | (1 << b)]
            certain = 0  # boxes this line completes whatever else is drawn
            maybe = None  # per state, boxes completed that depend on the state
            for mask in needs[b]:
                if mask == 0:
                    certain += 1
                else:
                    done = ((states & mask) == mask).view(np.int8)
                    maybe = done if maybe is None else maybe + done
            if certain:
                gained = np.int8(certain) if maybe is None else maybe + np.int8(certain)
                candidate = after + gained
            else:
                candidate = np.where(maybe > 0, after + maybe, -after)
            np.maximum(best, candidate, out=best)
        values[states] = best
        if deadline is not None and time.perf_counter() > deadline:
            raise SolverTimeout(f"no solution within the time limit ({n} undrawn lines)")
    return _Table(board=board, base=drawn, free=free, values=values)


def _table(board: Geometry, drawn: int, deadline: float | None, cache: bool) -> tuple[_Table, int]:
    if cache:
        with _tables_lock:
            for key, table in reversed(_tables.items()):
                index = table.index(drawn) if table.board is board else None
                if index is not None:
                    _tables.move_to_end(key)
                    return table, index
    table = _compute(board, drawn, deadline)
    if cache and len(table.free) <= CACHE_LINES:
        with _tables_lock:
            _tables[(board.columns, board.rows, drawn)] = table
            while len(_tables) > CACHE_TABLES:
                _tables.popitem(last=False)
    return table, 0


def line_values(
    board: Geometry, drawn: int, time_limit: float | None = None, *, cache: bool = True
) -> dict[int, int]:
    """For every undrawn line: the net score the player to move gets by drawing it."""
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    table, index = _table(board, drawn, deadline, cache)
    result = {}
    for b, line in enumerate(table.free):
        if index >> b & 1:
            continue
        won = completes(board, drawn, line)
        after = int(table.values[index | 1 << b])
        result[line] = won + after if won else -after
    return result


def best_lines(values: dict[int, int], board: Geometry, drawn: int) -> list[int]:
    """The lines of the best value, the natural ones first: captures, then lines that
    hand nothing over, then the rest; by line number within each group."""
    top = max(values.values())
    return sorted(
        (line for line, value in values.items() if value == top),
        key=lambda line: (
            completes(board, drawn, line) == 0,
            gives_third_side(board, drawn, line),
            line,
        ),
    )


def solve_position(
    board: Geometry, drawn: int, time_limit: float | None = None, *, cache: bool = True
) -> tuple[int, int | None, float]:
    """(value, best line or None, seconds) of the position with lines `drawn`."""
    started = time.perf_counter()
    if drawn == board.all_lines:
        return 0, None, 0.0
    values = line_values(board, drawn, time_limit, cache=cache)
    best = best_lines(values, board, drawn)[0]
    return values[best], best, time.perf_counter() - started


def solve(state, time_limit: float | None = None, *, cache: bool = True) -> Solution:
    """The exact value of a Dots and Boxes state for its player to move, and a best move.

    Raises PositionTooLarge beyond MAX_LINES undrawn lines and SolverTimeout when
    `time_limit` seconds run out; a finished game has value 0 and no move.
    """
    board = state.board
    value, best, seconds = solve_position(board, state.drawn, time_limit, cache=cache)
    return Solution(value=value, best=None if best is None else board.move(best), seconds=seconds)
