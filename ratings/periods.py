"""One step of the rating policy for many games at once: idle growth, Glicko-2, clamps.

Every game is its own rating period for its players; a game of more than two
counts as a game between every pair of them, scored by their final places.
The same function serves a single game as the worker rates it and whole
batches when every rating is recomputed, so both give the same numbers.
"""

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime

import numpy as np

from ratings import glicko2, policy


@dataclass(frozen=True)
class RatedGame:
    source: int  # the game's id
    at: datetime
    players: tuple[int, ...]
    places: tuple[int, ...]  # final place of each player, 1 best; equal places drew


@dataclass
class PlayerState:
    rating: float = glicko2.DEFAULT_RATING
    rd: float = glicko2.DEFAULT_RD
    volatility: float = glicko2.DEFAULT_VOLATILITY
    games: int = 0
    last_played_at: datetime | None = None


Change = tuple[RatedGame, int, np.ndarray, np.ndarray]  # game, player, before, after rows


def _clamp(rd: np.ndarray) -> np.ndarray:
    return np.clip(rd, policy.RD_FLOOR, policy.RD_CEILING)


def rate_batch(batch: list[RatedGame], states: dict[int, PlayerState]) -> list[Change]:
    """Rate games that share no player, updating `states`; returns every change."""
    rows = [(game, index) for game in batch for index in range(len(game.players))]
    players = [game.players[index] for game, index in rows]
    current = [states.setdefault(player, PlayerState()) for player in players]
    idle = np.array(
        [
            (game.at - state.last_played_at).total_seconds() if state.last_played_at else 0.0
            for (game, _index), state in zip(rows, current, strict=True)
        ]
    )
    grown_rd = _clamp(
        glicko2.grow_rd(
            np.array([s.rd for s in current]),
            np.array([s.volatility for s in current]),
            np.maximum(idle, 0.0) / 86_400.0 * policy.periods_per_day(),
        )
    )
    before = np.column_stack(
        [[s.rating for s in current], grown_rd, [s.volatility for s in current]]
    )
    row_of = {(game.source, index): n for n, (game, index) in enumerate(rows)}
    width = max(len(game.players) for game in batch) - 1
    shape = (len(rows), width)
    opponent_ratings, opponent_rds = np.zeros(shape), np.ones(shape)
    scores, mask = np.zeros(shape), np.zeros(shape, dtype=bool)
    for n, (game, index) in enumerate(rows):
        others = [other for other in range(len(game.players)) if other != index]
        for k, other in enumerate(others):
            opponent = row_of[(game.source, other)]
            opponent_ratings[n, k], opponent_rds[n, k] = before[opponent, 0], before[opponent, 1]
            mine, theirs = game.places[index], game.places[other]
            scores[n, k] = 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
            mask[n, k] = True
    ratings, rds, volatilities = glicko2.rate_many(
        before[:, 0], before[:, 1], before[:, 2],
        opponent_ratings, opponent_rds, scores, mask,
    )  # fmt: skip
    after = np.column_stack([ratings, _clamp(rds), volatilities])
    changes = []
    for n, ((game, _index), player, state) in enumerate(zip(rows, players, current, strict=True)):
        state.rating, state.rd, state.volatility = (float(v) for v in after[n])
        state.games += 1
        state.last_played_at = game.at
        changes.append((game, player, before[n], after[n]))
    return changes


def batches(games: Iterable[RatedGame]) -> Iterator[list[RatedGame]]:
    """Consecutive games whose players do not overlap: each batch is one numpy step,
    and no player's game is rated before their earlier one."""
    batch: list[RatedGame] = []
    busy: set[int] = set()
    for game in games:
        if busy.intersection(game.players):
            yield batch
            batch, busy = [], set()
        batch.append(game)
        busy.update(game.players)
    if batch:
        yield batch


def replay(
    games: Iterable[RatedGame], on_batch: Callable[[int], None] | None = None
) -> tuple[dict[int, PlayerState], list[Change]]:
    """Every game in order from fresh ratings: final states and each change."""
    states: dict[int, PlayerState] = {}
    changes: list[Change] = []
    for batch in batches(games):
        changes += rate_batch(batch, states)
        if on_batch is not None:
            on_batch(len(batch))
    return states, changes
