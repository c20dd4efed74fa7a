"""The Quadrotone board as SVG: 16×16 cells of 2×2 coloured squares, the last move's
squares, and the patterns the last move scored, numbered 1, 2, 3… in scoring order.

Moves are composed by the page's Quadrotone script (several tiles, turns, places), so the
board names its composer and declares its cells as the click grid: cell (c, r), counted
from 0 at the lower left, is grid point (c+1, r+1).
"""

import json
from html import escape

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

SQUARE = 12
CELL = 2 * SQUARE
LEFT = 24
TOP = 10
BOTTOM = 22
RIGHT = 10
SIDE = 16
COLOUR_CLASSES = {"R": "q-red", "G": "q-green", "B": "q-blue", "Y": "q-yellow"}

# The engine names the default catalogue's patterns in English: here are those names in the
# reader's language. A pattern of another catalogue keeps the name its file gives.
PATTERN_NAMES = {
    "line of 4": _("line of 4"),
    "line of 5": _("line of 5"),
    "line of 6": _("line of 6"),
    "line of 7": _("line of 7"),
    "line of 8": _("line of 8"),
    "2×2 block": _("2×2 block"),
    "3×3 block": _("3×3 block"),
    "3×3 ring": _("3×3 ring"),
    "4×4 frame": _("4×4 frame"),
    "plus": _("plus"),
    "cross": _("cross"),
    "T": _("T"),
    "L": _("L"),
    "diagonal of 4": _("diagonal of 4"),
    "X": _("X"),
    "2×2 block beside a 2×2 block": _("2×2 block beside a 2×2 block"),
    "3×3 ring around a square": _("3×3 ring around a square"),
    "4×4 frame around a 2×2 block": _("4×4 frame around a 2×2 block"),
    "line of 4 above a line of 4": _("line of 4 above a line of 4"),
    "3×3 checkerboard": _("3×3 checkerboard"),
}
# Chains (Q15) and enclosures (Q16) are named by their size in small squares.
SIZED_NAMES = {
    "chain of ": _("chain of %(size)s"),
    "enclosure of ": _("enclosure of %(size)s"),
}
# The corner colours of a tile in words, for a screen reader (the letters are the rules').
COLOUR_NAMES = {
    "R": pgettext_lazy("tile colour", "red"),
    "G": pgettext_lazy("tile colour", "green"),
    "B": pgettext_lazy("tile colour", "blue"),
    "Y": pgettext_lazy("tile colour", "yellow"),
}


def pattern_name(name: str) -> str:
    """A pattern's name, as the engine gives it, in the reader's language."""
    for start, sized in SIZED_NAMES.items():
        size = name.removeprefix(start)
        if size != name and size.isdigit():
            return str(sized) % {"size": size}
    known = PATTERN_NAMES.get(name)
    return str(known) if known else name


def colour_words(tile: int) -> str:
    """A tile's corner colours in words, top left first and clockwise."""
    from games.catalog.quadrotone.engine.tiles import letters

    return ", ".join(str(COLOUR_NAMES[letter]) for letter in letters(tile))


def _corner(x: int, y: int) -> tuple[int, int]:
    """The SVG corner (left, top) of small square (x, y), y counted up from the bottom."""
    return LEFT + x * SQUARE, TOP + (2 * SIDE - 1 - y) * SQUARE


def _squares(colours: list[str]) -> list[str]:
    """One rectangle per run of one colour along a row of small squares."""
    shapes = []
    for y, row in enumerate(colours):
        x = 0
        while x < len(row):
            colour = row[x]
            end = x
            while end + 1 < len(row) and row[end + 1] == colour:
                end += 1
            if colour in COLOUR_CLASSES:
                left, top = _corner(x, y)
                shapes.append(
                    f'<rect class="{COLOUR_CLASSES[colour]}" x="{left}" y="{top}" '
                    f'width="{(end - x + 1) * SQUARE}" height="{SQUARE}"/>'
                )
            x = end + 1
    return shapes


def _outline(squares: list[list[int]], css: str, extra: str = "") -> str:
    """A path around every given small square (each square's border; shared edges overlap)."""
    parts = []
    for x, y in squares:
        left, top = _corner(x, y)
        parts.append(f"M{left} {top}h{SQUARE}v{SQUARE}h-{SQUARE}z")
    return f'<path class="{css}" d="{"".join(parts)}"{extra}/>' if parts else ""


def _patterns(patterns: list[dict]) -> list[str]:
    marks = []
    for pattern in patterns:
        squares = pattern.get("squares") or []
        if not squares:
            continue
        number = pattern.get("number", len(marks) + 1)
        name = escape(pattern_name(str(pattern.get("name", ""))))
        marks.append(
            f'<g class="scored-pattern" data-number="{number}"><title>{number}. {name}, '
            f"{pattern.get('points', 0)}</title>{_outline(squares, 'pattern-outline')}"
        )
        x, y = min(squares, key=lambda square: (-square[1], square[0]))
        left, top = _corner(x, y)
        marks.append(
            f'<circle class="pattern-badge" cx="{left + SQUARE / 2}" cy="{top + SQUARE / 2}" '
            f'r="7"/><text class="pattern-number" x="{left + SQUARE / 2}" '
            f'y="{top + SQUARE / 2 + 3.5}">{number}</text></g>'
        )
    return marks


def _cell_letters(cells: list) -> str:
    """What the keyboard cursor reads at each cell: '.' empty, 'f'/'s' a tile of the first
    or second player, '#' a tile nobody holds (the reverse variant's deal)."""
    rows = []
    for r in range(SIDE):
        letters = []
        for c in range(SIDE):
            cell = cells[c + SIDE * r]
            if cell is None:
                letters.append(".")
            else:
                owner = cell[2] if len(cell) > 2 else None
                letters.append({"first": "f", "second": "s"}.get(owner, "#"))
        rows.append("".join(letters))
    return "/".join(rows)


def board_svg(position: dict, *, label: str = "", playable: bool = False) -> str:
    width = LEFT + SIDE * CELL + RIGHT
    height = TOP + SIDE * CELL + BOTTOM
    cells = position.get("cells") or [None] * (SIDE * SIDE)
    grid = {
        "width": SIDE,
        "height": SIDE,
        "cell": CELL,
        "left": LEFT + CELL / 2,
        "top": TOP + CELL / 2,
        "flip_y": True,
    }
    lattice = [f"M{LEFT} {TOP + i * CELL}h{SIDE * CELL}" for i in range(SIDE + 1)]
    lattice += [f"M{LEFT + i * CELL} {TOP}v{SIDE * CELL}" for i in range(SIDE + 1)]
    labels = [
        f'<text x="{LEFT + c * CELL + CELL / 2}" y="{height - 7}">{c + 1}</text>'
        for c in range(SIDE)
    ]
    labels += [
        f'<text x="{LEFT - 5}" y="{TOP + (SIDE - 1 - r) * CELL + CELL / 2 + 3}" '
        f'text-anchor="end">{r + 1}</text>'
        for r in range(SIDE)
    ]
    tiles = []
    for index, cell in enumerate(cells):
        if cell is None:
            continue
        c, r = index % SIDE, index // SIDE
        owner = cell[2] if len(cell) > 2 and cell[2] else "none"
        tiles.append(
            f'<rect class="tile owner-{owner}" x="{LEFT + c * CELL}" '
            f'y="{TOP + (SIDE - 1 - r) * CELL}" width="{CELL}" height="{CELL}" '
            f'data-cell="{c}-{r}" data-tile="{cell[0]}" data-turn="{cell[1]}"/>'
        )
    role = 'role="application" tabindex="0"' if playable else 'role="img"'
    return "".join(
        [
            f'<svg class="board board-quadrotone{" playable" if playable else ""}" '
            f'viewBox="0 0 {width} {height}" {role} aria-label="{escape(label)}" '
            f'aria-describedby="board-help" data-composer="quadrotone" '
            f"data-grid='{json.dumps(grid, separators=(',', ':'))}' "
            f'data-points="{_cell_letters(cells)}" xmlns="http://www.w3.org/2000/svg">',
            f"<title>{escape(label)}</title>",
            f'<rect class="paper" x="{LEFT}" y="{TOP}" width="{SIDE * CELL}" '
            f'height="{SIDE * CELL}"/>',
            *_squares(position.get("colours") or []),
            f'<path class="lattice" d="{"".join(lattice)}"/>',
            *tiles,
            _outline(position.get("last_squares") or [], "last-squares"),
            *_patterns(position.get("last_patterns") or []),
            '<g class="coordinates" aria-hidden="true">',
            *labels,
            "</g>",
            '<g class="preview"></g>',
            f'<rect class="cursor" width="{CELL}" height="{CELL}" x="-99" y="-99"/>'
            if playable
            else "",
            "</svg>",
        ]
    )


POINT_WORDS = {
    ".": _("an empty cell"),
    "f": _("a tile of the first player"),
    "s": _("a tile of the second player"),
    "#": _("a tile"),
}


def tile_svg(tile: int, turn: int = 0, size: int = 28) -> str:
    """One tile as a small picture (the hand panel, the rules page)."""
    from games.catalog.quadrotone.engine.tiles import letters

    top_left, top_right, bottom_right, bottom_left = letters(tile, turn)
    half = size // 2
    spots = ((top_left, 0, 0), (top_right, half, 0), (bottom_right, half, half),
             (bottom_left, 0, half))  # fmt: skip
    squares = "".join(
        f'<rect class="{COLOUR_CLASSES[colour]}" x="{x}" y="{y}" width="{half}" height="{half}"/>'
        for colour, x, y in spots
    )
    return (
        f'<svg class="tile-picture" viewBox="0 0 {size} {size}" width="{size}" height="{size}" '
        f'aria-hidden="true">{squares}</svg>'
    )


def panel(position: dict, seat: str | None) -> dict:
    """What the page shows beside the board: the player's tiles, the moves left, the info."""

    reverse = position.get("variant") == "reverse"
    hand = (position.get("hands") or {}).get(seat, []) if seat else []
    limits = (position.get("limits") or {}).get(seat, {}) if seat else {}
    return {
        "reverse": reverse,
        "options": position.get("options") or {},
        "modes": [("turn", _("Turn tiles")), ("swap", _("Swap tiles"))]
        if reverse
        else [("place", _("Place tiles")), ("rearrange", _("Rearrange tiles"))],
        "hand": [
            {"tile": tile, "svg": tile_svg(tile), "colours": colour_words(tile)} for tile in hand
        ],
        "limits": [
            {"kind": kind, "rows": sorted(((int(k), v) for k, v in rows.items()))}
            for kind, rows in limits.items()
        ],
        "patterns": [
            {**pattern, "name": pattern_name(str(pattern.get("name", "")))}
            for pattern in position.get("last_patterns") or []
        ],
        "passes_in_row": position.get("passes_in_row", 0),
    }
