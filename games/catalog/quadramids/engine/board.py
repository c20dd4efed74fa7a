"""Quadramids board geometry (M1–M3, M10–M15), worked out once at import.

A cell is an int 0–63, `rank * 8 + file` (a1 = 0, h1 = 7, a8 = 56). A centre (a grid
intersection, M1) is named by the lower-left cell of its 2×2 square, so a centre
index is also an int 0–62 with file and rank at most 6 (`d4+` = 27). In moves a
*place* is either: cells are 0–63 and centres are CENTRE + index (64–126).
"""

FILES = "abcdefgh"
SIZE = 8
CELLS = SIZE * SIZE
CENTRE = 64  # places ≥ CENTRE are centres: place - CENTRE is the centre index
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))

CENTRAL, SECTOR, SIMPLE = "central", "sector", "simple"
VALUE = {CENTRAL: 64, SECTOR: 16, SIMPLE: 4}  # M14, M18
PRIORITY = {CENTRAL: 0, SECTOR: 1, SIMPLE: 2}  # M13: the most valuable drops in


def file_of(cell: int) -> int:
    return cell % SIZE


def rank_of(cell: int) -> int:
    return cell // SIZE


def at(file: int, rank: int) -> int | None:
    if 0 <= file < SIZE and 0 <= rank < SIZE:
        return rank * SIZE + file
    return None


def cell_name(cell: int) -> str:
    return f"{FILES[cell % SIZE]}{cell // SIZE + 1}"


def place_name(place: int) -> str:
    return cell_name(place - CENTRE) + "+" if place >= CENTRE else cell_name(place)


def move_payload(a: int | None, b: int) -> list:
    """A move as the API writes it: a put on cell `b` (`a` None), or a move from place `a`
    to place `b`."""
    if a is None:
        return ["put", cell_name(b)]
    return ["move", place_name(a), place_name(b)]


def parse_place(text: object) -> int | None:
    """The place a name stands for ("d4" → 27, "d4+" → 64 + 27), None when it names none."""
    if not isinstance(text, str) or len(text) not in (2, 3):
        return None
    file = FILES.find(text[0])
    if file < 0 or text[1] not in "12345678":
        return None
    rank = int(text[1]) - 1
    if len(text) == 2:
        return rank * SIZE + file
    if text[2] != "+" or file > SIZE - 2 or rank > SIZE - 2:
        return None
    return CENTRE + rank * SIZE + file


# M3: entries (black cells); capital; golden cities.
ENTRIES = frozenset(
    parse_place(name)  # type: ignore[misc]
    for name in ("a1", "h1", "a8", "h8", "d1", "e1", "d8", "e8", "a4", "a5", "h4", "h5")
)
ENTRY_LIST = tuple(sorted(ENTRIES))
CAPITAL_CENTRE = 3 * SIZE + 3  # d4+
GOLDEN_CENTRES = (1 * SIZE + 1, 1 * SIZE + 5, 5 * SIZE + 1, 5 * SIZE + 5)  # b2+ f2+ b6+ f6+
CIRCLES = (CAPITAL_CENTRE, *GOLDEN_CENTRES)
CAPITAL = frozenset((27, 28, 35, 36))
GOLDEN = frozenset(c + d for c in GOLDEN_CENTRES for d in (0, 1, SIZE, SIZE + 1))


def colour(cell: int) -> str:
    """M3's colour of a cell: capital, golden, entry, city or plain."""
    if cell in CAPITAL:
        return "capital"
    if cell in GOLDEN:
        return "golden"
    if cell in ENTRIES:
        return "entry"
    if file_of(cell) in (0, SIZE - 1) or rank_of(cell) in (0, SIZE - 1):
        return "city"
    return "plain"


def sector_of(cell: int) -> int:
    """M2: 0 = a1–d4, 1 = e1–h4, 2 = a5–d8, 3 = e5–h8."""
    return (rank_of(cell) // 4) * 2 + file_of(cell) // 4


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        n for n in (at(file_of(c) + dx, rank_of(c) + dy) for dx, dy in DIRECTIONS) if n is not None
    )
    for c in range(CELLS)
)

# RAYS[cell][d]: the cells from `cell` outward in direction d, nearest first.
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(
            n
            for n in (at(file_of(c) + dx * k, rank_of(c) + dy * k) for k in range(1, SIZE))
            if n is not None
        )
        for dx, dy in DIRECTIONS
    )
    for c in range(CELLS)
)

CENTRES = tuple(r * SIZE + f for r in range(SIZE - 1) for f in range(SIZE - 1))


def _kind(centre: int) -> str:
    if centre == CAPITAL_CENTRE:
        return CENTRAL
    if centre in GOLDEN_CENTRES:
        return SECTOR
    return SIMPLE


KIND = {c: _kind(c) for c in CENTRES}
SQUARE = {c: (c, c + 1, c + SIZE, c + SIZE + 1) for c in CENTRES}  # M10: its four cells
SQUARES_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in CENTRES if cell in SQUARE[c]) for cell in range(CELLS)
)


def _around(centre: int) -> tuple[int, ...]:
    """M11: the cells orthogonally adjacent to the square (outside it)."""
    f, r = file_of(centre), rank_of(centre)
    spots = ((f - 1, r), (f - 1, r + 1), (f + 2, r), (f + 2, r + 1))
    spots += ((f, r - 1), (f + 1, r - 1), (f, r + 2), (f + 1, r + 2))
    return tuple(sorted(c for c in (at(x, y) for x, y in spots) if c is not None))


AROUND = {c: _around(c) for c in CENTRES}
# APEX_DOORS[cell]: the centres whose square `cell` is orthogonally next to (M11).
APEX_DOORS: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in CENTRES if cell in AROUND[c]) for cell in range(CELLS)
)


def _block(centre: int) -> tuple[int, ...]:
    """M12: the cells of the 4×4 block centred on the square, on the board."""
    f, r = file_of(centre), rank_of(centre)
    cells = (at(x, y) for y in range(r - 1, r + 3) for x in range(f - 1, f + 3))
    return tuple(c for c in cells if c is not None and c not in SQUARE[centre])


# M12: where an apex (or, M15, a blocker) of a centre's kind may go.
REGION = {c: tuple(range(CELLS)) if KIND[c] == CENTRAL else _block(c) for c in CENTRES}


def _corners(centre: int) -> tuple[tuple[int, int, int, int], ...]:
    """M14: (s, side, side, diagonal) for every corner s whose area is on the board."""
    f, r = file_of(centre), rank_of(centre)
    out = []
    corners = ((f, r, -1, -1), (f + 1, r, 1, -1), (f, r + 1, -1, 1), (f + 1, r + 1, 1, 1))
    for sx, sy, dx, dy in corners:
        s = at(sx, sy)
        one, two, diagonal = at(sx + dx, sy), at(sx, sy + dy), at(sx + dx, sy + dy)
        if s is not None and one is not None and two is not None and diagonal is not None:
            out.append((s, one, two, diagonal))
    return tuple(out)


CORNERS = {c: _corners(c) for c in CENTRES}
# ATTACKS_FROM[cell]: (centre, s, side, side) of every M14/M17 pattern whose third figure
# stands on `cell`.
ATTACKS_FROM: tuple[tuple[tuple[int, int, int, int], ...], ...] = tuple(
    tuple(
        (c, s, one, two)
        for c in CENTRES
        for s, one, two, diagonal in CORNERS[c]
        if diagonal == cell
    )
    for cell in range(CELLS)
)
# AREA_OF[cell]: (centre, s) for every corner s of a square whose area holds `cell` (M14, M15).
AREA_OF: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(
        (c, s)
        for c in CENTRES
        for s, one, two, diagonal in CORNERS[c]
        if cell in (one, two, diagonal)
    )
    for cell in range(CELLS)
)
