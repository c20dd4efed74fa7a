"""Differential test: random events paired round by round by this package and by
bbpPairings, a FIDE-endorsed engine of the same edition (C.04.3 in force from 1 February
2026), fed each event as a Tournament Report File. Needs bbpPairings (BBP_PAIRINGS or the
PATH); without it the test is skipped, and test_dutch_bye.py, test_dutch_articles.py and
test_dutch_order_exact.py check the same articles by hand and against a plain
enumeration of the Dutch order.

In 300 random events (docs/benchmarks.md) every round is paired alike; the seeds below are
the first forty of a fixed formula, not chosen.
"""

import pytest

from tests.swiss.independent_engine import compare_event, engine_path

ENGINE = engine_path()

# (seed, players, rounds): small and mid-sized fields, odd and even, forfeits and
# withdrawals (independent_engine.Event); each is a whole event compared round by round.
EVENTS = [(seed, 5 + (seed * 7) % 36, 3 + seed % 5) for seed in range(40)]


@pytest.mark.skipif(
    ENGINE is None,
    reason="bbpPairings is not installed; the articles are checked by hand elsewhere",
)
@pytest.mark.parametrize(("seed", "players", "rounds"), EVENTS)
def test_C1_to_C21_each_round_is_paired_as_the_endorsed_engine_pairs_it(seed, players, rounds):
    assert ENGINE is not None
    assert compare_event(ENGINE, seed, players, min(rounds, players - 1)) == []
