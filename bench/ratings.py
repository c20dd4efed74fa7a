"""Ratings: the raw Glicko-2 batch step, and replaying 100,000 games among 2,000 players."""

import random
import time
from datetime import UTC, datetime, timedelta

import numpy as np

from bench.timing import Timing

GAMES, PLAYERS = 100_000, 2_000


def _timing(name: str, seconds: float, count: int) -> Timing:
    return Timing(name, count, seconds * 1000, seconds * 1000, count / seconds)


def run() -> list[Timing | str]:
    from ratings import glicko2, periods

    chooser = np.random.default_rng(11)
    ratings = chooser.uniform(1000, 2400, (2, GAMES))
    rds = chooser.uniform(45, 350, (2, GAMES))
    volatilities = chooser.uniform(0.04, 0.08, (2, GAMES))
    scores = chooser.choice([0.0, 0.5, 1.0], GAMES)
    started = time.perf_counter()
    glicko2.rate_pairs(
        ratings[0], rds[0], volatilities[0], ratings[1], rds[1], volatilities[1], scores
    )
    raw = time.perf_counter() - started

    picker = random.Random(5)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    games = []
    for n in range(GAMES):
        a, b = picker.sample(range(PLAYERS), 2)
        games.append(
            periods.RatedGame(
                n, start + timedelta(minutes=n), (a, b), picker.choice([(1, 2), (2, 1), (1, 1)])
            )
        )
    batches = sum(1 for _ in periods.batches(games))
    started = time.perf_counter()
    periods.replay(games)
    replayed = time.perf_counter() - started
    return [
        _timing("rate_pairs: 100,000 games in one step", raw, GAMES),
        _timing(f"replay 100,000 games, 2,000 players ({batches} batches)", replayed, GAMES),
    ]
