"""Putting a dot and everything it sets off: captures (K6–K8, K10), scores (K11).

A point is *P-active* when it holds an active dot of P: P's colour and no owner
(K5). Captures are decided on the points that are not P-active, grouped
4-connectedly. To avoid flooding the board on every move, the position keeps,
per player P, which non-P-active points lie in a component without a border
point ("enclosed by P"). That set changes only when P puts a dot (a component
may split: only the enclosed parts are filled) and when P's dots are captured
(components merge: only the enclosed areas next to them are visited).
"""

from games.catalog.kropki.engine.board import BLUE, EMPTY, NOBODY, OUT, RED, Board, board


class Position:
    """Dots, owners and scores of one board; mutable, copied by the engine before a move."""

    __slots__ = ("board", "dot", "enclosed", "free", "owner", "score")

    def __init__(self, geometry: Board) -> None:
        self.board = geometry
        self.dot = bytearray(geometry.frame)
        self.owner = bytearray(geometry.size)
        # enclosed[P][i]: i is not P-active and its non-P-active component has no border point.
        self.enclosed = (b"", bytearray(geometry.size), bytearray(geometry.size))
        self.score = [0, 0, 0]
        self.free = len(geometry.points)

    def copy(self) -> "Position":
        twin = Position.__new__(Position)
        twin.board = self.board
        twin.dot = self.dot[:]
        twin.owner = self.owner[:]
        twin.enclosed = (b"", self.enclosed[1][:], self.enclosed[2][:])
        twin.score = self.score[:]
        twin.free = self.free
        return twin

    def is_free(self, index: int) -> bool:
        return self.dot[index] == EMPTY and self.owner[index] == NOBODY

    def is_active(self, index: int, player: int) -> bool:
        return self.dot[index] == player and self.owner[index] == NOBODY


def empty_position(width: int, height: int) -> Position:
    return Position(board(width, height))


def place(position: Position, point: int, player: int) -> int:
    """Put `player`'s dot on the free `point` and resolve captures; returns dots it took."""
    enemy = BLUE + RED - player
    inside_own_contour = position.enclosed[player][point]
    position.dot[point] = player
    position.enclosed[player][point] = 0
    position.free -= 1
    scored_before = position.score[player]

    took = False
    if inside_own_contour:
        areas = _enclosed_areas_around(position, point, player)
    else:
        seeds = _split_seeds(position, point, player)
        areas = _new_enclosed_areas(position, seeds, player) if len(seeds) >= 2 else []
    for area, holds_active_enemy in areas:
        if holds_active_enemy:
            _take(position, area, player)
            took = True
        else:
            marks = position.enclosed[player]
            for i in area:
                marks[i] = 1

    # K7: a dot that took nothing, inside the enemy's empty contour, is taken at once.
    if not took and position.enclosed[enemy][point]:
        area = _component(position, point, enemy)
        _take(position, area, enemy)
    return position.score[player] - scored_before


def _split_seeds(position: Position, point: int, player: int) -> list[int]:
    """One orthogonal neighbour per part the new dot may have cut its component into.

    Looks only at the eight neighbours: two orthogonal neighbours that are joined
    through the corner between them are certainly in one part.
    """
    dot, owner = position.dot, position.owner
    cells = [point + step for step in position.board.ring]
    open_ = [not (dot[c] == player and owner[c] == NOBODY) for c in cells]
    sides = [k for k in (0, 2, 4, 6) if open_[k]]
    if len(sides) < 2:
        return [cells[k] for k in sides]
    joined_to_previous = {k: open_[(k - 1) % 8] and open_[(k - 2) % 8] for k in (0, 2, 4, 6)}
    starts = [k for k in sides if not joined_to_previous[k]]
    if not starts:
        return [cells[sides[0]]]
    return [cells[k] for k in starts]


class _Fill:
    __slots__ = ("alias", "bordered", "enemy", "finished", "points", "stack")

    def __init__(self, seed: int, enemy_here: bool) -> None:
        self.stack = [seed]
        self.points = [seed]
        self.enemy = enemy_here
        self.bordered = False
        self.finished = False
        self.alias: _Fill | None = None

    def root(self) -> "_Fill":
        fill = self
        while fill.alias is not None:
            fill = fill.alias
        return fill


def _new_enclosed_areas(
    position: Position, seeds: list[int], player: int
) -> list[tuple[list[int], bool]]:
    """The parts around the new dot that no longer reach the border.

    The component the dot stood in reached the border (else the dot was inside
    its own contour). Fills from every part run in turns, each stopping as soon
    as it touches the border; when only one part is left unresolved and no other
    part reached the border, that last part must be the one that does. So the
    work is bounded by the enclosed parts, not by the open board around them.
    """
    geometry = position.board
    dot, owner, border, toward_edge = (
        position.dot,
        position.owner,
        geometry.border,
        geometry.toward_edge,
    )
    enemy = BLUE + RED - player
    visited: dict[int, _Fill] = {}
    fills: list[_Fill] = []
    any_bordered = False
    for seed in seeds:
        fill = _Fill(seed, dot[seed] == enemy and owner[seed] == NOBODY)
        fills.append(fill)
        if dot[seed] == OUT or border[seed]:
            fill.bordered = fill.finished = True
            any_bordered = True
        else:
            visited[seed] = fill
    running = [fill for fill in fills if not fill.finished]
    while running:
        if len(running) == 1 and not any_bordered:
            running[0].bordered = running[0].finished = True
            break
        for fill in running:
            if fill.finished:
                continue
            if not fill.stack:
                fill.finished = True
                continue
            current = fill.stack.pop()
            for step in toward_edge[current]:
                cell = dot[step]
                if cell == player and owner[step] == NOBODY:
                    continue
                seen = visited.get(step)
                if seen is None:
                    if border[step]:
                        fill.bordered = fill.finished = True
                        any_bordered = True
                        break
                    visited[step] = fill
                    fill.points.append(step)
                    fill.stack.append(step)
                    if cell == enemy and owner[step] == NOBODY:
                        fill.enemy = True
                    continue
                other = seen.root()
                if other is fill:
                    continue
                if other.bordered:
                    fill.bordered = fill.finished = True
                    break
                # Two parts that meet are one: carry on as a single fill.
                fill.stack.extend(other.stack)
                fill.points.extend(other.points)
                fill.enemy = fill.enemy or other.enemy
                other.alias = fill
                other.finished = True
        running = [fill for fill in running if not fill.finished]
    return [
        (fill.points, fill.enemy)
        for fill in fills
        if fill.alias is None and fill.finished and not fill.bordered
    ]


def _enclosed_areas_around(
    position: Position, point: int, player: int
) -> list[tuple[list[int], bool]]:
    """The parts next to a dot put inside its own player's contour (all enclosed)."""
    dot, owner = position.dot, position.owner
    enemy = BLUE + RED - player
    seen: set[int] = set()
    areas = []
    for start in (point + step for step in position.board.orthogonal):
        if start in seen or (dot[start] == player and owner[start] == NOBODY):
            continue
        area = _component(position, start, player)
        seen.update(area)
        holds_enemy = any(dot[i] == enemy and owner[i] == NOBODY for i in area)
        areas.append((area, holds_enemy))
    return areas


def _component(position: Position, start: int, player: int) -> list[int]:
    """The 4-connected non-`player`-active points around `start` (an enclosed area)."""
    dot, owner, orthogonal = position.dot, position.owner, position.board.orthogonal
    area = [start]
    seen = {start}
    stack = [start]
    while stack:
        current = stack.pop()
        for step in orthogonal:
            neighbour = current + step
            if neighbour in seen or dot[neighbour] == OUT:
                continue
            if dot[neighbour] == player and owner[neighbour] == NOBODY:
                continue
            seen.add(neighbour)
            area.append(neighbour)
            stack.append(neighbour)
    return area


def _take(position: Position, area: list[int], player: int) -> None:
    """Make `area` the player's territory (K6, K8) and settle the scores (K11)."""
    dot, owner, score = position.dot, position.owner, position.score
    enemy = BLUE + RED - player
    marks = position.enclosed[player]
    fallen = []
    for i in area:
        cell, before = dot[i], owner[i]
        if cell == enemy:
            if before != player:
                score[player] += 1
            if before == NOBODY:
                fallen.append(i)
        elif cell == player:
            if before == enemy:
                score[enemy] -= 1
        elif before == NOBODY:
            position.free -= 1
        owner[i] = player
        marks[i] = 1
    if fallen:
        _release(position, enemy, fallen)


def _release(position: Position, player: int, fallen: list[int]) -> None:
    """The player's dots in `fallen` stopped being active: merge the areas they joined.

    The merged component is enclosed for the player only if every area it joins
    was; one open neighbour opens them all.
    """
    dot, owner, marks = position.dot, position.owner, position.enclosed[player]
    orthogonal = position.board.orthogonal
    seen = set(fallen)
    stack = list(fallen)
    opened = False
    while stack:
        current = stack.pop()
        for step in orthogonal:
            neighbour = current + step
            if neighbour in seen:
                continue
            cell = dot[neighbour]
            if cell == OUT:
                opened = True
                continue
            if cell == player and owner[neighbour] == NOBODY:
                continue
            if marks[neighbour]:
                seen.add(neighbour)
                stack.append(neighbour)
            else:
                opened = True
    value = 0 if opened else 1
    for i in seen:
        marks[i] = value
