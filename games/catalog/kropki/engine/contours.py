"""The closed contour round each captured area, for drawing the board.

The engine keeps who owns each point, not the chains that made the captures, so
the chains are found again from the territory. An area of P's territory is a
4-connected component of P-owned points (K6); a larger capture re-owns the
smaller ones inside it (K8), so each component is one capture as the board now
shows it, absorbed captures included. Every orthogonal neighbour of such an
area outside it is an active dot of P: the area was a whole component of the
points that are not P-active when it was taken, and a dot of that rim can only
stop being active by a capture that takes the area with it. The contour is the
outer boundary of the area and its rim, traced through the rim's dots with
diagonal steps allowed (the 8-direction links of K5).
"""

from games.catalog.kropki.engine.board import NOBODY, Board
from games.catalog.kropki.engine.rules import Position

Point = tuple[int, int]


def capture_contours(position: Position) -> list[tuple[int, list[Point]]]:
    """(owner, contour) for every area of territory, in board order.

    A contour lists the capturer's dots once each round the area, clockwise as the
    board is seen (y upwards); the last point joins back to the first.
    """
    geometry = position.board
    owner = position.owner
    seen = bytearray(geometry.size)
    contours = []
    for start in geometry.points:
        player = owner[start]
        if player == NOBODY or seen[start]:
            continue
        area = _area(position, start, seen)
        contours.append((player, [geometry.xy(i) for i in _trace(position, area, player)]))
    return contours


def _area(position: Position, start: int, seen: bytearray) -> list[int]:
    """The 4-connected points owned by the owner of `start`, marked in `seen`."""
    owner, orthogonal = position.owner, position.board.orthogonal
    player = owner[start]
    seen[start] = 1
    area = [start]
    stack = [start]
    while stack:
        current = stack.pop()
        for step in orthogonal:
            neighbour = current + step
            if not seen[neighbour] and owner[neighbour] == player:
                seen[neighbour] = 1
                area.append(neighbour)
                stack.append(neighbour)
    return area


def _trace(position: Position, area: list[int], player: int) -> list[int]:
    """The rim dots round `area` in order: Moore-neighbour tracing of area plus rim.

    Each step looks round the current point clockwise, starting just after the last
    point found outside, and goes to the first point of the shape. The point looked at
    before it is outside and orthogonally next to it, so a point of the area itself (all
    of whose orthogonal neighbours are in the shape) is never stepped on. The walk stops
    when it is about to repeat its first step.
    """
    geometry = position.board
    dot, owner = position.dot, position.owner
    shape = set(area)
    for i in area:
        for step in geometry.orthogonal:
            rim = i + step
            if dot[rim] == player and owner[rim] == NOBODY:
                shape.add(rim)
    ring = geometry.ring
    back_steps = _back_steps(geometry)
    start = min(shape)
    # Everything before `start` in board order is outside the shape: so is its west side.
    current, behind = start, ring.index(-1)
    first_step: int | None = None
    contour = [start]
    # A point of the shape is stepped on at most four times (once from each side).
    for _step in range(4 * len(shape) + 4):
        for turn in range(1, 9):
            direction = (behind + turn) % 8
            following = current + ring[direction]
            if following in shape:
                break
        else:
            return contour  # a shape of one point
        if current == start:
            if first_step == following:
                contour.pop()  # back at the start, which the list already opens with
                return contour
            if first_step is None:
                first_step = following
        # The point looked at just before, seen from the point stepped to.
        behind = back_steps[direction]
        current = following
        contour.append(current)
    return contour  # never reached: the walk is bound to come back; a page still draws


def _back_steps(geometry: Board) -> tuple[int, ...]:
    """For each ring direction d: where, seen from the point in direction d, lies the
    ring point looked at just before it (direction d - 1 from the old point)."""
    ring = geometry.ring
    index = {step: k for k, step in enumerate(ring)}
    return tuple(index[ring[(d - 1) % 8] - ring[d]] for d in range(8))
