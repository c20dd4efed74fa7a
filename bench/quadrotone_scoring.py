"""Quadrotone scoring: `score_move` on a full 32×32 board, rotations, chains and enclosure on.

The board holds all 256 tiles, each once, at random places and turns (the
reverse variant's start, Q21). A move takes k tiles (1 or 8), shuffles their
cells and turns each at random, as a reverse-variant move does (Q22); the
scoring memory carries over from move to move, as in a game. Run alone with
`python -m bench.quadrotone_scoring` (no database needed).
"""

import statistics
import time

import numpy as np

MOVES = 400
TARGET_MS = 50.0


def _tile_squares(tile: int, turn: int) -> np.ndarray:
    """The tile's 2×2 colours as grid rows (y up): [[BL, BR], [TL, TR]], turned clockwise."""
    corners = [(tile >> 6) & 3, (tile >> 4) & 3, (tile >> 2) & 3, tile & 3]  # TL TR BR BL
    for _ in range(turn % 4):
        corners = [corners[3], corners[0], corners[1], corners[2]]
    top_left, top_right, bottom_right, bottom_left = corners
    return np.array([[bottom_left, bottom_right], [top_left, top_right]], dtype=np.int8)


def _paint(grid: np.ndarray, cell: int, tile: int, turn: int) -> None:
    c, r = cell % 16, cell // 16
    grid[2 * r : 2 * r + 2, 2 * c : 2 * c + 2] = _tile_squares(tile, turn)


def _play(tiles_per_move: int, seed: int, clustered: bool = False) -> tuple[list[float], int]:
    """Milliseconds per `score_move` over MOVES random moves, and the points they made."""
    from games.catalog.quadrotone.engine.catalogue import load_catalogue
    from games.catalog.quadrotone.engine.scoring import ScoringMemory, ScoringOptions, score_move

    catalogue = load_catalogue()
    options = ScoringOptions(rotations=True, chains=True, enclosure=True)
    rng = np.random.default_rng(seed)
    tile_at = rng.permutation(256)
    turn_at = rng.integers(0, 4, 256)
    grid = np.full((32, 32), -1, dtype=np.int8)
    for cell in range(256):
        _paint(grid, cell, int(tile_at[cell]), int(turn_at[cell]))
    memory = ScoringMemory.empty()
    times, points = [], 0
    for _ in range(MOVES):
        if clustered:  # a 4×2 block of cells: the changes touch each other
            c, r = int(rng.integers(0, 13)), int(rng.integers(0, 15))
            cells = np.array([(r + dr) * 16 + c + dc for dr in range(2) for dc in range(4)])
        else:
            cells = rng.choice(256, tiles_per_move, replace=False)
        moved = rng.permutation(cells)
        tile_at[cells], turn_at[cells] = tile_at[moved], rng.integers(0, 4, len(cells))
        after = grid.copy()
        for cell in cells:
            _paint(after, int(cell), int(tile_at[cell]), int(turn_at[cell]))
        started = time.perf_counter()
        result = score_move(grid, after, memory, options, catalogue)
        times.append((time.perf_counter() - started) * 1000)
        memory, grid, points = result.memory, after, points + result.points
    return times, points


def _line(name: str, times: list[float], points: int) -> str:
    times = sorted(times)
    return (
        f"{name:<44} {len(times):>6} moves median {statistics.median(times):6.2f} ms  "
        f"p95 {times[int(0.95 * (len(times) - 1))]:6.2f} ms  max {times[-1]:6.2f} ms  "
        f"({points / len(times):.0f} points a move; target ≤ {TARGET_MS:.0f} ms)"
    )


def run() -> list[str]:
    _play(1, seed=0)  # warm-up: imports, the catalogue index, numpy/scipy first calls
    lines = []
    for tiles, clustered in ((1, False), (8, False), (8, True)):
        times, points = _play(tiles, seed=tiles + clustered, clustered=clustered)
        how = "8 tiles in a 4×2 block" if clustered else f"{tiles} tile{'s' * (tiles > 1)}"
        lines.append(_line(f"score_move, {how} a move", times, points))
    return lines


if __name__ == "__main__":
    for line in run():
        print(line)
