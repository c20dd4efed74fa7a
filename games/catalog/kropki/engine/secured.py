"""K13: is the leader's lead secured?"""

from functools import cache

import numpy as np
from scipy import ndimage

from games.catalog.kropki.engine.board import BLUE, NOBODY, RED, Board
from games.catalog.kropki.engine.rules import Position

# Orthogonal steps only: a diagonal link can be cut, so only edge contact counts.
_ORTHOGONAL = ndimage.generate_binary_structure(2, 1)


@cache
def _border_mask(geometry: Board) -> np.ndarray:
    return np.frombuffer(geometry.border, dtype=np.uint8).reshape(-1, geometry.stride) == 1


def _ungrounded_dots(position: Position, leader: int) -> np.ndarray:
    """Where the dots of U stand: on the leader's points, in areas that do not touch the edge."""
    geometry = position.board
    shape = (-1, geometry.stride)
    dot = np.frombuffer(position.dot, dtype=np.uint8).reshape(shape)
    owner = np.frombuffer(position.owner, dtype=np.uint8).reshape(shape)
    leader_owned = ((dot == leader) & (owner == NOBODY)) | (owner == leader)
    dots_there = leader_owned & ((dot == BLUE) | (dot == RED))
    labels, count = ndimage.label(leader_owned, structure=_ORTHOGONAL)
    grounded = np.zeros(count + 1, dtype=bool)
    grounded[labels[_border_mask(geometry)]] = True
    grounded[0] = False
    return dots_there & ~grounded[labels]


def unsafe_dots(position: Position, leader: int) -> int:
    """U of K13: dots on the leader's points in areas that do not touch the edge."""
    return int(np.count_nonzero(_ungrounded_dots(position, leader)))


def points_at_stake(position: Position) -> list[tuple[int, int]]:
    """The points of U for the present leader (x, y), row by row; none with equal scores.

    These are the dots the trailer could still win: the leader's dots it could capture,
    and the dots in the leader's territory it could take (back).
    """
    blue, red = position.score[BLUE], position.score[RED]
    if blue == red:
        return []
    leader = BLUE if blue > red else RED
    rows, columns = np.nonzero(_ungrounded_dots(position, leader))
    return [(int(x), int(y)) for y, x in zip(rows, columns, strict=True)]


def secured_lead(position: Position) -> bool:
    """True when the trailer could not equalise even by taking every ungrounded dot."""
    blue, red = position.score[BLUE], position.score[RED]
    if blue == red:
        return False
    leader = BLUE if blue > red else RED
    margin = abs(blue - red)
    return margin > unsafe_dots(position, leader)
