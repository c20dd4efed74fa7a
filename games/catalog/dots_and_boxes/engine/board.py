"""The lattice of a Dots and Boxes board: lines and boxes as bit positions (D1, D2).

Lines are numbered horizontal first, row by row from the bottom, then vertical,
row by row: `h x y` is line y*C + x, `v x y` is line C(R+1) + y(C+1) + x. Box
(x, y) is number y*C + x. A set of lines is an int with one bit per line, so a
position is a handful of ints and drawing a line is one `|`.
"""

from dataclasses import dataclass
from functools import cache

MIN_SIZE, MAX_SIZE = 1, 9


@dataclass(frozen=True, eq=False)
class Geometry:
    columns: int
    rows: int
    lines: int  # how many lines the board has: 2CR + C + R
    box_lines: tuple[int, ...]  # per box, the mask of its four sides
    line_boxes: tuple[tuple[int, ...], ...]  # per line, the one or two boxes it borders
    all_lines: int  # the mask of every line

    @property
    def boxes(self) -> int:
        return self.columns * self.rows

    def index(self, kind: str, x: int, y: int) -> int | None:
        """The number of line `kind x y`, or None when it is off the board."""
        columns, rows = self.columns, self.rows
        if kind == "h" and 0 <= x < columns and 0 <= y <= rows:
            return y * columns + x
        if kind == "v" and 0 <= x <= columns and 0 <= y < rows:
            return columns * (rows + 1) + y * (columns + 1) + x
        return None

    def move(self, line: int) -> list:
        """The move ["h"|"v", x, y] that draws line number `line`."""
        columns = self.columns
        horizontal = columns * (self.rows + 1)
        if line < horizontal:
            return ["h", line % columns, line // columns]
        line -= horizontal
        return ["v", line % (columns + 1), line // (columns + 1)]

    def name(self, line: int) -> str:
        kind, x, y = self.move(line)
        return f"{kind} {x}-{y}"

    def box_xy(self, box: int) -> tuple[int, int]:
        return box % self.columns, box // self.columns


@cache
def geometry(columns: int, rows: int) -> Geometry:
    horizontal = columns * (rows + 1)
    lines = horizontal + (columns + 1) * rows

    def h(x: int, y: int) -> int:
        return y * columns + x

    def v(x: int, y: int) -> int:
        return horizontal + y * (columns + 1) + x

    box_lines = []
    line_boxes: list[list[int]] = [[] for _ in range(lines)]
    for y in range(rows):
        for x in range(columns):
            box = y * columns + x
            sides = (h(x, y), h(x, y + 1), v(x, y), v(x + 1, y))
            box_lines.append(sum(1 << side for side in sides))
            for side in sides:
                line_boxes[side].append(box)
    return Geometry(
        columns=columns,
        rows=rows,
        lines=lines,
        box_lines=tuple(box_lines),
        line_boxes=tuple(tuple(boxes) for boxes in line_boxes),
        all_lines=(1 << lines) - 1,
    )


def bits(mask: int):
    """The positions of the set bits of `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def completes(board: Geometry, drawn: int, line: int) -> int:
    """How many boxes drawing `line` completes in a position with lines `drawn` (D3)."""
    after = drawn | 1 << line
    return sum(1 for box in board.line_boxes[line] if not board.box_lines[box] & ~after)


def gives_third_side(board: Geometry, drawn: int, line: int) -> bool:
    """Whether drawing `line` leaves a box with three sides, for the opponent to take."""
    after = drawn | 1 << line
    return any((board.box_lines[box] & ~after).bit_count() == 1 for box in board.line_boxes[line])
