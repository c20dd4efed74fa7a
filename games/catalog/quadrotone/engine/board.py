"""The Quadrotone board (Q1): 16×16 cells, each (tile, turn) or empty, and its colour grid.

Cells are numbered c + 16·r from the lower left. The colour grid is a numpy int8
array (32, 32) indexed grid[y, x] with y up: -1 empty, 0 R, 1 G, 2 B, 3 Y — the
form the scoring reads. A Board is never changed once made: `changed` makes a
new one, patching a copy of the grid where cells changed.
"""

from collections.abc import Iterable, Mapping

import numpy as np

from games.catalog.quadrotone.engine.tiles import BLOCKS, COLOURS, EMPTY

SIDE = 16
CELLS = SIDE * SIDE
SQUARES = 2 * SIDE
_LETTERS = np.array([ord(letter) for letter in COLOURS + "."], dtype=np.uint8)


def cell_of(c: int, r: int) -> int:
    return c + SIDE * r


def place_of(cell: int) -> tuple[int, int]:
    """(c, r) of a cell number."""
    return cell % SIDE, cell // SIDE


def squares_of(cells: Iterable[int]) -> list[list[int]]:
    """The small squares [x, y] of these cells, cell by cell: BL, BR, TL, TR."""
    squares = []
    for cell in cells:
        x, y = 2 * (cell % SIDE), 2 * (cell // SIDE)
        squares += [[x, y], [x + 1, y], [x, y + 1], [x + 1, y + 1]]
    return squares


def build_grid(tiles: np.ndarray, turns: np.ndarray) -> np.ndarray:
    """The colour grid of 256 cells (tile -1 for an empty cell)."""
    blocks = BLOCKS[np.maximum(tiles, 0), turns]  # (256, 2, 2): [cell, dy, dx]
    blocks = np.where((tiles < 0)[:, None, None], np.int8(EMPTY), blocks)
    # cell = c + 16 r → [r, c, dy, dx] → [r, dy, c, dx] → [y, x]
    return np.ascontiguousarray(
        blocks.reshape(SIDE, SIDE, 2, 2).transpose(0, 2, 1, 3).reshape(SQUARES, SQUARES)
    )


class Board:
    """Which tile lies on each cell and how it is turned, with the colours it makes."""

    __slots__ = ("grid", "tiles", "turns")

    def __init__(self, tiles: np.ndarray, turns: np.ndarray, grid: np.ndarray | None = None):
        self.tiles = tiles  # int16 (256,): the tile on each cell, -1 when empty
        self.turns = turns  # int8 (256,): its quarter turns clockwise from the id orientation
        self.grid = build_grid(tiles, turns) if grid is None else grid
        for array in (self.tiles, self.turns, self.grid):
            array.setflags(write=False)

    @classmethod
    def empty(cls) -> "Board":
        return cls(np.full(CELLS, EMPTY, dtype=np.int16), np.zeros(CELLS, dtype=np.int8))

    @classmethod
    def from_cells(cls, cells: Iterable[tuple[int, int] | None]) -> "Board":
        """A board from (tile, turn) or None per cell, in cell order."""
        tiles = np.full(CELLS, EMPTY, dtype=np.int16)
        turns = np.zeros(CELLS, dtype=np.int8)
        for cell, entry in enumerate(cells):
            if entry is not None:
                tiles[cell], turns[cell] = entry
        return cls(tiles, turns)

    def tile(self, cell: int) -> int:
        return int(self.tiles[cell])

    def turn(self, cell: int) -> int:
        return int(self.turns[cell])

    def occupied(self) -> int:
        return int(np.count_nonzero(self.tiles >= 0))

    def changed(self, changes: Mapping[int, tuple[int, int] | None]) -> "Board":
        """A new board with these cells set to (tile, turn) or emptied (None)."""
        tiles, turns, grid = self.tiles.copy(), self.turns.copy(), self.grid.copy()
        for cell, entry in changes.items():
            x, y = 2 * (cell % SIDE), 2 * (cell // SIDE)
            if entry is None:
                tiles[cell], turns[cell] = EMPTY, 0
                grid[y : y + 2, x : x + 2] = EMPTY
            else:
                tile, turn = entry
                tiles[cell], turns[cell] = tile, turn
                grid[y : y + 2, x : x + 2] = BLOCKS[tile, turn]
        return Board(tiles, turns, grid)

    def cells(self) -> list[tuple[int, int] | None]:
        return [
            None if tile < 0 else (tile, turn)
            for tile, turn in zip(self.tiles.tolist(), self.turns.tolist(), strict=True)
        ]

    def colour_rows(self) -> list[str]:
        """The grid as 32 strings of "RGBY.", row y = 0 (the bottom) first."""
        codes = _LETTERS[np.where(self.grid < 0, len(COLOURS), self.grid)]
        return [row.tobytes().decode() for row in codes]

    def encode(self) -> str:
        """The cells as hex: one 16-bit tile·4 + turn (or 0xffff) per cell."""
        values = np.where(self.tiles < 0, -1, self.tiles.astype(np.int16) * 4 + self.turns)
        return values.astype(">i2").tobytes().hex()

    @classmethod
    def decode(cls, text: str) -> "Board":
        values = np.frombuffer(bytes.fromhex(text), dtype=">i2").astype(np.int16)
        if values.shape != (CELLS,) or values.min() < -1 or values.max() > 1023:
            raise ValueError("a board is 256 cells")
        tiles = np.where(values < 0, EMPTY, values // 4).astype(np.int16)
        turns = np.where(values < 0, 0, values % 4).astype(np.int8)
        return cls(tiles, turns)
