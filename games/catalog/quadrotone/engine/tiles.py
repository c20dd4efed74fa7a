"""Quadrotone tiles (Q2): ids, colours, quarter turns and rotation classes.

A tile id 0–255 is the base-4 number TL·64 + TR·16 + BR·4 + BL of its corner
colours, R=0 G=1 B=2 Y=3 (id 0 is all red). A clockwise quarter turn moves
every colour one corner on: TL←BL, TR←TL, BR←TR, BL←BR.

On the board a cell (c, r) holds the small squares x = 2c, 2c+1 and y = 2r, 2r+1
(y up): TL is (2c, 2r+1), TR (2c+1, 2r+1), BR (2c+1, 2r), BL (2c, 2r).
"""

import numpy as np

COLOURS = "RGBY"
EMPTY = -1
TILES = 256
CORNERS = ("TL", "TR", "BR", "BL")


def colours(tile: int, turn: int = 0) -> tuple[int, int, int, int]:
    """(TL, TR, BR, BL) colour numbers of `tile` turned `turn` quarter turns clockwise."""
    corners = (tile >> 6 & 3, tile >> 4 & 3, tile >> 2 & 3, tile & 3)
    k = turn % 4
    # A clockwise turn takes each corner's colour from the corner before it (TL←BL, …).
    return corners[4 - k :] + corners[: 4 - k] if k else corners


def tile_id(tl: int, tr: int, br: int, bl: int) -> int:
    """The id of the tile with these corner colours (in its id orientation)."""
    return tl * 64 + tr * 16 + br * 4 + bl


def letters(tile: int, turn: int = 0) -> str:
    """The corner colours as letters, TL TR BR BL: 'RGBY'."""
    return "".join(COLOURS[colour] for colour in colours(tile, turn))


def turned_id(tile: int, turn: int) -> int:
    """The id of the tile whose id orientation shows `tile` turned `turn` times."""
    return tile_id(*colours(tile, turn))


def rotation_class(tile: int) -> int:
    """The class of tiles that turn into each other, named by its smallest id."""
    return min(turned_id(tile, turn) for turn in range(4))


def groups() -> list[tuple[int, ...]]:
    """Q4's groups, in order of their smallest id: the 4 one-colour tiles together,
    then every other rotation class (60 of 4 tiles, 6 of 2)."""
    one_colour = tuple(tile_id(c, c, c, c) for c in range(4))
    classes: dict[int, list[int]] = {}
    for tile in range(TILES):
        if tile not in one_colour:
            classes.setdefault(rotation_class(tile), []).append(tile)
    return [one_colour, *(tuple(members) for _key, members in sorted(classes.items()))]


def _blocks() -> np.ndarray:
    """BLOCKS[tile, turn] is the tile's 2×2 of colours as it lies on the grid: [dy, dx], dy up."""
    blocks = np.empty((TILES, 4, 2, 2), dtype=np.int8)
    for tile in range(TILES):
        for turn in range(4):
            tl, tr, br, bl = colours(tile, turn)
            blocks[tile, turn] = ((bl, br), (tl, tr))
    blocks.setflags(write=False)
    return blocks


BLOCKS = _blocks()


def cell_squares(c: int, r: int) -> list[tuple[int, int]]:
    """The four small squares (x, y) of cell (c, r): BL, BR, TL, TR."""
    return [(2 * c, 2 * r), (2 * c + 1, 2 * r), (2 * c, 2 * r + 1), (2 * c + 1, 2 * r + 1)]
