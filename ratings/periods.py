"""One step of the rating policy for many games at once: idle growth, Glicko-2, clamps.

Every game is its own rating period for its two players. The same function
serves a single game as the worker rates it and whole batches when every
rating is recomputed, so both give the same numbers.
"""

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime

import numpy as np

from ratings import glicko2, policy


@dataclass(frozen=True)
class RatedGame:
    source: int  # the game's id
    at: datetime
    player_a: int
    player_b: int
    score_a: float  # 1, 0.5 or 0


@dataclass
class PlayerState:
    rating: float = glicko2.DEFAULT_RATING
    rd: float = glicko2.DEFAULT_RD
    volatility: float = glicko2.DEFAULT_VOLATILITY
    games: int = 0
    last_played_at: datetime | None = None


def rate_step(
    before_a: np.ndarray, before_b: np.ndarray, idle_a: np.ndarray, idle_b: np.ndarray,
    scores_a: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:  # fmt: skip
    """Rows of (rating, rd, volatility) for both sides of M games, idle seconds before each.

    Returns (a before, b before, a after, b after): "before" is after the idle growth.
    """

    def clamp(rd: np.ndarray) -> np.ndarray:
        return np.clip(rd, policy.RD_FLOOR, policy.RD_CEILING)

    grown = []
    for before, idle in ((before_a, idle_a), (before_b, idle_b)):
        periods = np.asarray(idle, dtype=float) / 86_400.0 * policy.periods_per_day()
        rd = clamp(glicko2.grow_rd(before[:, 1], before[:, 2], np.maximum(periods, 0.0)))
        grown.append(np.column_stack([before[:, 0], rd, before[:, 2]]))
    (ra, rda, va), (rb, rdb, vb) = glicko2.rate_pairs(
        grown[0][:, 0], grown[0][:, 1], grown[0][:, 2],
        grown[1][:, 0], grown[1][:, 1], grown[1][:, 2], scores_a,
    )  # fmt: skip
    after_a = np.column_stack([ra, clamp(rda), va])
    after_b = np.column_stack([rb, clamp(rdb), vb])
    return grown[0], grown[1], after_a, after_b


def batches(games: Iterable[RatedGame]) -> Iterator[list[RatedGame]]:
    """Consecutive games whose players do not overlap: each batch is one numpy step,
    and no player's game is rated before their earlier one."""
    batch: list[RatedGame] = []
    busy: set[int] = set()
    for game in games:
        if game.player_a in busy or game.player_b in busy:
            yield batch
            batch, busy = [], set()
        batch.append(game)
        busy.update((game.player_a, game.player_b))
    if batch:
        yield batch


def replay(
    games: Iterable[RatedGame], on_batch=None
) -> tuple[dict[int, PlayerState], list[tuple[RatedGame, int, np.ndarray, np.ndarray]]]:
    """Every game in order from fresh ratings: final states and each change
    (game, player, before row, after row)."""
    players: dict[int, PlayerState] = {}
    changes: list[tuple[RatedGame, int, np.ndarray, np.ndarray]] = []
    for batch in batches(games):
        sides = []
        for attribute in ("player_a", "player_b"):
            states = [players.setdefault(getattr(g, attribute), PlayerState()) for g in batch]
            rows = np.array([(s.rating, s.rd, s.volatility) for s in states], dtype=float)
            idle = np.array(
                [
                    (g.at - s.last_played_at).total_seconds() if s.last_played_at else 0.0
                    for g, s in zip(batch, states, strict=True)
                ]
            )
            sides.append((states, rows, idle))
        scores = np.array([g.score_a for g in batch], dtype=float)
        before_a, before_b, after_a, after_b = rate_step(
            sides[0][1], sides[1][1], sides[0][2], sides[1][2], scores
        )
        for index, game in enumerate(batch):
            for (states, _rows, _idle), before, after, player in (
                (sides[0], before_a, after_a, game.player_a),
                (sides[1], before_b, after_b, game.player_b),
            ):
                state = states[index]
                state.rating, state.rd, state.volatility = (float(v) for v in after[index])
                state.games += 1
                state.last_played_at = game.at
                changes.append((game, player, before[index], after[index]))
        if on_batch is not None:
            on_batch(len(batch))
    return players, changes
