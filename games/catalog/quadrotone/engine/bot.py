"""The Quadrotone bot: samples moves, scores each with the engine, plays the best found.

Candidates come in a fixed order, every one played through `engine.apply` (so
each is legal, Q9 included, and scored exactly as the game scores it):

1. one-tile places: first tiles that carry a neighbour on (the neighbour's edge
   colours repeated across the free cell, so a line or band goes on, or the
   neighbour's look copied, so a block grows), then the best by a cheap count of
   same-coloured small squares touched, every one-colour tile on a cell with no
   such square around it, and a few random ones;
2. places of 2–8 tiles, grown greedily from the three best one-tile places
   while the limits (Q8) allow that many tiles;
3. rearrangements (Q7): tiles moved to carry a neighbour on, turned in place,
   or moved at random, alone or several of the best together;
   in the reverse variant turns and swaps (Q22) within Q23 and Q24 instead.

The most points wins; among equals a place (or a turn) before a rearrangement
(or a swap), fewer tiles before more, the earlier candidate before the later —
so a move that scores nothing is the best-ranked one-tile place, keeping the
scarce rows of the limits. With no possible move the bot passes
({"pass": "no_moves"}).

The random choices are seeded with the position, and at most MAX_EVALUATIONS
candidates are tried (the list usually runs out first, in 0.1–0.4 s), so the same
position gives the same move whenever the time budget (2 s by default) is not
what stops the search. That is the "normal" level; "easy" tries a short list
(EASY: the few best-ranked places, grown little) and "strong" the normal list and
then a longer one (STRONG: about three times as many candidates of every kind,
more of them grown), within the same budget.
"""

import random
import time
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from games.catalog.quadrotone.engine.board import CELLS, SIDE, Board
from games.catalog.quadrotone.engine.moves import MAX_TILES, reverse_allowance
from games.catalog.quadrotone.engine.tiles import BLOCKS
from games.engines.base import IllegalMove

DEFAULT_BUDGET = 2.0  # seconds
MAX_EVALUATIONS = 1200
RANKED_SINGLES = 60  # one-tile places tried by rank
RANDOM_SINGLES = 16
GROW_FROM = 3  # the best one-tile moves grown into larger ones
GROW_CHOICES = 4  # tiles tried at each step of growing
RANKED_TURNS = 40
RANKED_SWAPS = 30


@dataclass(frozen=True)
class Effort:
    """How many candidates of each kind a level tries (the constants above: "normal")."""

    evaluations: int = MAX_EVALUATIONS
    ranked_singles: int = RANKED_SINGLES
    random_singles: int = RANDOM_SINGLES
    grow_from: int = GROW_FROM
    grow_choices: int = GROW_CHOICES
    ranked_turns: int = RANKED_TURNS
    ranked_swaps: int = RANKED_SWAPS


NORMAL = Effort()
EASY = Effort(
    evaluations=60,
    ranked_singles=12,
    random_singles=4,
    grow_from=1,
    grow_choices=2,
    ranked_turns=8,
    ranked_swaps=6,
)
STRONG = Effort(
    evaluations=4000,
    ranked_singles=180,
    random_singles=40,
    grow_from=8,
    grow_choices=8,
    ranked_turns=120,
    ranked_swaps=90,
)

# The 12 small squares around a cell in its 4×4 window, and which of the cell's four
# squares (index 2·dy + dx, as BLOCKS lays them out) each one touches by side or corner.
_RING = [(wx, wy) for wy in range(4) for wx in range(4) if not (1 <= wx <= 2 and 1 <= wy <= 2)]
_TOUCH = np.array(
    [
        [1.0 if max(abs(wx - 1 - dx), abs(wy - 1 - dy)) == 1 else 0.0 for (wx, wy) in _RING]
        for dy in (0, 1)
        for dx in (0, 1)
    ]
)  # (4, 12)


def _rings(grid: np.ndarray, cells: np.ndarray) -> np.ndarray:
    """(len(cells), 12) colours around each cell (-2 off the board)."""
    padded = np.pad(grid, 1, constant_values=-2)
    xs = np.array([wx for wx, _wy in _RING])
    ys = np.array([wy for _wx, wy in _RING])
    cx, cy = 2 * (cells % SIDE), 2 * (cells // SIDE)
    return padded[cy[:, None] + ys[None, :], cx[:, None] + xs[None, :]]


def _affinity(rings: np.ndarray, colourings: np.ndarray) -> np.ndarray:
    """(cells, colourings) count of same-colour touches between the ring and the tile."""
    total = np.zeros((len(rings), len(colourings)))
    for colour in range(4):
        ring = (rings == colour).astype(float)  # (M, 12)
        tile = (colourings == colour).astype(float)  # (N, 4)
        total += ring @ _TOUCH.T @ tile.T
    return total


class _Search:
    def __init__(self, engine: Any, state: Any, budget: float, effort: Effort = NORMAL) -> None:
        self.effort = effort
        self.engine = engine
        self.state = state
        self.deadline = time.perf_counter() + budget
        self.seat = state.current()
        self.limits = state.limits[self.seat]
        board: Board = state.board
        seed = zlib.crc32(f"{board.encode()}/{state.moves_made}/{state.turn}".encode())
        self.chooser = random.Random(seed)
        self.tried: set[str] = set()
        # Points of the moves tried, read back (not tried again) once `recall` is on.
        self.known: dict[str, int | None] = {}
        self.recall = False
        self.evaluations = 0
        self.best: tuple[tuple, Any] | None = None
        self.order = 0

    def out_of_time(self) -> bool:
        return self.evaluations >= self.effort.evaluations or time.perf_counter() > self.deadline

    def evaluate(self, move: dict) -> int | None:
        """Points of a move, or None when it is refused; remembers the best."""
        key = repr(move)
        if self.recall and key in self.known:
            return self.known[key]
        if key in self.tried or self.out_of_time():
            return None
        self.tried.add(key)
        self.evaluations += 1
        try:
            _after, step = self.engine.apply(self.state, move)
        except IllegalMove:
            self.known[key] = None
            return None
        self.known[key] = step.points
        ((kind, body),) = move.items()
        self.order += 1
        rank = (step.points, kind in ("place", "turn"), -len(body), -self.order)
        if self.best is None or rank > self.best[0]:
            self.best = (rank, move)
        return step.points

    def sizes(self, row: str, most: int) -> list[int]:
        """The move sizes 1..most that row `row` of the limits still allows."""
        return [k for k in range(1, min(most, MAX_TILES) + 1) if self.limits[row][k] > 0]


def _free_cells(board: Board) -> np.ndarray:
    return np.flatnonzero(board.tiles < 0)


def _colourings(hand: list[int]) -> tuple[np.ndarray, list[tuple[int, int]]]:
    """Every (tile, turn) of the hand with a distinct look, and its four colours."""
    seen: dict[bytes, tuple[int, int]] = {}
    for tile in hand:
        for turn in range(4):
            seen.setdefault(BLOCKS[tile, turn].tobytes(), (tile, turn))
    options = list(seen.values())
    colours = np.array([BLOCKS[tile, turn].reshape(4) for tile, turn in options], dtype=np.int8)
    return colours.reshape(-1, 4), options


def _continuations(board: Board) -> list[tuple[int, bytes]]:
    """(free cell, look) pairs that carry a neighbour on: its edge's two colours repeated
    across the cell (a line or a band goes on), or the neighbour's own look (a block grows).
    A look is a 2×2 of colours as BLOCKS lays them out, as bytes."""
    grid, tiles = board.grid, board.tiles
    found: dict[tuple[int, bytes], None] = {}
    for cell in np.flatnonzero(tiles < 0).tolist():
        c, r = cell % SIDE, cell // SIDE
        x, y = 2 * c, 2 * r
        for dc, dr in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            nc, nr = c + dc, r + dr
            if not (0 <= nc < SIDE and 0 <= nr < SIDE) or tiles[nc + SIDE * nr] < 0:
                continue
            if dc:
                edge = grid[y : y + 2, x - 1 if dc < 0 else x + 2]  # bottom, top
                look = np.repeat(edge[:, None], 2, axis=1)
            else:
                edge = grid[y - 1 if dr < 0 else y + 2, x : x + 2]  # left, right
                look = np.repeat(edge[None, :], 2, axis=0)
            found[cell, look.astype(np.int8).tobytes()] = None
            found[cell, grid[2 * nr : 2 * nr + 2, 2 * nc : 2 * nc + 2].tobytes()] = None
    return list(found)


def _ranked_places(
    board: Board,
    hand: list[int],
    chooser: random.Random,
    count: int,
    random_singles: int = RANDOM_SINGLES,
) -> Iterator[tuple[int, int, int]]:
    """(tile, cell, turn) one-tile places: tiles that carry a neighbour on (`_continuations`)
    first, then the best-ranked by same-colour touches, one-colour tiles on quiet cells and a
    few random ones."""
    free = _free_cells(board)
    if not len(free) or not hand:
        return
    colourings, options = _colourings(hand)
    looks = {colourings[n].tobytes(): option for n, option in enumerate(options)}
    for cell, look in _continuations(board):
        if look in looks:
            tile, turn = looks[look]
            yield tile, cell, turn
    rings = _rings(board.grid, free)
    scores = _affinity(rings, colourings)
    order = np.argsort(-scores, axis=None, kind="stable")[:count]
    for flat in order.tolist():
        m, n = divmod(flat, len(options))
        tile, turn = options[n]
        yield tile, int(free[m]), turn
    for n, (tile, turn) in enumerate(options):
        if len(set(colourings[n].tolist())) == 1:
            quiet = np.flatnonzero(scores[:, n] == 0)
            if len(quiet):
                yield tile, int(free[quiet[chooser.randrange(len(quiet))]]), turn
    for _ in range(random_singles):
        tile, turn = options[chooser.randrange(len(options))]
        yield tile, int(free[chooser.randrange(len(free))]), turn


def _place(entries: list[tuple[int, int, int]]) -> dict:
    return {"place": [[tile, cell % SIDE, cell // SIDE, turn] for tile, cell, turn in entries]}


def _search_places(search: _Search) -> None:
    state = search.state
    hand = sorted(state.hands[search.seat])
    free = CELLS - state.board.occupied()
    sizes = search.sizes("place", min(len(hand), free))
    if not sizes:
        return
    scored: list[tuple[int, int, tuple[int, int, int]]] = []
    effort = search.effort
    ranked = _ranked_places(
        state.board, hand, search.chooser, effort.ranked_singles, effort.random_singles
    )
    for n, entry in enumerate(ranked):
        if 1 in sizes:
            points = search.evaluate(_place([entry]))
            if points is not None:
                scored.append((-points, n, entry))
        else:
            scored.append((0, n, entry))
        if search.out_of_time():
            break
    scored.sort()
    larger = [k for k in sizes if k > 1]
    for _points, _n, first in scored[: effort.grow_from]:
        _grow_place(search, [first], hand, larger)


def _grow_place(search: _Search, chosen: list, hand: list[int], sizes: list[int]) -> None:
    """Add tiles one by one, each time the one that scores most with the others."""
    board = search.state.board
    while sizes and len(chosen) < sizes[-1] and not search.out_of_time():
        used = {tile for tile, _cell, _turn in chosen}
        partial = board.changed({cell: (tile, turn) for tile, cell, turn in chosen})
        left = [tile for tile in hand if tile not in used]
        best: tuple[int, list] | None = None
        choices = search.effort.grow_choices
        extra = search.effort.random_singles
        ranked = _ranked_places(partial, left, search.chooser, choices, extra)
        for n, entry in enumerate(ranked):
            if n >= choices:
                break
            attempt = [*chosen, entry]
            if len(attempt) in sizes:
                points = search.evaluate(_place(attempt))
                if points is not None and (best is None or points > best[0]):
                    best = (points, attempt)
            elif best is None:
                best = (0, attempt)
        if best is None:
            return
        chosen = best[1]


def _turn_candidates(board: Board, cells: np.ndarray, count: int) -> list[tuple[int, int]]:
    """(cell, quarter turns) for tiles turned in place, those touching most of their colour
    after the turn first."""
    if not len(cells):
        return []
    rings = _rings(board.grid, cells)
    found = []
    for turns in (1, 2, 3):
        colourings = BLOCKS[board.tiles[cells], (board.turns[cells] + turns) % 4].reshape(-1, 4)
        ring_match = np.zeros(len(cells))
        for colour in range(4):
            ring = (rings == colour).astype(float)
            tile = (colourings == colour).astype(float)
            ring_match += np.einsum("mj,ij,mi->m", ring, _TOUCH, tile)
        found.extend(
            (-score, int(cell), turns) for score, cell in zip(ring_match, cells, strict=True)
        )
    found.sort()
    return [(cell, turns) for _score, cell, turns in found[:count]]


def _moving_on(board: Board, occupied: np.ndarray) -> list[list[int]]:
    """Rearrange entries that move a tile on the board to a free cell where it carries a
    neighbour on (`_continuations`), turned as needed."""
    looks: dict[bytes, tuple[int, int]] = {}
    for cell in occupied.tolist():
        tile, turn = board.tile(cell), board.turn(cell)
        for extra in range(4):
            looks.setdefault(BLOCKS[tile, (turn + extra) % 4].tobytes(), (cell, extra))
    entries = []
    for target, look in _continuations(board):
        if look in looks:
            source, extra = looks[look]
            entries.append([source % SIDE, source // SIDE, target % SIDE, target // SIDE, extra])
    return entries


def _search_rearranges(search: _Search) -> None:
    state = search.state
    board: Board = state.board
    occupied = np.flatnonzero(board.tiles >= 0)
    sizes = search.sizes("rearrange", len(occupied))
    if not sizes:
        return
    count = search.effort.ranked_turns
    moves: list[list[int]] = _moving_on(board, occupied)[:count]
    turns = _turn_candidates(board, occupied, count)
    moves += [[cell % SIDE, cell // SIDE, cell % SIDE, cell // SIDE, turn] for cell, turn in turns]
    free = _free_cells(board)
    if len(free):
        for _ in range(count):
            source = int(occupied[search.chooser.randrange(len(occupied))])
            target = int(free[search.chooser.randrange(len(free))])
            moves.append(
                [
                    source % SIDE,
                    source // SIDE,
                    target % SIDE,
                    target // SIDE,
                    search.chooser.randrange(4),
                ]
            )
    scored = []
    for n, entry in enumerate(moves):
        if 1 in sizes:
            points = search.evaluate({"rearrange": [entry]})
            if points is not None:
                scored.append((-points, n, entry))
        if search.out_of_time():
            break
    scored.sort()
    _grow_entries(search, "rearrange", [entry for _p, _n, entry in scored], sizes)


def _grow_entries(search: _Search, kind: str, ranked: list[list[int]], sizes: list[int]) -> None:
    """Moves of 2..8 entries made of the best single ones on distinct cells, best first."""
    larger = [k for k in sizes if k > 1]
    if not larger:
        return
    chosen: list[list[int]] = []
    for entry in ranked:
        if search.out_of_time() or len(chosen) >= larger[-1]:
            return
        cells = {tuple(e[:2]) for e in chosen} | {tuple(e[2:4]) for e in chosen if len(e) == 5}
        if tuple(entry[:2]) in cells or (len(entry) == 5 and tuple(entry[2:4]) in cells):
            continue
        chosen.append(entry)
        if len(chosen) in larger:
            search.evaluate({kind: [list(e) for e in chosen]})


def _search_reverse(search: _Search) -> None:
    state = search.state
    board: Board = state.board
    most = reverse_allowance(state.moves_made[search.seat])
    sizes = search.sizes("reverse", most)
    if not sizes:
        return
    cells = np.arange(CELLS)
    turns = _turn_candidates(board, cells, search.effort.ranked_turns)
    ranked_turns = [[cell % SIDE, cell // SIDE, turn] for cell, turn in turns]
    scored = []
    if 1 in sizes:
        for n, entry in enumerate(ranked_turns):
            points = search.evaluate({"turn": [entry]})
            if points is not None:
                scored.append((-points, n, entry))
            if search.out_of_time():
                break
        scored.sort()
        ranked_turns = [entry for _p, _n, entry in scored]
    _grow_entries(search, "turn", ranked_turns, sizes)
    if 2 not in sizes:
        return
    for _ in range(search.effort.ranked_swaps):
        a = search.chooser.randrange(CELLS)
        near = [
            b
            for b in (a + 1, a - 1, a + SIDE, a - SIDE, a + SIDE + 1, a - SIDE - 1)
            if 0 <= b < CELLS and abs(b % SIDE - a % SIDE) <= 1
        ]
        b = near[search.chooser.randrange(len(near))]
        swap = [
            [a % SIDE, a // SIDE, b % SIDE, b // SIDE, search.chooser.randrange(4)],
            [b % SIDE, b // SIDE, a % SIDE, a // SIDE, search.chooser.randrange(4)],
        ]
        search.evaluate({"swap": swap})
        if search.out_of_time():
            return


def _any_move(search: _Search) -> dict | None:
    """A legal move found by plain enumeration, for when the sampling found none."""
    state = search.state
    board: Board = state.board
    search.deadline = float("inf")  # a move must be found; enumeration is quick to hit one
    seat_limits = search.limits
    if state.options.reverse:
        for k in range(1, reverse_allowance(state.moves_made[search.seat]) + 1):
            if seat_limits["reverse"][k] <= 0:
                continue
            for start in range(0, CELLS - k + 1):
                move = {"turn": [[c % SIDE, c // SIDE, 1] for c in range(start, start + k)]}
                if _legal(search, move):
                    return move
        return None
    hand = sorted(state.hands[search.seat])
    free = _free_cells(board).tolist()
    for k in range(1, min(MAX_TILES, len(hand), len(free)) + 1):
        if seat_limits["place"][k] > 0:
            for start in range(0, len(free) - k + 1):
                move = _place(list(zip(hand[:k], free[start : start + k], [0] * k, strict=True)))
                if _legal(search, move):
                    return move
    occupied = np.flatnonzero(board.tiles >= 0).tolist()
    for k in range(1, min(MAX_TILES, len(occupied)) + 1):
        if seat_limits["rearrange"][k] > 0:
            for start in range(0, len(occupied) - k + 1):
                cells = occupied[start : start + k]
                move = {"rearrange": [[c % SIDE, c // SIDE, c % SIDE, c // SIDE, 1] for c in cells]}
                if _legal(search, move):
                    return move
    return None


def _legal(search: _Search, move: dict) -> bool:
    try:
        search.engine.apply(search.state, move)
    except IllegalMove:
        return False
    return True


LEVELS = {"easy": EASY, "normal": NORMAL, "strong": STRONG}


def suggest_move(
    engine: Any, state: Any, budget: float = DEFAULT_BUDGET, effort: Effort = NORMAL
) -> dict:
    """The bot's move for the side to move in `state` (which is not over)."""
    seat = state.current()
    if not state.can_move(seat):
        return {"pass": "no_moves"}
    # A level above normal first tries the normal list, so that it finds every move the
    # normal level would, then the longer list with what time is left.
    rounds = [NORMAL, effort] if effort.evaluations > NORMAL.evaluations else [effort]
    search = _Search(engine, state, budget, rounds[0])
    for number, round_effort in enumerate(rounds):
        search.effort, search.recall = round_effort, number > 0
        if state.options.reverse:
            _search_reverse(search)
        else:
            _search_places(search)
            _search_rearranges(search)
    if search.best is not None:
        return search.best[1]
    return _any_move(search) or {"pass": "no_moves"}


__all__ = ["DEFAULT_BUDGET", "LEVELS", "suggest_move"]
