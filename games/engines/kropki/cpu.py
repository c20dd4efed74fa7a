"""A modest Kropki opponent for practice games: it takes, it saves, it stays near the fight.

Every candidate point near the dots already played is tried for both sides:
what the CPU would win by playing there, and what the opponent would win by
playing there (so taking the point saves those dots). A point where the
CPU's own dot would be taken at once (an enemy's empty contour) is avoided.
Ties are broken by a generator seeded from the position, so the same position
always gets the same answer.
"""

import random

from games.engines.kropki.board import NOBODY, other
from games.engines.kropki.rules import Position, place

REACH = 2  # candidates lie within this many points (king steps) of a dot


def _gain(position: Position, point: int, player: int) -> int:
    """Net points for `player` if they put a dot on `point` now."""
    trial = position.copy()
    before = trial.score[player] - trial.score[other(player)]
    place(trial, point, player)
    return trial.score[player] - trial.score[other(player)] - before


def _candidates(position: Position) -> list[int]:
    geometry = position.board
    stride = geometry.stride
    near = set()
    for i in geometry.points:
        if position.dot[i] in (1, 2) and position.owner[i] == NOBODY:
            for dy in range(-REACH, REACH + 1):
                for dx in range(-REACH, REACH + 1):
                    near.add(i + dy * stride + dx)
    return sorted(i for i in near if 0 <= i < geometry.size and position.is_free(i))


def suggest_point(position: Position, player: int, last: int | None, moves: int) -> int | None:
    """The index of the point the CPU plays for `player`, or None when no point is free."""
    geometry = position.board
    candidates = _candidates(position)
    if not candidates:
        free = [i for i in geometry.points if position.is_free(i)]
        if not free:
            return None
        centre = geometry.index((geometry.width + 1) // 2, (geometry.height + 1) // 2)
        cx, cy = geometry.xy(centre)
        return min(free, key=lambda i: abs(geometry.xy(i)[0] - cx) + abs(geometry.xy(i)[1] - cy))
    chooser = random.Random(moves * 7919 + len(candidates))
    enemy = other(player)
    lx, ly = geometry.xy(last) if last is not None else (0, 0)
    best_value, best = None, []
    for point in candidates:
        mine = _gain(position, point, player)
        theirs = _gain(position, point, enemy)
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
        if best_value is None or value > best_value:
            best_value, best = value, [point]
    return best[0]
