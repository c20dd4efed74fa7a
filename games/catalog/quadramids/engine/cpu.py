"""The Quadramids CPU player: greedy on points, then safety, then building.

Every legal move is played on a copy of the position and the result is weighed:
one-off points (attacks, captures, knock-outs, unblocking) first, then the income
the move makes or takes away (apexes in, pyramids blocked), then figures left open
to an enemy attack (M9), then enemy squares and pyramids whose corner its figures
gather round (M14, M17), then squares and three-of-four squares built and cells
held in the capital and the golden cities. The first best move in `legal_moves`
order wins, so the choice is deterministic for a given state.
"""

from games.catalog.quadramids.engine.board import CAPITAL, CENTRES, GOLDEN, SQUARE
from games.catalog.quadramids.engine.rules import (
    EMPTY,
    Position,
    capture_threats,
    moves_of,
    threatened,
)
from games.catalog.quadramids.engine.rules import move as play_move
from games.catalog.quadramids.engine.rules import put as play_put

ONE_OFF = 10.0
INCOME = 8.0
ENEMY_INCOME = 3.0
EXPOSED = 6.0
ENEMY_EXPOSED = 1.0
CAPTURE_THREATS = 2.0
SQUARE_BUILT = 3.0
THREE_OF_FOUR = 1.0
RICH_CELL = 0.3
ON_BOARD = 0.4


def _shape(position: Position, seat: int) -> float:
    cells = position.cells
    value = 0.0
    for c in CENTRES:
        mine = free = 0
        for cell in SQUARE[c]:
            if cells[cell] == seat:
                mine += 1
            elif cells[cell] == EMPTY:
                free += 1
        if mine == 4:
            value += SQUARE_BUILT
        elif mine == 3 and free == 1:
            value += THREE_OF_FOUR
    value += RICH_CELL * sum(1 for cell in CAPITAL | GOLDEN if cells[cell] == seat)
    return value


def played(position: Position, a: int | None, b: int, seat: int) -> tuple[Position, int]:
    """A copy of the position after the move (a put when `a` is None); its one-off points."""
    trial = position.copy()
    if a is None:
        play_put(trial, b, seat)
        return trial, 0
    _kind, one_off = play_move(trial, a, b, seat)
    return trial, one_off


def evaluate(
    position: Position, seat: int, players: int, one_off: int, *, gather: bool = True
) -> float:
    """The move's worth for `seat`; `gather=False` leaves out the M14/M17 term."""
    enemies = [s for s in range(players) if s != seat]
    value = ONE_OFF * one_off + INCOME * position.income(seat)
    value -= ENEMY_INCOME * sum(position.income(s) for s in enemies)
    value -= EXPOSED * threatened(position, seat)
    value += ENEMY_EXPOSED * sum(threatened(position, s) for s in enemies)
    if gather:
        value += CAPTURE_THREATS * capture_threats(position, seat)
    value += ON_BOARD * position.on_board(seat)
    return value + _shape(position, seat)


def suggest_move(state, *, gather: bool = True) -> list | None:
    """The best move by the weights above for the side to move; None when it has none.

    `gather=False` plays without the M14/M17 term (the benchmark's baseline).
    """
    from games.catalog.quadramids.engine.engine import _move_payload

    seat = state.turn
    best: tuple[float, tuple[int | None, int]] | None = None
    for a, b in moves_of(state.position, seat):
        trial, one_off = played(state.position, a, b, seat)
        value = evaluate(trial, seat, state.players, one_off, gather=gather)
        if best is None or value > best[0]:
            best = (value, (a, b))
    if best is None:
        return None
    a, b = best[1]
    return _move_payload(a, b)
