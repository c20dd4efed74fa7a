"""The Kropki board as SVG, drawn as Kropki players know it.

On the lattice: the dots, each capture's closed contour filled in the capturer's colour
(a larger capture that took smaller ones in is one contour), captured dots faded, the last
move ringed, coordinates along the edges. Nothing else joins the dots unless the reader
asks: the links between linked dots (K5) are drawn hidden, and the "show links" box
beside the board shows them (by CSS alone; the package's script keeps the choice from
page to page). When a secured lead (K13) ended the game, the dots the trailer could still
win are ringed and a note under the board says why the game ended, linking the rule.
"""

import json
from html import escape

from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

CELL = 20
LEFT = 26  # room for the y coordinates
BOTTOM = 22  # room for the x coordinates
TOP = 12
RIGHT = 12
DOT_RADIUS = 6
COLOURS = {"b": "blue", "r": "red"}
SIDES = {"blue": _("Blue"), "red": _("Red")}
# Link directions: each pair of neighbours is looked at once, from its left or lower dot.
LINK_STEPS = ((1, 0), (0, 1), (1, 1), (1, -1))
SHOW_LINKS_ID = "kropki-show-links"


def _coordinates(position: dict):
    width, height = position["width"], position["height"]

    def point(x: int, y: int) -> tuple[int, int]:
        return LEFT + (x - 1) * CELL, TOP + (height - y) * CELL

    return width, height, point


def _doubled_area(points: list[list[int]]) -> int:
    """Twice the area a contour closes (the shoelace sum), whichever way round it goes."""
    total = 0
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True):
        total += x1 * y2 - x2 * y1
    return abs(total)


def _captures(position: dict, point) -> list[str]:
    """Each captured area's contour as a closed polygon, the largest first.

    A capture lying in a hole of another (inside a ring of the outer capturer's own dots)
    is drawn over it, so it shows.
    """
    contours = sorted(
        position.get("contours", ()), key=lambda c: _doubled_area(c["points"]), reverse=True
    )
    shapes = []
    for contour in contours:
        spots = [point(x, y) for x, y in contour["points"]]
        path = "M" + "L".join(f"{px} {py}" for px, py in spots) + "Z"
        shapes.append(f'<path class="area {contour["owner"]}" d="{path}"/>')
    return shapes


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


def scores(position: dict) -> dict[str, int]:
    """Each side's score as the board shows it: the enemy dots on its points (K11)."""
    counted = {"blue": 0, "red": 0}
    for row, owned in zip(position["dots"], position["owners"], strict=True):
        for dot, owner in zip(row, owned, strict=True):
            if owner in COLOURS and dot in COLOURS and dot != owner:
                counted[COLOURS[owner]] += 1
    return counted


def _secured_end(position: dict) -> tuple[str, str] | None:
    """(leader, trailer) when a secured lead (K13) ended the game, else None."""
    if position.get("ended_by") != "secured_lead":
        return None
    score = scores(position)
    if score["blue"] == score["red"]:
        return None
    return ("blue", "red") if score["blue"] > score["red"] else ("red", "blue")


def _stakes(position: dict, point, trailer: str) -> list[str]:
    """A ring, in the trailer's colour, round each dot the trailer could still win."""
    rings = []
    for x, y in position.get("at_stake", ()):
        centre_x, centre_y = point(x, y)
        rings.append(
            f'<circle class="at-stake {trailer}" cx="{centre_x}" cy="{centre_y}" '
            f'r="{DOT_RADIUS + 3}" data-point="{x}-{y}"/>'
        )
    return rings


def secured_note(position: dict) -> str:
    """Why a secured lead ended the game, in words with a link to K13; "" otherwise."""
    ending = _secured_end(position)
    if ending is None:
        return ""
    leader, trailer = ending
    score = scores(position)
    stake = len(position.get("at_stake", ()))
    words = {
        "leader": SIDES[leader],
        "trailer": SIDES[trailer],
        "lead": score[leader] - score[trailer],
        "stake": stake,
    }
    if stake:
        sentence = ngettext(
            "The game ended because %(leader)s's lead is secured: %(leader)s leads by "
            "%(lead)s, and only %(stake)s dot, ringed on the board, could still change "
            "hands: not enough for %(trailer)s to catch up.",
            "The game ended because %(leader)s's lead is secured: %(leader)s leads by "
            "%(lead)s, and only %(stake)s dots, ringed on the board, could still change "
            "hands: not enough for %(trailer)s to catch up.",
            stake,
        )
    else:
        sentence = gettext(
            "The game ended because %(leader)s's lead is secured: %(leader)s leads by "
            "%(lead)s, and everything %(leader)s holds is joined to the edge, so "
            "%(trailer)s can take none of it."
        )
    rule = reverse("rules-game", args=["kropki"]) + "#K13"
    rule_name = gettext("Rule K13: a secured lead")
    return (
        f'<p class="board-note secured-note">{escape(sentence % words)} '
        f'<a href="{escape(rule)}">{escape(rule_name)}</a></p>'
    )


def board_svg(
    position: dict, *, label: str = "", playable: bool = False, controls: bool = True
) -> str:
    """The board, with the "show links" box before it and the ending's note after it.

    `controls=False` draws the board alone (the rules page's examples).
    """
    width, height, point = _coordinates(position)
    view_width = LEFT + (width - 1) * CELL + RIGHT
    view_height = TOP + (height - 1) * CELL + BOTTOM
    grid_path, labels = _grid(width, height, point)
    links = _links(position, point)
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
    ending = _secured_end(position)
    parts = []
    if controls:
        show_links = gettext("Show links")
        parts.append(
            f'<label class="board-option"><input type="checkbox" class="show-links" '
            f'id="{SHOW_LINKS_ID}"> {escape(show_links)}</label>'
        )
    parts += [
        f'<svg class="board board-kropki{" playable" if playable else ""}" '
        f'viewBox="0 0 {view_width} {view_height}" {role} '
        f'aria-label="{escape(label)}" aria-describedby="board-help" '
        f"data-grid='{json.dumps(grid, separators=(',', ':'))}' "
        f'data-points="{points}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(label)}</title>",
        f'<rect class="paper" width="{view_width}" height="{view_height}"/>',
        f'<path class="lattice" d="{grid_path}"/>',
        '<g class="coordinates" aria-hidden="true">',
        *labels,
        "</g>",
        '<g class="captures">',
        *_captures(position, point),
        "</g>",
        # Hidden unless asked for: the box before the board shows them (board.css).
        '<g class="links" display="none">',
        f'<path class="blue" d="{"".join(links["b"])}"/>',
        f'<path class="red" d="{"".join(links["r"])}"/>',
        "</g>",
        '<g class="dots">',
        *_dots(position, point),
        "</g>",
    ]
    if ending is not None:
        parts += ['<g class="stakes">', *_stakes(position, point, ending[1]), "</g>"]
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
    if controls and ending is not None:
        parts.append(secured_note(position))
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
