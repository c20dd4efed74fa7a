"""The Quadramids CPU player: greedy on points, then safety, then building.

Every legal move is played on a copy of the position and the result is weighed:
one-off points (attacks, captures, knock-outs, unblocking) first, then the income
the move makes or takes away (apexes in, pyramids blocked), then figures left open
to an enemy attack (M9), then enemy squares and pyramids whose corner its figures
gather round (M14, M17), then squares and three-of-four squares built and cells
held in the capital and the golden cities. The first best move in `legal_moves`
order wins, so the choice is deterministic for a given state. That is the
"normal" level; the others:

- "easy" takes the move that scores most at once (one-off points plus the income
  it sets up), blind to figures left open; among equals it picks with a generator
  seeded from the position, so a state still gets one answer;
- "strong" looks further: the STRONG_WIDTH best moves by the weights above are
  each answered by the next player's best move by the same weights (from that
  player's side) and, in a two-player game, that by the CPU's own best again;
  the move whose line ends weighing most for the CPU is played.
"""

import random
import zlib

from games.catalog.quadramids.engine.board import CAPITAL, CENTRES, GOLDEN, SQUARE, move_payload
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


STRONG_WIDTH = 10  # the CPU's own moves that the strong level plays a reply to


def _next_seat(state, seat: int) -> int | None:
    """The seat that replies after `seat`: the next one with a figure in hand or on the
    board that has not resigned; None when there is none."""
    position = state.position
    for k in range(1, state.players):
        nxt = (seat + k) % state.players
        if nxt in state.resigned:
            continue
        if position.hands[nxt] or position.on_board(nxt):
            return nxt
    return None


def _weighed(
    position: Position, seat: int, players: int
) -> list[tuple[float, int, int | None, int]]:
    """(worth, order, a, b) of every move of `seat`, best first, earlier first among equals."""
    found = []
    for order, (a, b) in enumerate(moves_of(position, seat)):
        trial, one_off = played(position, a, b, seat)
        found.append((evaluate(trial, seat, players, one_off), order, a, b))
    found.sort(key=lambda entry: (-entry[0], entry[1]))
    return found


def easy_move(state) -> list | None:
    """The easy level: most points now (one-off plus income), ties broken by a generator
    seeded from the position."""
    seat = state.turn
    position = state.position
    best, choices = None, []
    for a, b in moves_of(position, seat):
        trial, one_off = played(position, a, b, seat)
        value = one_off + trial.income(seat)
        if best is None or value > best:
            best, choices = value, [(a, b)]
        elif value == best:
            choices.append((a, b))
    if not choices:
        return None
    seed = zlib.crc32(repr((state.moves, state.turn, state.scores, position.cells)).encode())
    return move_payload(*random.Random(seed).choice(choices))


def strong_move(state) -> list | None:
    """The strong level: the best few moves, each answered by the next player's best, and
    (two players) that answered by the CPU's best again."""
    seat, players = state.turn, state.players
    mine = _weighed(state.position, seat, players)
    if not mine:
        return None
    replier = _next_seat(state, seat)
    best: tuple[float, int, int | None, int] | None = None
    for worth, order, a, b in mine[:STRONG_WIDTH]:
        value = worth
        trial, one_off = played(state.position, a, b, seat)
        replies = [] if replier is None else _weighed(trial, replier, players)
        if replies:
            _their, _order, ra, rb = replies[0]
            answered, their_one_off = played(trial, ra, rb, replier)
            lost = ONE_OFF * their_one_off
            value = evaluate(answered, seat, players, one_off) - lost
            follow = _weighed(answered, seat, players) if players == 2 else []
            if follow:
                value = follow[0][0] + ONE_OFF * one_off - lost
        if best is None or value > best[0]:
            best = (value, order, a, b)
    return move_payload(best[2], best[3])


def suggest_move(state, *, gather: bool = True) -> list | None:
    """The best move by the weights above for the side to move; None when it has none.

    `gather=False` plays without the M14/M17 term (the benchmark's baseline).
    """
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
    return move_payload(a, b)
