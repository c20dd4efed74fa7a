"""The Noughts and Crosses board as SVG: nine squares, their marks, the winning line.

Its click grid (games/boards) has a point at the centre of every square, so a click or
Enter on square x-y sends the move [x, y]. Colours are presentation attributes: the site's
stylesheet knows nothing of this game, and the page's policy allows no inline style.
"""

import json
from html import escape

from django.utils.translation import gettext_lazy as _

CELL = 60
LEFT = 24  # room for the y coordinates
BOTTOM = 22  # room for the x coordinates
TOP = 10
RIGHT = 10
SIZE = 3
INK = {"x": "#1f4fbf", "o": "#c0262d"}  # the site's blue and red
POINT_WORDS = {".": _("free"), "x": _("X"), "o": _("O")}


def board_svg(position: dict, *, label: str = "", playable: bool = False) -> str:
    width, height = position["width"], position["height"]
    view_width = LEFT + width * CELL + RIGHT
    view_height = TOP + height * CELL + BOTTOM

    def centre(x: int, y: int) -> tuple[float, float]:
        return LEFT + (x - 0.5) * CELL, TOP + (height - y + 0.5) * CELL

    lines = [f"M{LEFT + i * CELL} {TOP}V{TOP + height * CELL}" for i in range(1, width)]
    lines += [f"M{LEFT} {TOP + i * CELL}H{LEFT + width * CELL}" for i in range(1, height)]
    labels = [
        f'<text x="{centre(x, 1)[0]}" y="{TOP + height * CELL + BOTTOM - 6}">{x}</text>'
        for x in range(1, width + 1)
    ]
    labels += [
        f'<text x="{LEFT - 8}" y="{centre(1, y)[1] + 3}" text-anchor="end">{y}</text>'
        for y in range(1, height + 1)
    ]
    marks = []
    for y, row in enumerate(position["rows"], start=1):
        for x, mark in enumerate(row, start=1):
            if mark in INK:
                marks.append(_mark(mark, x, y, centre(x, y)))
    grid = {
        "width": width,
        "height": height,
        "cell": CELL,
        "left": LEFT + CELL / 2,
        "top": TOP + CELL / 2,
        "flip_y": True,
    }
    role = 'role="application" tabindex="0"' if playable else 'role="img"'
    parts = [
        f'<svg class="board board-noughts-and-crosses{" playable" if playable else ""}" '
        f'viewBox="0 0 {view_width} {view_height}" {role} '
        f'aria-label="{escape(label)}" aria-describedby="board-help" '
        f"data-grid='{json.dumps(grid, separators=(',', ':'))}' "
        f'data-points="{"/".join(position["rows"])}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(label)}</title>",
        f'<rect class="paper" width="{view_width}" height="{view_height}"/>',
        f'<path class="lattice" d="{"".join(lines)}"/>',
        '<g class="coordinates" aria-hidden="true">',
        *labels,
        "</g>",
        '<g class="marks">',
        *marks,
        "</g>",
    ]
    line = position.get("line")
    if line:
        (start_x, start_y), (end_x, end_y) = centre(*line[0]), centre(*line[-1])
        parts.append(
            f'<line class="winning-line" x1="{start_x}" y1="{start_y}" x2="{end_x}" '
            f'y2="{end_y}" stroke="#1c1f24" stroke-width="4" stroke-linecap="round"/>'
        )
    last = position.get("last")
    if last:
        corner_x, corner_y = centre(*last)
        parts.append(
            f'<rect class="last-move" x="{corner_x - CELL / 2 + 3}" y="{corner_y - CELL / 2 + 3}" '
            f'width="{CELL - 6}" height="{CELL - 6}" data-point="{last[0]}-{last[1]}"/>'
        )
    if playable:
        parts.append(f'<rect class="cursor" width="{CELL}" height="{CELL}" x="-999" y="-999"/>')
    parts.append("</svg>")
    return "".join(parts)


def _mark(mark: str, x: int, y: int, at: tuple[float, float]) -> str:
    cx, cy = at
    reach = CELL * 0.3
    ink = f'fill="none" stroke="{INK[mark]}" stroke-width="6" stroke-linecap="round"'
    if mark == "x":
        shape = (
            f'<path d="M{cx - reach} {cy - reach}L{cx + reach} {cy + reach}'
            f'M{cx + reach} {cy - reach}L{cx - reach} {cy + reach}" {ink}/>'
        )
    else:
        shape = f'<circle cx="{cx}" cy="{cy}" r="{reach}" {ink}/>'
    return f'<g class="mark {mark}" data-point="{x}-{y}">{shape}</g>'
