"""The Dots and Boxes board as SVG: dots, drawn lines in their player's colour, won boxes.

The seats are `first` and `second`; the first player is drawn in blue, the second in red,
and a won box shows its owner's sign, the one beside their name on the page: a blue circle
for the first player, a red triangle for the second (never a number, which would read as
the box's value).

Its click grid has half-steps: dot (x, y) is grid point (2x+1, 2y+1), the middle of the
line h x y is (2x+2, 2y+1), of v x y is (2x+1, 2y+2), the centre of box x y is
(2x+2, 2y+2). Every undrawn line is a target carrying its move.
"""

import json
from html import escape

from django.utils.translation import gettext_lazy as _

SPACING = 44
MARGIN = 22
DOT_RADIUS = 4.5
# The view's letter of a seat → the colour it is drawn in.
COLOURS = {"f": "blue", "s": "red"}
SIGN_SIZE = 8  # half the width of a box's sign
# For the page's script: the colour of a pending line of each seat.
SEAT_COLOURS = {"first": "blue", "second": "red"}


def board_svg(position: dict, *, label: str = "", playable: bool = False) -> str:
    columns, rows = position["columns"], position["rows"]
    last = position.get("last")

    def at(x: float, y: float) -> tuple[float, float]:
        return MARGIN + x * SPACING, MARGIN + (rows - y) * SPACING

    width = 2 * MARGIN + columns * SPACING
    height = 2 * MARGIN + rows * SPACING
    boxes, lines, slots = [], [], []
    for y, row in enumerate(position["boxes"]):
        for x, owner in enumerate(row):
            if owner in COLOURS:
                left, top = at(x, y + 1)
                boxes.append(
                    f'<g class="won-box {COLOURS[owner]}" data-owner="{owner}">'
                    f"<title>{escape(str(BOX_OWNERS[owner]))}</title>"
                    f'<rect class="box {COLOURS[owner]}" x="{left + 3}" y="{top + 3}" '
                    f'width="{SPACING - 6}" height="{SPACING - 6}" rx="4" '
                    f'data-point="{2 * x + 2}-{2 * y + 2}"/>'
                    f"{_sign(owner, left + SPACING / 2, top + SPACING / 2)}</g>"
                )
    for kind, grid in (("h", position["h"]), ("v", position["v"])):
        for y, row in enumerate(grid):
            for x, drawer in enumerate(row):
                start = at(x, y)
                end = at(x + 1, y) if kind == "h" else at(x, y + 1)
                point = f"{2 * x + 2}-{2 * y + 1}" if kind == "h" else f"{2 * x + 1}-{2 * y + 2}"
                ends = f'x1="{start[0]}" y1="{start[1]}" x2="{end[0]}" y2="{end[1]}"'
                if drawer in COLOURS:
                    is_last = " last-move" if last == [kind, x, y] else ""
                    lines.append(
                        f'<line class="edge {COLOURS[drawer]}{is_last}" {ends} '
                        f'data-point="{point}"/>'
                    )
                else:
                    move = json.dumps([kind, x, y], separators=(",", ":"))
                    slots.append(
                        f'<line class="slot" {ends} data-target="{point}" data-move=\'{move}\'/>'
                    )
    dots = [
        f'<circle class="lattice-dot" cx="{cx}" cy="{cy}" r="{DOT_RADIUS}"/>'
        for y in range(rows + 1)
        for x in range(columns + 1)
        for cx, cy in (at(x, y),)
    ]
    grid = {
        "width": 2 * columns + 1,
        "height": 2 * rows + 1,
        "cell": SPACING / 2,
        "left": MARGIN,
        "top": MARGIN,
        "flip_y": True,
    }
    role = 'role="application" tabindex="0"' if playable else 'role="img"'
    return "".join(
        [
            f'<svg class="board board-dots-and-boxes{" playable" if playable else ""}" '
            f'viewBox="0 0 {width} {height}" {role} aria-label="{escape(label)}" '
            f'aria-describedby="board-help" data-targets-only="1" '
            f"data-seat-colours='{json.dumps(SEAT_COLOURS, separators=(',', ':'))}' "
            f"data-grid='{json.dumps(grid, separators=(',', ':'))}' "
            f'data-points="{_point_letters(position)}" xmlns="http://www.w3.org/2000/svg">',
            f"<title>{escape(label)}</title>",
            f'<rect class="paper" width="{width}" height="{height}"/>',
            *boxes,
            '<g class="slots">',
            *slots,
            "</g>",
            *lines,
            *dots,
            f'<circle class="cursor" r="{DOT_RADIUS + 5}" cx="-99" cy="-99"/>' if playable else "",
            "</svg>",
        ]
    )


def _sign(owner: str, cx: float, cy: float) -> str:
    """The owner's sign in the middle of a won box: a circle (first), a triangle (second)."""
    colour = COLOURS[owner]
    if owner == "f":
        return f'<circle class="box-mark {colour}" cx="{cx}" cy="{cy}" r="{SIGN_SIZE - 1}"/>'
    corners = ((cx, cy - SIGN_SIZE), (cx + SIGN_SIZE, cy + SIGN_SIZE - 1))
    corners += ((cx - SIGN_SIZE, cy + SIGN_SIZE - 1),)
    points = " ".join(f"{px:g},{py:g}" for px, py in corners)
    return f'<polygon class="box-mark {colour}" points="{points}"/>'


def _point_letters(position: dict) -> str:
    """One letter per grid point, rows from the bottom: what the keyboard cursor reads out.

    '#' a dot, '.' an undrawn line, 'f'/'s' a line drawn by the first/second player,
    '_' a box nobody has won yet, 'F'/'S' a box won by the first/second player.
    """
    columns, rows = position["columns"], position["rows"]
    rows_out = []
    for grid_y in range(2 * rows + 1):
        letters = []
        for grid_x in range(2 * columns + 1):
            x, y = grid_x // 2, grid_y // 2
            if grid_x % 2 == 0 and grid_y % 2 == 0:
                letters.append("#")
            elif grid_y % 2 == 0:
                letters.append(position["h"][y][x])
            elif grid_x % 2 == 0:
                letters.append(position["v"][y][x])
            else:
                owner = position["boxes"][y][x]
                letters.append(owner.upper() if owner in COLOURS else "_")
        rows_out.append("".join(letters))
    return "/".join(rows_out)


POINT_WORDS = {
    "#": _("a dot"),
    ".": _("free line"),
    "f": _("the first player's line (blue)"),
    "s": _("the second player's line (red)"),
    "_": _("an open box"),
    "F": _("the first player's box (blue circle)"),
    "S": _("the second player's box (red triangle)"),
}

# Said of a won box where the pointer rests on it.
BOX_OWNERS = {
    "f": _("Won by the first player (blue circle)"),
    "s": _("Won by the second player (red triangle)"),
}
