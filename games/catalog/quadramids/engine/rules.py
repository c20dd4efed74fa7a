"""Quadramids moves M5–M17 on a mutable position: what a move is, what it does, which exist.

`Position` is the board alone (cells, centres, hands, removed figures) and is changed
in place; the engine copies it before a move so that its states stay values. Seats
are indexes 0–3 here; the engine names them "1"–"4".
"""

from collections.abc import Iterator

from games.catalog.quadramids.engine.board import (
    APEX_DOORS,
    AREA_OF,
    AROUND,
    ATTACKS_FROM,
    CELLS,
    CENTRAL,
    CENTRE,
    CENTRES,
    CORNERS,
    ENTRIES,
    ENTRY_LIST,
    KIND,
    NEIGHBOURS,
    PRIORITY,
    RAYS,
    REGION,
    SECTOR,
    SQUARE,
    SQUARES_OF,
    VALUE,
    cell_name,
    file_of,
    place_name,
    rank_of,
)
from games.engines.base import IllegalMove

EMPTY = -1
APEX, BLOCKER = "apex", "blocker"


def seat_name(seat: int) -> str:
    return str(seat + 1)


class Position:
    """Figures on cells, figures on centres (seat, role), hands and figures removed for good."""

    __slots__ = ("cells", "centres", "hands", "removed")

    def __init__(
        self,
        cells: list[int],
        centres: dict[int, tuple[int, str]],
        hands: list[int],
        removed: list[int],
    ) -> None:
        self.cells = cells
        self.centres = centres
        self.hands = hands
        self.removed = removed

    def copy(self) -> "Position":
        return Position(list(self.cells), dict(self.centres), list(self.hands), list(self.removed))

    # -- reading ----------------------------------------------------------------
    def square_owner(self, centre: int) -> int:
        """M10: the seat whose four figures stand on the centre's square, else EMPTY."""
        cells = self.cells
        a, b, c, d = SQUARE[centre]
        owner = cells[a]
        if owner != EMPTY and cells[b] == owner and cells[c] == owner and cells[d] == owner:
            return owner
        return EMPTY

    def in_square(self, cell: int) -> bool:
        """Whether the figure on `cell` is one of a square of its owner (M9 cannot reach it)."""
        owner = self.cells[cell]
        return any(self.square_owner(c) == owner for c in SQUARES_OF[cell])

    def on_board(self, seat: int) -> int:
        return self.cells.count(seat) + sum(1 for s, _ in self.centres.values() if s == seat)

    def income(self, seat: int) -> int:
        """M18: what the seat's unblocked pyramids bring at the start of its turn."""
        return sum(
            VALUE[KIND[c]] for c, (s, role) in self.centres.items() if s == seat and role == APEX
        )

    # -- changing ---------------------------------------------------------------
    def vacate(self, cell: int, spared: tuple[int, ...] = ()) -> None:
        """M13: `cell` has just been emptied; a figure on a centre over it drops in.

        The most valuable centre (central, sector, simple, then the lowest) drops into
        the cell; the others over it are removed for good. `spared` centres were
        already dealt with (M16).
        """
        over = [c for c in SQUARES_OF[cell] if c in self.centres and c not in spared]
        if not over:
            return
        over.sort(key=lambda c: (PRIORITY[KIND[c]], c))
        seat, _role = self.centres.pop(over[0])
        self.cells[cell] = seat
        for c in over[1:]:
            lost, _role = self.centres.pop(c)
            self.removed[lost] += 1

    def remove_cell(self, cell: int) -> None:
        """A figure on a cell leaves the game for good (M9, M15, M19)."""
        self.removed[self.cells[cell]] += 1
        self.cells[cell] = EMPTY
        self.vacate(cell)


def refuse(code: str, message: str) -> IllegalMove:
    return IllegalMove(code, message)


def _line(a: int, b: int) -> tuple[int, int] | None:
    """(direction index, distance) when b is straight along a file or rank from a."""
    for d, ray in enumerate(RAYS[a]):
        if b in ray:
            return d, ray.index(b) + 1
    return None


def put(position: Position, cell: int, seat: int) -> str:
    """M5."""
    if position.hands[seat] <= 0:
        raise refuse("empty_hand", "You have no figure left in hand to put (M5).")
    if position.cells[cell] != EMPTY:
        raise refuse("occupied", f"{cell_name(cell)} is taken (M5).")
    if cell not in ENTRIES and all(position.cells[n] != seat for n in NEIGHBOURS[cell]):
        raise refuse(
            "put_not_allowed",
            f"{cell_name(cell)} is neither an entry nor next to one of your figures (M5).",
        )
    position.cells[cell] = seat
    position.hands[seat] -= 1
    return "put"


def move(position: Position, a: int, b: int, seat: int) -> tuple[str, int]:
    """Play ["move", a, b] for `seat` on the position; (kind of move, one-off points)."""
    if a >= CENTRE:
        return _centre_move(position, a - CENTRE, b, seat)
    cells = position.cells
    if cells[a] == EMPTY:
        raise refuse("not_your_figure", f"There is no figure on {cell_name(a)}.")
    if cells[a] != seat:
        raise refuse(
            "not_your_figure", f"The figure on {cell_name(a)} is seat {seat_name(cells[a])}'s."
        )
    if b >= CENTRE:
        return _onto_centre(position, a, b - CENTRE, seat)
    if cells[b] != EMPTY:
        raise refuse("occupied", f"{cell_name(b)} is taken (M7–M9).")
    line = _line(a, b)
    if line is not None:
        direction, distance = line
        ray = RAYS[a][direction]
        if distance == 1:
            _relocate(position, a, b)
            return "step", 0
        between = cells[ray[0]]
        if distance == 2 and between not in (EMPTY, seat):
            if position.in_square(ray[0]):
                raise refuse(
                    "move_not_allowed",
                    f"The figure on {cell_name(ray[0])} is one of a square: "
                    "an attack cannot take it (M9).",
                )
            cells[a] = EMPTY
            cells[b] = seat
            position.remove_cell(ray[0])
            position.vacate(a)
            return "attack", 1
        if distance % 2 == 0 and _jump_path(cells, ray, distance, seat):
            return _jump(position, a, ray, b, seat)
    if a in ENTRIES and b in ENTRIES:
        _relocate(position, a, b)
        return "entry", 0
    raise refuse(
        "move_not_allowed",
        f"{cell_name(a)} to {cell_name(b)} is no step, jump, attack or entry move (M6–M9).",
    )


def _jump_path(cells: list[int], ray: tuple[int, ...], distance: int, seat: int) -> bool:
    """M8: own, free, own, free … up to the free landing cell `distance` away."""
    return all(cells[ray[k]] == (seat if k % 2 == 0 else EMPTY) for k in range(distance - 1))


def _relocate(position: Position, a: int, b: int) -> None:
    seat = position.cells[a]
    position.cells[a] = EMPTY
    position.cells[b] = seat
    position.vacate(a)


def _jump(position: Position, a: int, ray: tuple[int, ...], b: int, seat: int) -> tuple[str, int]:
    """M8, with M16: a hop over a figure of the same square knocks out that square's blocker."""
    first = ray[0]
    freed = tuple(
        c
        for c in SQUARES_OF[a]
        if first in SQUARE[c] and c in position.centres and position.centres[c][1] == BLOCKER
    )
    for c in freed:
        blocker, _role = position.centres.pop(c)
        position.removed[blocker] += 1
    position.cells[a] = EMPTY
    position.cells[b] = seat
    position.vacate(a, spared=freed)
    return ("unblock", len(freed)) if freed else ("jump", 0)


def _onto_centre(position: Position, a: int, centre: int, seat: int) -> tuple[str, int]:
    """M11 (apex enters own square), M14 (capture an enemy pyramid), M17 (block a square)."""
    name = place_name(CENTRE + centre)
    owner = position.square_owner(centre)
    held = position.centres.get(centre)
    if owner == EMPTY:
        raise refuse("move_not_allowed", f"{name} is the centre of no square (M1, M11).")
    if owner == seat:
        if held is not None:
            raise refuse("occupied", f"{name} is taken (M11).")
        if a not in AROUND[centre]:
            raise refuse(
                "move_not_allowed",
                f"An apex enters {name} from a cell orthogonally next to its square (M11).",
            )
        position.cells[a] = EMPTY
        position.centres[centre] = (seat, APEX)
        position.vacate(a)
        return "apex", 0
    pattern = any(
        diagonal == a and position.cells[one] == seat and position.cells[two] == seat
        for _s, one, two, diagonal in CORNERS[centre]
    )
    if held is not None and not (held == (owner, APEX)):
        raise refuse("occupied", f"{name} already holds a blocker (M15).")
    if not pattern:
        rule = "M14" if held else "M17"
        raise refuse(
            "move_not_allowed",
            f"To take {name} your figures must stand on the two cells beside a corner of the "
            f"square and this one on the cell diagonal to it ({rule}).",
        )
    points = 0
    if held is not None:
        position.centres.pop(centre)
        position.removed[owner] += 1
        points = VALUE[KIND[centre]]
    position.cells[a] = EMPTY
    position.centres[centre] = (seat, BLOCKER)
    position.vacate(a)
    return ("capture", points) if held is not None else ("block", 0)


def _centre_move(position: Position, centre: int, b: int, seat: int) -> tuple[str, int]:
    """M12 (apex moves, the central apex's knock-out) and M15 (blocker moves and attacks)."""
    name = place_name(CENTRE + centre)
    held = position.centres.get(centre)
    if held is None:
        raise refuse("not_your_figure", f"There is no figure on {name}.")
    if held[0] != seat:
        raise refuse("not_your_figure", f"The figure on {name} is seat {seat_name(held[0])}'s.")
    role = held[1]
    kind = KIND[centre]
    if b >= CENTRE:
        target = b - CENTRE
        there = position.centres.get(target)
        if (
            role == APEX
            and kind == CENTRAL
            and there is not None
            and there[0] != seat
            and there[1] == APEX
            and KIND[target] == SECTOR
        ):
            position.centres.pop(centre)
            position.centres[target] = (seat, BLOCKER)
            position.removed[there[0]] += 1
            return "knockout", VALUE[SECTOR]
        if there is not None and there[0] == seat:
            raise refuse("occupied", f"{place_name(b)} is taken (M12).")
        raise refuse(
            "move_not_allowed",
            "No apex or blocker moves onto a centre, except the central apex onto an enemy "
            "sector apex (M12, M15).",
        )
    if position.cells[b] != EMPTY:
        raise refuse("occupied", f"{cell_name(b)} is taken (M12).")
    if b not in REGION[centre]:
        where = "the 4×4 block around its square"
        raise refuse(
            "move_not_allowed",
            f"The {kind} {role} on {name} moves to a free cell of {where} (M12, M15).",
        )
    position.centres.pop(centre)
    position.cells[b] = seat
    if role == APEX:
        return "apex_move", 0
    if kind == CENTRAL:
        return "blocker_move", 0
    return "blocker_move", _area_attack(position, b, seat)


def _area_attack(position: Position, cell: int, seat: int) -> int:
    """M15: a simple or sector blocker landing on a square figure's area removes it."""
    cells = position.cells
    targets = sorted(
        {
            (s, cells[s])
            for c, s in AREA_OF[cell]
            if cells[s] not in (EMPTY, seat) and position.square_owner(c) == cells[s]
        }
    )
    points = 0
    for s, owner in targets:
        if position.cells[s] == owner:
            position.remove_cell(s)
            points += 1
    return points


# -- which moves there are ----------------------------------------------------------


def moves_of(position: Position, seat: int) -> Iterator[tuple[int | None, int]]:
    """Every legal move of `seat` as (from, to); from is None for a put (M5)."""
    cells = position.cells
    if position.hands[seat] > 0:
        for cell in range(CELLS):
            if cells[cell] == EMPTY and (
                cell in ENTRIES or any(cells[n] == seat for n in NEIGHBOURS[cell])
            ):
                yield None, cell
    for a in range(CELLS):
        if cells[a] != seat:
            continue
        seen: set[int] = set()
        for ray in RAYS[a]:
            if not ray:
                continue
            first = cells[ray[0]]
            if first == EMPTY:
                seen.add(ray[0])
                yield a, ray[0]
                continue
            if len(ray) < 2 or cells[ray[1]] != EMPTY:
                continue
            if first != seat:
                if not position.in_square(ray[0]):
                    seen.add(ray[1])
                    yield a, ray[1]
                continue
            k = 1
            while k < len(ray) and cells[ray[k]] == EMPTY and cells[ray[k - 1]] == seat:
                seen.add(ray[k])
                yield a, ray[k]
                k += 2
        if a in ENTRIES:
            for b in ENTRY_LIST:
                if b != a and cells[b] == EMPTY and b not in seen:
                    yield a, b
        for c in APEX_DOORS[a]:
            if c not in position.centres and position.square_owner(c) == seat:
                yield a, CENTRE + c
        for c, _s, one, two in ATTACKS_FROM[a]:
            if cells[one] != seat or cells[two] != seat:
                continue
            owner = position.square_owner(c)
            if owner in (EMPTY, seat):
                continue
            held = position.centres.get(c)
            if held is None or held == (owner, APEX):
                yield a, CENTRE + c
    for centre, (owner, role) in sorted(position.centres.items()):
        if owner != seat:
            continue
        for b in REGION[centre]:
            if cells[b] == EMPTY:
                yield CENTRE + centre, b
        if role == APEX and KIND[centre] == CENTRAL:
            for target, (other, other_role) in sorted(position.centres.items()):
                if other != seat and other_role == APEX and KIND[target] == SECTOR:
                    yield CENTRE + centre, CENTRE + target


def has_move(position: Position, seat: int) -> bool:
    return next(moves_of(position, seat), None) is not None


def threatened(position: Position, seat: int) -> int:
    """How many of `seat`'s cell figures an enemy could take by an M9 attack now (for the CPU)."""
    cells = position.cells
    count = 0
    for cell in range(CELLS):
        if cells[cell] != seat:
            continue
        f, r = file_of(cell), rank_of(cell)
        exposed = False
        for n in NEIGHBOURS[cell]:
            enemy = cells[n]
            if enemy in (EMPTY, seat):
                continue
            behind_f, behind_r = 2 * f - file_of(n), 2 * r - rank_of(n)
            if 0 <= behind_f < 8 and 0 <= behind_r < 8 and cells[behind_r * 8 + behind_f] == EMPTY:
                exposed = True
                break
        if exposed and not position.in_square(cell):
            count += 1
    return count


def capture_threats(position: Position, seat: int) -> float:
    """Points of enemy squares and pyramids that `seat`'s figures stand ready to take (CPU).

    A corner of an enemy square whose three area cells hold `seat`'s figures is a
    capture (M14) or a block (M17) on `seat`'s next move: a pyramid's value counts in
    full, a square without an apex half. Two of the three with the third free count a
    quarter of that: one move more.
    """
    cells = position.cells
    threats = 0.0
    for centre in CENTRES:
        owner = position.square_owner(centre)
        if owner in (EMPTY, seat):
            continue
        held = position.centres.get(centre)
        if held is not None and held != (owner, APEX):
            continue  # already blocked
        value = VALUE[KIND[centre]] if held is not None else VALUE[KIND[centre]] / 2
        best = 0.0
        for _s, one, two, diagonal in CORNERS[centre]:
            area = (cells[one], cells[two], cells[diagonal])
            mine = area.count(seat)
            if mine == 3:
                best = value
                break
            if mine == 2 and EMPTY in area:
                best = max(best, value / 4)
        threats += best
    return threats
