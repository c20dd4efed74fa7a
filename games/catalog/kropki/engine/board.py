"""Board geometry: a W×H lattice stored row by row with a one-point frame around it.

Point x-y (1-based, y counting upwards, K1) lives at index y * (W + 2) + x, so
every real point has eight neighbours in the arrays and the frame marks "off
the board" without bounds checks.
"""

from dataclasses import dataclass
from functools import cache

EMPTY, BLUE, RED, OUT = 0, 1, 2, 3
NOBODY = 0
SEAT_NAMES = {BLUE: "blue", RED: "red"}
SEATS = {"blue": BLUE, "red": RED}

MIN_SIZE, MAX_SIZE = 4, 60


def other(player: int) -> int:
    return 3 - player


@dataclass(frozen=True)
class Board:
    width: int
    height: int
    stride: int
    size: int
    # Orthogonal neighbour offsets; ring: the eight neighbours clockwise from north.
    orthogonal: tuple[int, int, int, int]
    ring: tuple[int, ...]
    border: bytes
    points: tuple[int, ...]
    # Per point: its orthogonal neighbours, the one nearest the edge last, so a
    # depth-first fill heads for the edge first and learns soonest it is open.
    toward_edge: tuple[tuple[int, ...], ...]
    frame: bytes

    def index(self, x: int, y: int) -> int:
        return y * self.stride + x

    def xy(self, index: int) -> tuple[int, int]:
        return index % self.stride, index // self.stride

    def on_board(self, x: int, y: int) -> bool:
        return 1 <= x <= self.width and 1 <= y <= self.height


@cache
def board(width: int, height: int) -> Board:
    stride = width + 2
    size = stride * (height + 2)
    north, east = stride, 1
    orthogonal = (north, east, -north, -east)
    ring = (north, north + east, east, east - north, -north, -north - east, -east, north - east)
    border = bytearray(size)
    frame = bytearray(size)
    points = []
    toward_edge: list[tuple[int, ...]] = [()] * size
    for y in range(height + 2):
        for x in range(stride):
            i = y * stride + x
            if not (1 <= x <= width and 1 <= y <= height):
                frame[i] = OUT
                continue
            points.append(i)
            if x in (1, width) or y in (1, height):
                border[i] = 1
    for i in points:
        x, y = i % stride, i // stride
        distance = {north: height - y, -north: y - 1, east: width - x, -east: x - 1}
        ordered = sorted(orthogonal, key=lambda step: -distance[step])
        toward_edge[i] = tuple(i + step for step in ordered)
    return Board(
        width=width,
        height=height,
        stride=stride,
        size=size,
        orthogonal=orthogonal,
        ring=ring,
        border=bytes(border),
        points=tuple(points),
        toward_edge=tuple(toward_edge),
        frame=bytes(frame),
    )
