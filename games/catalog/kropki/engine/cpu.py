"""A Kropki opponent for practice games: it takes, it saves, it threatens, it stays near the fight.

First look: every candidate point near the dots already played is tried for
both sides: what the CPU would win by playing there, and what the opponent
would win by playing there (so taking the point saves those dots). A point
where the CPU's own dot would be taken at once (an enemy's empty contour) is
avoided. Ties are broken by a generator seeded from the position, so the same
position always gets the same answer.

Second look, for the best few points of the first: the dot is put, and the
points around it are tried again. A move that prepares two captures counts
the smaller, which the opponent cannot stop along with the larger; a move
after which the opponent could take dots at once counts what it would lose.
A single threat earns nothing: it is blocked at once, and chasing such
threats lost more games than it won.
"""

import random

from games.catalog.kropki.engine.board import NOBODY, other
from games.catalog.kropki.engine.rules import Position, place

REACH = 2  # candidates lie within this many points (king steps) of a dot
SECOND_LOOK = 8  # how many of the first look's best points get the second
SECOND_LOOK_REACH = 3  # the second look tries the points this near the new dot
DOUBLE_THREAT = 10.0  # per dot of the smaller of two captures the move prepares
REPLY = 9.0  # per dot the opponent could take right after the move


def _gain(position: Position, point: int, player: int) -> int:
    """Net points for `player` if they put a dot on `point` now."""
    trial = position.copy()
    before = trial.score[player] - trial.score[other(player)]
    place(trial, point, player)
    return trial.score[player] - trial.score[other(player)] - before


def _near(position: Position, point: int, reach: int) -> list[int]:
    """The free points within `reach` king steps of `point`."""
    geometry = position.board
    stride = geometry.stride
    near = (
        point + dy * stride + dx
        for dy in range(-reach, reach + 1)
        for dx in range(-reach, reach + 1)
    )
    return [i for i in near if 0 <= i < geometry.size and position.is_free(i)]


def _candidates(position: Position) -> list[int]:
    """The free points within REACH of an active dot, in board order."""
    active = (
        i
        for i in position.board.points
        if position.dot[i] in (1, 2) and position.owner[i] == NOBODY
    )
    return sorted({q for i in active for q in _near(position, i, REACH)})


def _first_look(
    position: Position, player: int, candidates: list[int], last: int | None, moves: int
) -> tuple[list[tuple[float, int]], list[int]]:
    """(value, point) for every candidate, best first; and the points where the opponent
    could take dots now."""
    geometry = position.board
    chooser = random.Random(moves * 7919 + len(candidates))
    enemy = other(player)
    lx, ly = geometry.xy(last) if last is not None else (0, 0)
    weighed, threatened = [], []
    for point in candidates:
        mine = _gain(position, point, player)
        theirs = _gain(position, point, enemy)
        if theirs > 0:
            threatened.append(point)
        value = 10.0 * mine + 9.0 * max(theirs, 0)
        if mine < 0:
            value -= 100.0
        for step in geometry.ring:
            neighbour = point + step
            if position.owner[neighbour] == NOBODY:
                if position.dot[neighbour] == enemy:
                    value += 0.3
                elif position.dot[neighbour] == player:
                    value += 0.2
        if last is not None:
            x, y = geometry.xy(point)
            value -= 0.05 * max(abs(x - lx), abs(y - ly))
        value += chooser.random() * 0.01
        weighed.append((value, point))
    weighed.sort(key=lambda entry: -entry[0])
    return weighed, threatened


def _second_look(position: Position, player: int, point: int, threatened: list[int]) -> float:
    """What putting the dot on `point` prepares for the player and leaves to the opponent."""
    trial = position.copy()
    place(trial, point, player)
    around = _near(trial, point, SECOND_LOOK_REACH)
    threats = sorted(gain for q in around if (gain := _gain(trial, q, player)) > 0)
    still_open = {q for q in threatened if trial.is_free(q)}
    enemy = other(player)
    reply = max((_gain(trial, q, enemy) for q in still_open.union(around)), default=0)
    value = -REPLY * max(reply, 0)
    if len(threats) > 1:
        value += DOUBLE_THREAT * threats[-2]
    return value


def ranked_points(
    position: Position, player: int, last: int | None, moves: int, *, second_look: bool = True
) -> list[tuple[float, int]]:
    """(value, point) of the points the CPU weighs for `player`, best first (the earlier
    first-look point first among equals); empty when no point is near a dot.

    With the second look, only the first look's SECOND_LOOK best points are listed.
    """
    candidates = _candidates(position)
    if not candidates:
        return []
    weighed, threatened = _first_look(position, player, candidates, last, moves)
    if not second_look:
        return weighed
    looked = [
        (value + _second_look(position, player, point, threatened), point)
        for value, point in weighed[:SECOND_LOOK]
    ]
    looked.sort(key=lambda entry: -entry[0])
    return looked


def opening_point(position: Position) -> int | None:
    """The free point nearest the centre, for a board with no dot near which to play."""
    geometry = position.board
    free = [i for i in geometry.points if position.is_free(i)]
    if not free:
        return None
    centre = geometry.index((geometry.width + 1) // 2, (geometry.height + 1) // 2)
    cx, cy = geometry.xy(centre)
    return min(free, key=lambda i: abs(geometry.xy(i)[0] - cx) + abs(geometry.xy(i)[1] - cy))


EASY_SLIPS = 3  # the easy CPU plays a lesser quiet point once in this many moves
EASY_CHOICES = 3  # ... one of the first look's best this many
URGENT = 9.0  # a first-look value this high wins or saves dots: the easy CPU sees it


def easy_point(position: Position, player: int, last: int | None, moves: int) -> int | None:
    """The easy CPU: the first look alone, and now and then a lesser point when nothing
    is at stake (chosen by a generator seeded from the position)."""
    ranked = ranked_points(position, player, last, moves, second_look=False)
    if not ranked:
        return opening_point(position)
    chooser = random.Random(moves * 104729 + position.score[player] * 31 + len(ranked))
    if ranked[0][0] < URGENT and chooser.randrange(EASY_SLIPS) == 0:
        return chooser.choice(ranked[:EASY_CHOICES])[1]
    return ranked[0][1]


def suggest_point(
    position: Position, player: int, last: int | None, moves: int, *, second_look: bool = True
) -> int | None:
    """The index of the point the CPU plays for `player`, or None when no point is free.

    `second_look=False` plays on the first look alone (the benchmark's baseline).
    """
    ranked = ranked_points(position, player, last, moves, second_look=second_look)
    if not ranked:
        return opening_point(position)
    return ranked[0][1]
