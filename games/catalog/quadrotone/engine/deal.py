"""The seeded starts: Q4's deal in equal halves and Q21's random full board.

Both are deterministic given the seed (Python's Mersenne Twister, seeded with the
integer), so a game's options make the same start on every machine.
"""

import random

from games.catalog.quadrotone.engine.tiles import TILES, groups

CELLS = 256


def deal(seed: int) -> tuple[list[int], list[int]]:
    """(first's tiles, second's tiles), 128 each, ascending.

    Q4: every group (the one-colour tiles, each rotation class) is split in
    two equal halves at random: 2 one-colour tiles, 2 of every 4-class and 1 of
    every 2-class to each player.
    """
    chooser = random.Random(seed)
    first: list[int] = []
    second: list[int] = []
    for group in groups():
        members = list(group)
        chooser.shuffle(members)
        half = len(members) // 2
        first.extend(members[:half])
        second.extend(members[half:])
    return sorted(first), sorted(second)


def random_board(seed: int) -> list[tuple[int, int]]:
    """Q21: (tile, turn) for every cell in cell order c + 16·r, all 256 tiles at random."""
    chooser = random.Random(seed)
    tiles = list(range(TILES))
    chooser.shuffle(tiles)
    return [(tile, chooser.randrange(4)) for tile in tiles]
