"""The Kropki board as SVG: lattice, coordinates, territory, chain links, dots, last move."""

import json
from html import escape

from django.utils.translation import gettext_lazy as _

CELL = 20
LEFT = 26  # room for the y coordinates
BOTTOM = 22  # room for the x coordinates
TOP = 12
RIGHT = 12
DOT_RADIUS = 6
COLOURS = {"b": "blue", "r": "red"}
# Link directions: each pair of neighbours is looked at once, from its left or lower dot.
LINK_STEPS = ((1, 0), (0, 1), (1, 1), (1, -1))


def _coordinates(position: dict):
    width, height = position["width"], position["height"]

    def point(x: int, y: int) -> tuple[int, int]:
        return LEFT + (x - 1) * CELL, TOP + (height - y) * CELL

    return width, height, point


def _territory(position: dict, point) -> dict[str, str]:
    """Each owner's territory as one path: the lattice squares and half-squares it covers.

    A square (or the triangle of three of its corners) is shaded for P when every corner
    is P's territory or a P dot standing on the contour, and one at least is territory;
    so the shading follows the diagonal links of the enclosing chain.
    """
    dots, owners = position["dots"], position["owners"]
    width, height = position["width"], position["height"]
    paths: dict[str, list[str]] = {"b": [], "r": []}
    for colour, shapes in paths.items():

        def held(x: int, y: int, colour: str = colour) -> int:
            """2: territory of `colour`; 1: its dot outside any territory; 0: neither."""
            owner = owners[y - 1][x - 1]
            if owner == colour:
                return 2
            return 1 if owner == "." and dots[y - 1][x - 1] == colour else 0

        for y in range(1, height):
            for x in range(1, width):
                corners = [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]
                marks = [held(cx, cy) for cx, cy in corners]
                if 2 not in marks:
                    continue
                if all(marks):
                    shapes.append(_polygon(corners, point))
                    continue
                if marks.count(0) == 1:
                    gap = marks.index(0)
                    shapes.append(_polygon(corners[:gap] + corners[gap + 1 :], point))
    return {colour: "".join(shapes) for colour, shapes in paths.items()}


def _polygon(corners: list[tuple[int, int]], point) -> str:
    spots = [point(x, y) for x, y in corners]
    return "M" + "L".join(f"{px} {py}" for px, py in spots) + "Z"


def _links(position: dict, point) -> dict[str, list[str]]:
    """Segments between 8-neighbouring active dots of one colour (K5)."""
    dots, owners = position["dots"], position["owners"]
    width, height = position["width"], position["height"]

    def active(x: int, y: int) -> str:
        if not (1 <= x <= width and 1 <= y <= height):
            return ""
        dot = dots[y - 1][x - 1]
        return dot if dot in COLOURS and owners[y - 1][x - 1] == "." else ""

    paths: dict[str, list[str]] = {"b": [], "r": []}
    for y in range(1, height + 1):
        for x in range(1, width + 1):
            colour = active(x, y)
            if not colour:
                continue
            start_x, start_y = point(x, y)
            for step_x, step_y in LINK_STEPS:
                if active(x + step_x, y + step_y) == colour:
                    end_x, end_y = point(x + step_x, y + step_y)
                    paths[colour].append(f"M{start_x} {start_y}L{end_x} {end_y}")
    return paths


def _dots(position: dict, point) -> list[str]:
    shapes = []
    for y, (row, owned) in enumerate(zip(position["dots"], position["owners"], strict=True), 1):
        for x, dot in enumerate(row, start=1):
            if dot not in COLOURS:
                continue
            centre_x, centre_y = point(x, y)
            captured = " captured" if owned[x - 1] not in (".", dot) else ""
            shapes.append(
                f'<circle class="dot {COLOURS[dot]}{captured}" cx="{centre_x}" cy="{centre_y}" '
                f'r="{DOT_RADIUS}" data-point="{x}-{y}"/>'
            )
    return shapes


def _grid(width: int, height: int, point) -> tuple[str, list[str]]:
    left, top = point(1, height)
    right, bottom = point(width, 1)
    lines = [f"M{left} {point(1, y)[1]}H{right}" for y in range(1, height + 1)]
    lines += [f"M{point(x, 1)[0]} {top}V{bottom}" for x in range(1, width + 1)]
    labels = [
        f'<text x="{point(x, 1)[0]}" y="{bottom + BOTTOM - 6}">{x}</text>'
        for x in range(1, width + 1)
    ]
    labels += [
        f'<text x="{left - 10}" y="{point(1, y)[1] + 3}" text-anchor="end">{y}</text>'
        for y in range(1, height + 1)
    ]
    return "".join(lines), labels


def board_svg(position: dict, *, label: str = "", playable: bool = False) -> str:
    width, height, point = _coordinates(position)
    view_width = LEFT + (width - 1) * CELL + RIGHT
    view_height = TOP + (height - 1) * CELL + BOTTOM
    grid_path, labels = _grid(width, height, point)
    links = _links(position, point)
    territory = _territory(position, point)
    grid = {
        "width": width,
        "height": height,
        "cell": CELL,
        "left": LEFT,
        "top": TOP,
        "flip_y": True,
    }
    points = "/".join(
        "".join(_point_letter(dot, owner) for dot, owner in zip(row, owned, strict=True))
        for row, owned in zip(position["dots"], position["owners"], strict=True)
    )
    role = 'role="application" tabindex="0"' if playable else 'role="img"'
    parts = [
        f'<svg class="board board-kropki{" playable" if playable else ""}" '
        f'viewBox="0 0 {view_width} {view_height}" {role} '
        f'aria-label="{escape(label)}" aria-describedby="board-help" '
        f"data-grid='{json.dumps(grid, separators=(',', ':'))}' "
        f'data-points="{points}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(label)}</title>",
        f'<rect class="paper" width="{view_width}" height="{view_height}"/>',
        f'<path class="area blue" d="{territory["b"]}"/>',
        f'<path class="area red" d="{territory["r"]}"/>',
        f'<path class="lattice" d="{grid_path}"/>',
        '<g class="coordinates" aria-hidden="true">',
        *labels,
        "</g>",
        f'<path class="links blue" d="{"".join(links["b"])}"/>',
        f'<path class="links red" d="{"".join(links["r"])}"/>',
        '<g class="dots">',
        *_dots(position, point),
        "</g>",
    ]
    last = position.get("last")
    if last:
        last_x, last_y = point(last[0], last[1])
        parts.append(
            f'<circle class="last-move" cx="{last_x}" cy="{last_y}" r="{DOT_RADIUS + 3}" '
            f'data-point="{last[0]}-{last[1]}"/>'
        )
    if playable:
        parts.append(f'<circle class="cursor" r="{DOT_RADIUS + 2}" cx="-99" cy="-99"/>')
    parts.append("</svg>")
    return "".join(parts)


def _point_letter(dot: str, owner: str) -> str:
    """What the page's cursor reads out: '.' free, 'b'/'r' a dot, 'B'/'R' empty territory."""
    if dot in COLOURS:
        return dot
    return owner.upper() if owner in COLOURS else "."


POINT_WORDS = {
    ".": _("free"),
    "b": _("blue dot"),
    "r": _("red dot"),
    "B": _("blue territory"),
    "R": _("red territory"),
}
