"""Glicko-2 rating updates (pure functions, no database)."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratings.glicko2 import (
    DEFAULT_RATING,
    DEFAULT_RD,
    DEFAULT_VOLATILITY,
    grow_rd,
    rate,
    rate_many,
    rate_pairs,
)

# Glickman's worked example: a 1500 ± 200 player (volatility 0.06, tau 0.5) beats a 1400 ± 30
# player and loses to 1550 ± 100 and 1700 ± 300 in one rating period.
PAPER_PLAYER = (1500.0, 200.0, 0.06)
PAPER_RESULTS = [(1400.0, 30.0, 1.0), (1550.0, 100.0, 0.0), (1700.0, 300.0, 0.0)]
PAPER_RATING, PAPER_RD, PAPER_VOLATILITY = 1464.0507, 151.5165, 0.0599960


def assert_paper_result(rating: float, rd: float, volatility: float) -> None:
    assert rating == pytest.approx(PAPER_RATING, abs=0.01)
    assert rd == pytest.approx(PAPER_RD, abs=0.01)
    assert volatility == pytest.approx(PAPER_VOLATILITY, abs=1e-5)


def test_glicko2_paper_example():
    assert_paper_result(*rate(*PAPER_PLAYER, PAPER_RESULTS, tau=0.5))
    # The paper rounds its published figures to these.
    rating, rd, volatility = rate(*PAPER_PLAYER, PAPER_RESULTS)
    assert (round(rating, 2), round(rd, 2), round(volatility, 5)) == (1464.05, 151.52, 0.06)


def test_glicko2_paper_example_through_rate_many_among_padded_rows():
    nan = math.nan
    # Row 0: the paper, padded at the end. Row 1: the paper with its games scattered between
    # padding. Row 2: one game. Row 3: no game at all. Padding holds NaN, which must not leak.
    opponent_ratings = np.array(
        [
            [1400, 1550, 1700, nan, nan],
            [nan, 1700, nan, 1400, 1550],
            [1800, nan, nan, nan, nan],
            [nan, nan, nan, nan, nan],
        ]
    )
    opponent_rds = np.array(
        [
            [30, 100, 300, nan, nan],
            [nan, 300, nan, 30, 100],
            [80, nan, nan, nan, nan],
            [nan, nan, nan, nan, nan],
        ]
    )
    scores = np.array(
        [
            [1, 0, 0, nan, nan],
            [nan, 0, nan, 1, 0],
            [0.5, nan, nan, nan, nan],
            [nan, nan, nan, nan, nan],
        ]
    )
    mask = ~np.isnan(scores)
    ratings, rds, vols = rate_many(
        [1500, 1500, 1620, 1710],
        [200, 200, 90, 120],
        [0.06, 0.06, 0.05, 0.07],
        opponent_ratings,
        opponent_rds,
        scores,
        mask=mask,
        tau=0.5,
    )
    assert_paper_result(ratings[0], rds[0], vols[0])
    assert_paper_result(ratings[1], rds[1], vols[1])
    assert (ratings[2], rds[2], vols[2]) == pytest.approx(rate(1620, 90, 0.05, [(1800, 80, 0.5)]))
    assert (ratings[3], rds[3], vols[3]) == pytest.approx((1710, grow_rd(120, 0.07, 1), 0.07))


def test_rate_many_without_mask_counts_every_entry():
    ratings, rds, vols = rate_many(
        [1500],
        [200],
        [0.06],
        [[r for r, _, _ in PAPER_RESULTS]],
        [[rd for _, rd, _ in PAPER_RESULTS]],
        [[s for _, _, s in PAPER_RESULTS]],
    )
    assert_paper_result(ratings[0], rds[0], vols[0])


def test_rate_many_does_not_modify_its_inputs():
    ratings, rds, vols = np.array([1500.0, 1600.0]), np.array([200.0, 80.0]), np.array([0.06] * 2)
    before = (ratings.copy(), rds.copy(), vols.copy())
    rate_many(
        ratings,
        rds,
        vols,
        [[1400.0], [0.0]],
        [[30.0], [0.0]],
        [[1.0], [0.0]],
        mask=[[True], [False]],
    )
    for array, original in zip((ratings, rds, vols), before, strict=True):
        np.testing.assert_array_equal(array, original)


def test_win_between_equals_moves_both_ratings_by_the_same_amount_in_opposite_directions():
    winner = rate(1500, 120, 0.06, [(1500, 120, 1.0)])
    loser = rate(1500, 120, 0.06, [(1500, 120, 0.0)])
    assert winner[0] - 1500 > 0
    assert winner[0] - 1500 == pytest.approx(1500 - loser[0], abs=1e-9)
    assert winner[1] == pytest.approx(loser[1], abs=1e-9)
    assert winner[2] == pytest.approx(loser[2], abs=1e-12)


def test_rate_pairs_agrees_with_rate_for_each_side():
    a = (np.array([1500.0, 1720.0, 1310.0]), np.array([350.0, 60.0, 140.0]), np.array([0.06] * 3))
    b = (np.array([1500.0, 1480.0, 1900.0]), np.array([350.0, 200.0, 45.0]), np.array([0.05] * 3))
    scores = np.array([1.0, 0.5, 1.0])
    (ra, rda, va), (rb, rdb, vb) = rate_pairs(*a, *b, scores, tau=0.4)
    for i in range(3):
        expect_a = rate(a[0][i], a[1][i], a[2][i], [(b[0][i], b[1][i], scores[i])], tau=0.4)
        expect_b = rate(b[0][i], b[1][i], b[2][i], [(a[0][i], a[1][i], 1 - scores[i])], tau=0.4)
        assert (ra[i], rda[i], va[i]) == pytest.approx(expect_a, rel=1e-12)
        assert (rb[i], rdb[i], vb[i]) == pytest.approx(expect_b, rel=1e-12)


def test_rate_pairs_rates_both_sides_from_values_before_the_game():
    # Equal players: b's update is the mirror of a's only if b saw a's old rating.
    (ra, _, _), (rb, _, _) = rate_pairs(1500, 350, 0.06, 1500, 350, 0.06, 1.0)
    assert ra[0] - 1500 == pytest.approx(1500 - rb[0], abs=1e-9)


def test_draw_between_equals_keeps_ratings_and_lowers_rd():
    rating, rd, _ = rate(1500, 200, 0.06, [(1500, 200, 0.5)])
    assert rating == pytest.approx(1500, abs=1e-9)
    assert rd < 200
    (ra, rda, _), (rb, rdb, _) = rate_pairs(1832, 90, 0.06, 1832, 90, 0.06, 0.5)
    assert ra[0] == pytest.approx(1832, abs=1e-9)
    assert rb[0] == pytest.approx(1832, abs=1e-9)
    assert rda[0] < 90
    assert rdb[0] < 90


def test_no_games_only_grows_rd():
    rating, rd, volatility = rate(1640, 80, 0.06, [])
    assert (rating, volatility) == (1640, 0.06)
    # The paper's rule for a player who did not compete: φ′ = sqrt(φ² + σ²).
    assert rd == pytest.approx(173.7178 * math.sqrt((80 / 173.7178) ** 2 + 0.06**2))
    ratings, rds, vols = rate_many([1640], [80], [0.06], [[1500]], [[100]], [[1]], mask=[[False]])
    assert (ratings[0], rds[0], vols[0]) == pytest.approx((rating, rd, volatility))
    ratings, rds, vols = rate_many(
        [1640, 1500], [80, 90], [0.06] * 2, np.empty((2, 0)), np.empty((2, 0)), np.empty((2, 0))
    )
    assert rds[0] == pytest.approx(rd)
    np.testing.assert_array_equal(ratings, [1640, 1500])


def test_grow_rd_for_zero_periods_changes_nothing():
    assert grow_rd(123.4, 0.06, 0) == pytest.approx(123.4, abs=1e-12)
    np.testing.assert_allclose(grow_rd(np.array([30.0, 350.0]), 0.09, 0.0), [30.0, 350.0])


def test_grow_rd_grows_monotonically_with_periods():
    periods = np.linspace(0, 50, 201)
    grown = grow_rd(50.0, 0.06, periods)
    assert isinstance(grown, np.ndarray)
    assert np.all(np.diff(grown) > 0)
    # Variances add up: two half periods make one whole period.
    half = grow_rd(50.0, 0.06, 0.5)
    assert grow_rd(half, 0.06, 0.5) == pytest.approx(grow_rd(50.0, 0.06, 1.0))
    assert isinstance(grow_rd(50.0, 0.06, 2.5), float)


def test_large_tau_needs_several_bracketing_steps_and_still_agrees():
    # With tau = 5 the lower bracket of the volatility search takes several steps down.
    results = [(1500, 350, 0.5), (1500, 350, 0.5)]
    expect = rate(1500, 60, 0.06, results, tau=5.0)
    ratings, rds, vols = rate_many(
        [1500], [60], [0.06], [[1500, 1500]], [[350, 350]], [[0.5, 0.5]], tau=5.0
    )
    assert (ratings[0], rds[0], vols[0]) == pytest.approx(expect, rel=1e-9)
    assert expect[2] < 0.06  # results as expected: volatility falls


def test_upset_raises_volatility():
    _, _, volatility = rate(2400, 50, 0.06, [(1200, 50, 0.0)])
    assert volatility > 0.06


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: rate(1500, 200, 0.06, [(1500, 200, 1.5)]), "scores"),
        (lambda: rate(1500, 200, 0.06, [(1500, 200, 1.0)], tau=0), "tau"),
        (lambda: rate_many([1500], [200], [0.06], [1500], [200], [1]), "shape"),
        (lambda: rate_many([1500], [200, 1], [0.06], [[1500]], [[200]], [[1]]), "length"),
        (lambda: rate_many([1500], [200], [0.06], [[1500]], [[200]], [[-1]]), "scores"),
        (lambda: rate_many([1500], [200], [0.06], [[1500]], [[200]], [[1]], [[1, 1]]), "mask"),
        (lambda: grow_rd(100, 0.06, -1), "negative"),
    ],
)
def test_invalid_input_is_rejected(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_rate_pairs_runs_on_100000_games():
    rng = np.random.default_rng(2024)
    m = 100_000
    ratings_a, ratings_b = rng.uniform(100, 3000, m), rng.uniform(100, 3000, m)
    rds_a, rds_b = rng.uniform(30, 350, m), rng.uniform(30, 350, m)
    vols_a, vols_b = rng.uniform(0.03, 0.1, m), rng.uniform(0.03, 0.1, m)
    scores = rng.choice([0.0, 0.5, 1.0], m)
    side_a, side_b = rate_pairs(ratings_a, rds_a, vols_a, ratings_b, rds_b, vols_b, scores)
    for array in (*side_a, *side_b):
        assert array.shape == (m,)
        assert np.all(np.isfinite(array))
    for i in rng.choice(m, 20, replace=False):
        expect = rate(ratings_a[i], rds_a[i], vols_a[i], [(ratings_b[i], rds_b[i], scores[i])])
        assert (side_a[0][i], side_a[1][i], side_a[2][i]) == pytest.approx(expect, rel=1e-9)


# --- Properties --------------------------------------------------------------------------------

ratings_st = st.floats(100, 3000)
rds_st = st.floats(30, 350)
vols_st = st.floats(0.03, 0.1)
scores_st = st.sampled_from([0.0, 0.5, 1.0])
results_st = st.lists(st.tuples(ratings_st, rds_st, scores_st), min_size=0, max_size=6)
players_st = st.lists(st.tuples(ratings_st, rds_st, vols_st, results_st), min_size=1, max_size=8)


@settings(max_examples=300, deadline=None)
@given(players=players_st, tau=st.sampled_from([0.3, 0.5, 1.2]))
def test_rate_many_rows_equal_rate(players, tau):
    k = max(len(results) for *_, results in players)
    n = len(players)
    # Padding holds deliberately absurd values; only the mask says which entries are real.
    opp_ratings, opp_rds, scores = (
        np.full((n, k), -1e9),
        np.full((n, k), np.inf),
        np.full((n, k), 7.0),
    )
    mask = np.zeros((n, k), dtype=bool)
    for i, (*_, results) in enumerate(players):
        for j, (opp_rating, opp_rd, score) in enumerate(results):
            opp_ratings[i, j], opp_rds[i, j], scores[i, j], mask[i, j] = (
                opp_rating,
                opp_rd,
                score,
                True,
            )
    ratings, rds, vols = rate_many(
        [p[0] for p in players],
        [p[1] for p in players],
        [p[2] for p in players],
        opp_ratings,
        opp_rds,
        scores,
        mask=mask,
        tau=tau,
    )
    for i, (rating, rd, vol, results) in enumerate(players):
        expect_rating, expect_rd, expect_vol = rate(rating, rd, vol, results, tau=tau)
        assert ratings[i] == pytest.approx(expect_rating, abs=1e-6)
        assert rds[i] == pytest.approx(expect_rd, abs=1e-6)
        assert vols[i] == pytest.approx(expect_vol, abs=1e-6)


@settings(max_examples=300, deadline=None)
@given(
    player=st.tuples(ratings_st, rds_st, vols_st),
    opponents=st.lists(st.tuples(ratings_st, rds_st), min_size=1, max_size=5),
)
def test_wins_never_lower_and_losses_never_raise_a_rating(player, opponents):
    rating, rd, vol = player
    won, _, _ = rate(rating, rd, vol, [(r, d, 1.0) for r, d in opponents])
    lost, _, _ = rate(rating, rd, vol, [(r, d, 0.0) for r, d in opponents])
    assert won >= rating
    assert lost <= rating


@settings(max_examples=300, deadline=None)
@given(
    player=st.tuples(ratings_st, rds_st, vols_st),
    opponent=st.tuples(ratings_st, rds_st),
    score=scores_st,
)
def test_rd_after_a_game_never_exceeds_the_rd_grown_by_one_period(player, opponent, score):
    rating, rd, vol = player
    _, new_rd, new_vol = rate(rating, rd, vol, [(*opponent, score)])
    # φ′ = 1/sqrt(1/φ*² + 1/v) < φ*, and φ* is the RD grown by one period at the NEW volatility.
    assert new_rd <= grow_rd(rd, new_vol, 1.0)
    # Compared with the old volatility the bound holds whenever the volatility did not rise; a big
    # upset (e.g. 3000 ± 30 losing to 100 ± 30) raises it, and the RD can then end slightly above.
    if new_vol <= vol:
        assert new_rd <= grow_rd(rd, vol, 1.0)


def test_rd_can_exceed_old_volatility_growth_after_a_huge_upset():
    # Why the property above uses the new volatility: this is the counterexample.
    _, new_rd, new_vol = rate(3000, 30, 0.06, [(100, 30, 0.0)])
    assert new_vol > 0.06
    assert grow_rd(30, 0.06, 1.0) < new_rd <= grow_rd(30, new_vol, 1.0)


def test_defaults_are_glickmans():
    assert (DEFAULT_RATING, DEFAULT_RD, DEFAULT_VOLATILITY) == (1500.0, 350.0, 0.06)
