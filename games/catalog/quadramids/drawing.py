"""The Quadramids board as SVG: the coloured cells of M3, the five circles, every figure,
apexes and blockers on the centres, the last move.

The click grid has half-steps so that cells and centres are both reachable: cell (file i,
rank j), counted from 0 at a1, is grid point (2i+1, 2j+1); the centre written by its lower-
left cell (i, j) with "+" is (2i+2, 2j+2). The page's Quadramids script turns two choices
into a move: a figure and where it goes, or a free cell to put a figure on.
"""

import json
from html import escape

from django.utils.translation import gettext_lazy as _

CELL = 48
LEFT = 26
TOP = 10
BOTTOM = 24
RIGHT = 10
FILES = "abcdefgh"
CIRCLES = ("d4+", "b2+", "f2+", "b6+", "f6+")


def _cell_corner(name: str) -> tuple[int, int]:
    file, rank = FILES.index(name[0]), int(name[1:]) - 1
    return LEFT + file * CELL, TOP + (7 - rank) * CELL


def _centre_point(name: str) -> tuple[int, int]:
    """The intersection written `d4+`: the corner shared by d4, e4, d5 and e5."""
    file, rank = FILES.index(name[0]), int(name[1:-1]) - 1
    return LEFT + (file + 1) * CELL, TOP + (7 - rank) * CELL


def board_svg(position: dict, *, label: str = "", playable: bool = False) -> str:
    width = LEFT + 8 * CELL + RIGHT
    height = TOP + 8 * CELL + BOTTOM
    colours = position.get("colours") or {}  # M3, as the engine names them
    cells = []
    for rank in range(8, 0, -1):
        for file in FILES:
            name = f"{file}{rank}"
            left, top = _cell_corner(name)
            cells.append(
                f'<rect class="cell {colours.get(name, "plain")}" x="{left}" y="{top}" '
                f'width="{CELL}" height="{CELL}" data-place="{name}"/>'
            )
    circles = [
        f'<circle class="circle-mark" cx="{x}" cy="{y}" r="11"/>'
        for x, y in (_centre_point(name) for name in position.get("circles") or CIRCLES)
    ]
    figures = []
    for name, seat in sorted((position.get("cells") or {}).items()):
        left, top = _cell_corner(name)
        figures.append(
            f'<circle class="figure seat-{seat}" cx="{left + CELL // 2}" cy="{top + CELL // 2}" '
            f'r="15" data-place="{name}"/>'
        )
    for name, centre in sorted((position.get("centres") or {}).items()):
        x, y = _centre_point(name)
        seat, role = centre.get("seat"), centre.get("role", "apex")
        if role == "blocker":
            shape = f'<rect x="{x - 9}" y="{y - 9}" width="18" height="18" rx="2"/>'
        else:
            shape = f'<path d="M{x} {y - 13}L{x + 12} {y + 9}H{x - 12}Z"/>'
        figures.append(
            f'<g class="{role} seat-{seat} {centre.get("kind", "")}" data-place="{name}">'
            f"{shape}</g>"
        )
    last = position.get("last") or []
    marks = []
    for name in last[1:] if last and last[0] in ("put", "move") else []:
        if name.endswith("+"):
            x, y = _centre_point(name)
            marks.append(f'<circle class="last-move" cx="{x}" cy="{y}" r="17"/>')
        else:
            left, top = _cell_corner(name)
            marks.append(
                f'<rect class="last-move" x="{left + 2}" y="{top + 2}" width="{CELL - 4}" '
                f'height="{CELL - 4}"/>'
            )
    labels = [
        f'<text x="{LEFT + i * CELL + CELL // 2}" y="{height - 7}">{file}</text>'
        for i, file in enumerate(FILES)
    ]
    labels += [
        f'<text x="{LEFT - 8}" y="{TOP + (8 - rank) * CELL + CELL // 2 + 4}" '
        f'text-anchor="end">{rank}</text>'
        for rank in range(1, 9)
    ]
    grid = {
        "width": 15,
        "height": 15,
        "cell": CELL / 2,
        "left": LEFT + CELL / 2,
        "top": TOP + CELL / 2,
        "flip_y": True,
    }
    data = {
        "cells": position.get("cells") or {},
        "centres": {name: c.get("seat") for name, c in (position.get("centres") or {}).items()},
        "legal": position.get("legal") or [],
    }
    role = 'role="application" tabindex="0"' if playable else 'role="img"'
    return "".join(
        [
            f'<svg class="board board-quadramids{" playable" if playable else ""}" '
            f'viewBox="0 0 {width} {height}" {role} aria-label="{escape(label)}" '
            f'aria-describedby="board-help" data-composer="quadramids" '
            f"data-grid='{json.dumps(grid, separators=(',', ':'))}' "
            f"data-position='{escape(json.dumps(data, separators=(',', ':')))}' "
            f'data-points="{_letters(position)}" xmlns="http://www.w3.org/2000/svg">',
            f"<title>{escape(label)}</title>",
            *cells,
            *circles,
            *marks,
            *figures,
            '<g class="targets"></g>',
            '<g class="coordinates" aria-hidden="true">',
            *labels,
            "</g>",
            f'<circle class="cursor" r="{CELL // 2 - 4}" cx="-99" cy="-99"/>' if playable else "",
            "</svg>",
        ]
    )


def _letters(position: dict) -> str:
    """The keyboard cursor's reading of each grid point, rows from the bottom: '.' a free
    cell, '1'–'4' a player's figure, 'c' a free centre, 'a' an apex or blocker there."""
    cells = position.get("cells") or {}
    centres = position.get("centres") or {}
    rows = []
    for gy in range(15):
        row = []
        for gx in range(15):
            if gx % 2 == 0 and gy % 2 == 0:
                row.append(str(cells.get(f"{FILES[gx // 2]}{gy // 2 + 1}", ".")))
            elif gx % 2 == 1 and gy % 2 == 1:
                row.append("a" if f"{FILES[gx // 2]}{gy // 2 + 1}+" in centres else "c")
            else:
                row.append("-")
        rows.append("".join(row))
    return "/".join(rows)


POINT_WORDS = {
    ".": _("a free cell"),
    "1": _("a figure of player 1"),
    "2": _("a figure of player 2"),
    "3": _("a figure of player 3"),
    "4": _("a figure of player 4"),
    "c": _("a free centre"),
    "a": _("an apex or a blocker"),
    "-": _("between cells"),
}
