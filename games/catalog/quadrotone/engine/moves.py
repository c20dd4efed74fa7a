"""Quadrotone moves: their payloads, and what each does to the board (Q6–Q9, Q22–Q24).

Payloads are those of the rules' game record:

    {"place": [[tile, c, r, turn], ...]}          Q6, turn absolute (0–3)
    {"rearrange": [[c, r, to_c, to_r, turn], ...]} Q7, turn relative (0–3)
    {"turn": [[c, r, turn], ...]}                 Q22 (reverse), turn relative (1–3)
    {"swap": [[c, r, to_c, to_r, turn], ...]}      Q22 (reverse), turn relative (0–3)
    {"pass": "timeout" | "no_moves"}              Q17
    {"resign": seat}, {"draw": true}               Q19
    {"out_of_time": seat}                         Q18: the seat's game clock is spent

`parse` checks the shape; `plan` checks a tile move against the position and
says which cells change, which cells the move covers (Q9) and which row of the
limits it uses (Q8, Q23).
"""

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.catalog.quadrotone.engine.board import SIDE, Board, cell_of
from games.catalog.quadrotone.engine.tiles import TILES
from games.engines.base import IllegalMove

SEATS = ("first", "second")
MAX_TILES = 8
TILE_MOVES = ("place", "rearrange", "turn", "swap")
ENTRY_SIZES = {"place": 4, "rearrange": 5, "turn": 3, "swap": 5}
PASSES = ("timeout", "no_moves")
TABLES = Path(__file__).with_name("tables.json")
NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")
# Q24: more than k tiles once the player has made this many tile moves (passes do not
# count): 2 tiles from the 3rd move, more than 2 from the 5th, more than 3 from the 7th.
REVERSE_FROM = {1: 2, 2: 4, 3: 6}


def _load_limits() -> dict[str, tuple[int, ...]]:
    """Q8 and Q23 from the tables file: per kind, the moves allowed by tiles (index 1–8)."""
    tables = json.loads(TABLES.read_text(encoding="utf-8"))["move_limits"]
    return {
        kind: tuple([0] + [int(tables[kind][str(k)]) for k in range(1, MAX_TILES + 1)])
        for kind in ("place", "rearrange", "reverse")
    }


LIMITS = _load_limits()
MAIN_ROWS = ("place", "rearrange")
REVERSE_ROWS = ("reverse",)


def malformed(detail: str) -> IllegalMove:
    return IllegalMove("malformed", f"{detail} (see the game record in the rules).")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse(move: Any) -> tuple[str, Any]:
    """(kind, body) of a payload whose shape is right, else IllegalMove('malformed')."""
    if not isinstance(move, Mapping) or len(move) != 1:
        raise malformed(f"A Quadrotone move is an object with one key; got {move!r}")
    ((kind, body),) = move.items()
    if kind in TILE_MOVES:
        size = ENTRY_SIZES[kind]
        if not isinstance(body, list | tuple) or not body:
            raise malformed(f'"{kind}" takes a list of tiles')
        for entry in body:
            if not (
                isinstance(entry, list | tuple)
                and len(entry) == size
                and all(_whole(number) for number in entry)
            ):
                raise malformed(f'Every "{kind}" entry is a list of {size} whole numbers')
        return kind, [list(entry) for entry in body]
    if kind == "pass":
        if body not in PASSES:
            raise malformed('"pass" is "timeout" or "no_moves"')
        return kind, body
    if kind in ("resign", "out_of_time"):
        if body not in SEATS:
            raise malformed(f'"{kind}" names a seat: "first" or "second"')
        return kind, body
    if kind == "draw":
        if body is not True:
            raise malformed('A draw is {"draw": true}')
        return kind, body
    raise malformed(f"There is no Quadrotone move {kind!r}")


@dataclass(frozen=True)
class Plan:
    """What a tile move does: the cells it sets or empties and the cells it covers (Q9)."""

    kind: str
    tiles: int  # how many tiles the move involves: its row of the limits
    row: str  # "place", "rearrange" or "reverse"
    changes: dict[int, tuple[int, int] | None]
    covered: tuple[int, ...]  # the cells the move's tiles end on
    placed: tuple[int, ...]  # the tiles that leave the hand


def _where(c: int, r: int) -> str:
    return f"cell ({c}, {r})"


def _cell(c: int, r: int, rule: str) -> int:
    if not (0 <= c < SIDE and 0 <= r < SIDE):
        raise IllegalMove("off_board", f"There is no {_where(c, r)}: c and r are 0–15 ({rule}).")
    return cell_of(c, r)


def _turn(turn: int, low: int, rule: str) -> int:
    if not low <= turn <= 3:
        raise IllegalMove(
            "bad_turn", f"A turn is {low}–3 quarter turns clockwise, not {turn} ({rule})."
        )
    return turn


def _count(kind: str, body: Sequence, low: int, rule: str) -> int:
    if not low <= len(body) <= MAX_TILES:
        raise IllegalMove(
            "tile_count",
            f"A {kind} move involves {low} to {MAX_TILES} tiles, not {len(body)} ({rule}).",
        )
    return len(body)


def limit_left(limits: Mapping[str, Sequence[int]], row: str, tiles: int) -> None:
    """Refuse a move when its row of the limits is used up (Q8, Q23)."""
    if limits[row][tiles] <= 0:
        noun = {"place": "places", "rearrange": "rearrangements", "reverse": "moves"}[row]
        rule = "Q23" if row == "reverse" else "Q8"
        allowed = LIMITS[row][tiles]
        what = f"{NUMBERS[tiles]}-tile {noun}"
        if allowed == 1:
            message = f"You have used your only {what[:-1]} ({rule})."
        else:
            message = f"You have used all {allowed} of your {what} ({rule})."
        raise IllegalMove("limit_reached", message)


def plan_place(board: Board, hand: frozenset[int], body: list[list[int]]) -> Plan:
    """Q6: 1–8 of your own unplaced tiles on free cells, each turned as you choose."""
    tiles = _count("place", body, 1, "Q6")
    changes: dict[int, tuple[int, int] | None] = {}
    seen: set[int] = set()
    for tile, c, r, turn in body:
        if not 0 <= tile < TILES:
            raise IllegalMove("unknown_tile", f"There is no tile {tile}: ids are 0–255 (Q2).")
        cell = _cell(c, r, "Q1")
        _turn(turn, 0, "Q2")
        if tile in seen:
            raise IllegalMove("duplicate_tile", f"Tile {tile} is listed twice (Q6).")
        seen.add(tile)
        if tile not in hand:
            raise IllegalMove("not_your_tile", f"Tile {tile} is not in your hand (Q6).")
        if board.tile(cell) >= 0 or cell in changes:
            raise IllegalMove("cell_taken", f"The {_where(c, r)} is not free (Q6).")
        changes[cell] = (tile, turn)
    return Plan("place", tiles, "place", changes, tuple(changes), tuple(seen))


def _moves(
    board: Board, body: list[list[int]], kind: str, rule: str, *, must_move: bool
) -> tuple[dict[int, tuple[int, int] | None], tuple[int, ...], set[int]]:
    """The changes of tiles taken from their cells and put (turned) on others: Q7, Q22."""
    sources: dict[int, tuple[int, int]] = {}
    targets: dict[int, tuple[int, int]] = {}
    for c, r, to_c, to_r, turn in body:
        source, target = _cell(c, r, "Q1"), _cell(to_c, to_r, "Q1")
        _turn(turn, 0, "Q2")
        tile = board.tile(source)
        if tile < 0:
            raise IllegalMove("empty_cell", f"The {_where(c, r)} holds no tile ({rule}).")
        if source in sources:
            raise IllegalMove(
                "duplicate_tile", f"The tile on {_where(c, r)} is listed twice ({rule})."
            )
        if target in targets:
            raise IllegalMove(
                "cell_taken", f"Two tiles cannot go to {_where(to_c, to_r)} ({rule})."
            )
        if must_move and source == target:
            raise IllegalMove(
                "no_change",
                f"In a {kind} every tile changes its cell; {_where(c, r)} does not ({rule}).",
            )
        if source == target and turn == 0:
            raise IllegalMove(
                "no_change",
                f"The tile on {_where(c, r)} neither moves nor turns; "
                f"every tile listed must ({rule}).",
            )
        sources[source] = (c, r)
        targets[target] = (tile, (board.turn(source) + turn) % 4)
    for target in targets:
        if target not in sources and board.tile(target) >= 0:
            c, r = target % SIDE, target // SIDE
            raise IllegalMove(
                "cell_taken", f"The {_where(c, r)} holds a tile that does not move ({rule})."
            )
    changes: dict[int, tuple[int, int] | None] = dict.fromkeys(sources)
    changes.update(targets)
    return changes, tuple(targets), set(sources)


def plan_rearrange(board: Board, body: list[list[int]]) -> Plan:
    """Q7: 1–8 tiles on the board (anyone's) moved, swapped and/or turned."""
    tiles = _count("rearrange", body, 1, "Q7")
    changes, covered, _sources = _moves(board, body, "rearrangement", "Q7", must_move=False)
    return Plan("rearrange", tiles, "rearrange", changes, covered, ())


def plan_turn(board: Board, body: list[list[int]]) -> Plan:
    """Q22: 1–8 tiles turned in place, each by 1–3 quarter turns."""
    tiles = _count("turn", body, 1, "Q22")
    changes: dict[int, tuple[int, int] | None] = {}
    for c, r, turn in body:
        cell = _cell(c, r, "Q1")
        _turn(turn, 1, "Q22")
        tile = board.tile(cell)
        if tile < 0:
            raise IllegalMove("empty_cell", f"The {_where(c, r)} holds no tile (Q22).")
        if cell in changes:
            raise IllegalMove(
                "duplicate_tile", f"The tile on {_where(c, r)} is listed twice (Q22)."
            )
        changes[cell] = (tile, (board.turn(cell) + turn) % 4)
    return Plan("turn", tiles, "reverse", changes, tuple(changes), ())


def plan_swap(board: Board, body: list[list[int]]) -> Plan:
    """Q22: 2–8 tiles take each other's places (any permutation), any of them turned."""
    tiles = _count("swap", body, 2, "Q22")
    changes, covered, sources = _moves(board, body, "swap", "Q22", must_move=True)
    if set(covered) != sources:
        raise IllegalMove("not_a_swap", "The tiles of a swap take each other's places (Q22).")
    return Plan("swap", tiles, "reverse", changes, covered, ())


PLANNERS = {"rearrange": plan_rearrange, "turn": plan_turn, "swap": plan_swap}


def reverse_allowance(moves_made: int) -> int:
    """Q24: the most tiles a reverse-variant move may involve, by the player's moves so far."""
    if moves_made >= REVERSE_FROM[3]:
        return MAX_TILES
    if moves_made >= REVERSE_FROM[2]:
        return 3
    return 2 if moves_made >= REVERSE_FROM[1] else 1


def check_allowance(tiles: int, moves_made: int) -> None:
    allowed = reverse_allowance(moves_made)
    if tiles > allowed:
        nth = {2: "3rd", 3: "5th", 4: "7th"}[min(tiles, 4)]
        what = "2 tiles" if tiles == 2 else f"more than {min(tiles, 4) - 1} tiles"
        raise IllegalMove("too_early", f"You may involve {what} from your {nth} move on (Q24).")


def new_limits(reverse: bool) -> dict[str, list[int]]:
    """A player's limits at the start: moves left per row, indexed by tiles (1–8)."""
    return {row: list(LIMITS[row]) for row in (REVERSE_ROWS if reverse else MAIN_ROWS)}


def has_moves(
    *,
    reverse: bool,
    limits: Mapping[str, Sequence[int]],
    hand: int,
    free: int,
    on_board: int,
    moves_made: int,
) -> bool:
    """Q17: whether a player has a usable row of the limits with the tiles and cells at hand
    (Q9 aside)."""
    if reverse:
        most = min(reverse_allowance(moves_made), on_board)
        return any(limits["reverse"][k] > 0 for k in range(1, most + 1))
    placing = min(MAX_TILES, hand, free)
    if any(limits["place"][k] > 0 for k in range(1, placing + 1)):
        return True
    moving = min(MAX_TILES, on_board)
    return any(limits["rearrange"][k] > 0 for k in range(1, moving + 1))
