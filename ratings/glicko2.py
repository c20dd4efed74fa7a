"""Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system"), as pure numpy functions.

Ratings and rating deviations (RD) are given and returned on the familiar Glicko scale
(a new player is 1500 ± 350); volatility is always on the Glicko-2 scale (a typical value is
0.06). The step numbers in the comments are those of Glickman's paper.

- ``rate``: one player, one rating period, plain Python floats.
- ``rate_many``: N players, one rating period each, up to K results per player (padded + mask).
- ``rate_pairs``: M games, each game a rating period of its own for its two players.
- ``grow_rd``: the RD increase of a player who has been idle for some (fractional) periods.

The formulas assume realistic inputs: finite ratings, RD >= 0, volatility > 0, scores in [0, 1].
A rating gap of several thousand points with small RDs makes the expected score round to exactly
0 or 1 in float64, and the update is then undefined (division by a zero variance term).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

SCALE = 173.7178
DEFAULT_RATING, DEFAULT_RD, DEFAULT_VOLATILITY, DEFAULT_TAU = 1500.0, 350.0, 0.06, 0.5

# Convergence tolerance of the volatility iteration (step 5), the value the paper uses.
EPSILON = 0.000001
# The Illinois iteration converges superlinearly and normally stops after fewer than ten
# steps; the cap only guarantees termination for pathological inputs (the best estimate is used).
MAX_ITERATIONS = 100

# The centre of the Glicko-2 scale is part of the algorithm, not a setting: it stays 1500 even
# if a championship starts its newcomers somewhere else.
_CENTRE = 1500.0

FloatArray = npt.NDArray[np.float64]


def _g(phi: FloatArray) -> FloatArray:
    """Weight of a result by the opponent's uncertainty: g(φ) = 1 / sqrt(1 + 3φ²/π²)."""
    return 1.0 / np.sqrt(1.0 + 3.0 * phi * phi / (np.pi * np.pi))


def _expected(mu: FloatArray, opp_mu: FloatArray, opp_g: FloatArray) -> FloatArray:
    """Expected score E(μ, μj, φj) = 1 / (1 + exp(-g(φj)(μ - μj))), with g(φj) given."""
    return 1.0 / (1.0 + np.exp(-opp_g * (mu - opp_mu)))


def _check_tau(tau: float) -> None:
    if not (math.isfinite(tau) and tau > 0):
        raise ValueError(f"tau must be a positive number, not {tau!r}")


# --- Step 5, scalar --------------------------------------------------------------------------


def _volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """New volatility σ′ of one player: root of the paper's f(x) by the Illinois algorithm."""
    a = math.log(sigma * sigma)
    d2 = delta * delta
    pv = phi * phi + v
    tau2 = tau * tau

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (d2 - pv - ex) / (2.0 * (pv + ex) ** 2) - (x - a) / tau2

    # Bracket the root between A and B.
    big_a = a
    if d2 > pv:
        big_b = math.log(d2 - pv)
    else:
        # Terminates: here the first term of f is above -1/2, so any k > τ/2 gives f >= 0.
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau

    f_a, f_b = f(big_a), f(big_b)
    for _ in range(MAX_ITERATIONS):
        if abs(big_b - big_a) <= EPSILON:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            # The root lies between B and C: B becomes the new A.
            big_a, f_a = big_b, f_b
        else:
            # Illinois modification: halving f(A) stops A from being kept forever, which is
            # what makes plain regula falsi slow.
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate(
    rating: float,
    rd: float,
    volatility: float,
    results: Sequence[tuple[float, float, float]],
    tau: float = DEFAULT_TAU,
) -> tuple[float, float, float]:
    """Rate one player over one period; ``results`` holds (opponent rating, opponent RD, score).

    Returns (rating, RD, volatility). With no results only the RD grows, by one period.
    """
    _check_tau(tau)
    if not results:
        return float(rating), float(grow_rd(rd, volatility, 1.0)), float(volatility)

    # Step 2: to the Glicko-2 scale.
    mu = (rating - _CENTRE) / SCALE
    phi = rd / SCALE

    # Steps 3 and 4: the estimated variance v and the sum behind the improvement Δ.
    information = 0.0
    score_sum = 0.0
    for opp_rating, opp_rd, score in results:
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"scores must lie in [0, 1], not {score!r}")
        opp_mu = (opp_rating - _CENTRE) / SCALE
        g = 1.0 / math.sqrt(1.0 + 3.0 * (opp_rd / SCALE) ** 2 / math.pi**2)
        e = 1.0 / (1.0 + math.exp(-g * (mu - opp_mu)))
        information += g * g * e * (1.0 - e)
        score_sum += g * (score - e)
    v = 1.0 / information
    delta = v * score_sum

    # Step 5: the new volatility.
    new_sigma = _volatility(volatility, phi, v, delta, tau)

    # Steps 6 and 7: pre-period RD φ*, then the new RD and rating.
    phi_star2 = phi * phi + new_sigma * new_sigma
    new_phi = 1.0 / math.sqrt(1.0 / phi_star2 + 1.0 / v)
    new_mu = mu + new_phi * new_phi * score_sum

    # Step 8: back to the Glicko scale.
    return SCALE * new_mu + _CENTRE, SCALE * new_phi, new_sigma


# --- Step 5, vectorised ----------------------------------------------------------------------


def _f_many(
    x: FloatArray, a: FloatArray, d2: FloatArray, pv: FloatArray, tau2: float
) -> FloatArray:
    ex = np.exp(x)
    return ex * (d2 - pv - ex) / (2.0 * (pv + ex) ** 2) - (x - a) / tau2


def _volatility_many(
    sigma: FloatArray, phi: FloatArray, v: FloatArray, delta: FloatArray, tau: float
) -> FloatArray:
    """``_volatility`` for many players: every row iterates until it has converged."""
    a = np.log(sigma * sigma)
    d2 = delta * delta
    pv = phi * phi + v
    tau2 = tau * tau

    big_a = a.copy()
    above = d2 > pv
    # np.where evaluates both branches: feed log() a harmless 1 on rows that do not use it.
    big_b = np.where(above, np.log(np.where(above, d2 - pv, 1.0)), a - tau)

    # Rows below: step k down until f(a - kτ) >= 0 (a few steps at most, see _volatility).
    rows = np.flatnonzero(~above)
    k = 1
    while rows.size:
        rows = rows[_f_many(big_b[rows], a[rows], d2[rows], pv[rows], tau2) < 0]
        k += 1
        big_b[rows] = a[rows] - k * tau

    f_a = _f_many(big_a, a, d2, pv, tau2)
    f_b = _f_many(big_b, a, d2, pv, tau2)
    # Work only on the rows still moving: the rest are done, and skipping them keeps late
    # iterations cheap when a few stubborn rows need more steps than the others.
    rows = np.flatnonzero(np.abs(big_b - big_a) > EPSILON)
    for _ in range(MAX_ITERATIONS):
        if not rows.size:
            break
        ra, rb, rfa, rfb = big_a[rows], big_b[rows], f_a[rows], f_b[rows]
        rc = ra + (ra - rb) * rfa / (rfb - rfa)
        rfc = _f_many(rc, a[rows], d2[rows], pv[rows], tau2)
        swap = rfc * rfb <= 0
        big_a[rows] = np.where(swap, rb, ra)
        f_a[rows] = np.where(swap, rfb, rfa / 2.0)
        big_b[rows] = rc
        f_b[rows] = rfc
        rows = rows[np.abs(rc - big_a[rows]) > EPSILON]
    return np.exp(big_a / 2.0)


def _as_vector(name: str, values: npt.ArrayLike) -> FloatArray:
    array = np.asarray(values, dtype=np.float64)
    if array.ndim != 1:
        raise ValueError(f"{name} must be one-dimensional, got shape {array.shape}")
    return array


def rate_many(
    ratings: npt.ArrayLike,
    rds: npt.ArrayLike,
    volatilities: npt.ArrayLike,
    opponent_ratings: npt.ArrayLike,
    opponent_rds: npt.ArrayLike,
    scores: npt.ArrayLike,
    mask: npt.ArrayLike | None = None,
    tau: float = DEFAULT_TAU,
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Rate N players over one period; row i of the (N, K) arrays holds player i's results.

    ``mask`` (N, K) marks the real entries (the others are padding and may hold anything, NaN
    included); without it every entry counts. Players with no real result only see their RD grow.
    Returns new (ratings, RDs, volatilities), each of shape (N,).
    """
    _check_tau(tau)
    ratings = _as_vector("ratings", ratings)
    rds = _as_vector("rds", rds)
    volatilities = _as_vector("volatilities", volatilities)
    opponent_ratings = np.asarray(opponent_ratings, dtype=np.float64)
    opponent_rds = np.asarray(opponent_rds, dtype=np.float64)
    scores = np.asarray(scores, dtype=np.float64)
    n = ratings.shape[0]
    if rds.shape != (n,) or volatilities.shape != (n,):
        raise ValueError("ratings, rds and volatilities must have the same length")
    if opponent_ratings.ndim != 2 or opponent_ratings.shape[0] != n:
        raise ValueError(f"opponent arrays must have shape (N, K) with N = {n}")
    shape = opponent_ratings.shape
    if opponent_rds.shape != shape or scores.shape != shape:
        raise ValueError("opponent_ratings, opponent_rds and scores must have the same shape")
    if mask is None:
        mask = np.ones(shape, dtype=bool)
    else:
        mask = np.asarray(mask, dtype=bool)
        if mask.shape != shape:
            raise ValueError(f"mask must have shape {shape}, got {mask.shape}")
    if np.any(mask & ~((scores >= 0.0) & (scores <= 1.0))):
        raise ValueError("scores must lie in [0, 1]")

    new_ratings = ratings.copy()
    new_rds = np.asarray(grow_rd(rds, volatilities, 1.0), dtype=np.float64)
    new_vols = volatilities.copy()

    played = np.flatnonzero(mask.any(axis=1))
    if not played.size:
        return new_ratings, new_rds, new_vols
    if played.size == n:
        # The usual case: nobody sat out, so skip the row gathering.
        played = slice(None)
    m = mask[played]

    # Step 2. Padding entries are replaced by neutral values so that NaN or inf left there
    # cannot leak into the sums through 0 * NaN.
    mu = (ratings[played] - _CENTRE) / SCALE
    phi = rds[played] / SCALE
    opp_mu = np.where(m, (opponent_ratings[played] - _CENTRE) / SCALE, 0.0)
    opp_g = _g(np.where(m, opponent_rds[played] / SCALE, 0.0))
    s = np.where(m, scores[played], 0.0)

    # Steps 3 and 4.
    e = _expected(mu[:, None], opp_mu, opp_g)
    information = np.sum(np.where(m, opp_g * opp_g * e * (1.0 - e), 0.0), axis=1)
    score_sum = np.sum(np.where(m, opp_g * (s - e), 0.0), axis=1)
    v = 1.0 / information
    delta = v * score_sum

    # Step 5.
    new_sigma = _volatility_many(volatilities[played], phi, v, delta, tau)

    # Steps 6 to 8.
    phi_star2 = phi * phi + new_sigma * new_sigma
    new_phi = 1.0 / np.sqrt(1.0 / phi_star2 + 1.0 / v)
    new_mu = mu + new_phi * new_phi * score_sum
    new_ratings[played] = SCALE * new_mu + _CENTRE
    new_rds[played] = SCALE * new_phi
    new_vols[played] = new_sigma
    return new_ratings, new_rds, new_vols


def rate_pairs(
    ratings_a: npt.ArrayLike,
    rds_a: npt.ArrayLike,
    vols_a: npt.ArrayLike,
    ratings_b: npt.ArrayLike,
    rds_b: npt.ArrayLike,
    vols_b: npt.ArrayLike,
    scores_a: npt.ArrayLike,
    tau: float = DEFAULT_TAU,
) -> tuple[tuple[FloatArray, FloatArray, FloatArray], tuple[FloatArray, FloatArray, FloatArray]]:
    """Rate M games at once, each a rating period of its own for its two players.

    Game i is a against b with a scoring ``scores_a[i]`` and b scoring 1 - that. Both sides are
    rated from their values before the game, so a player who appears in several games of one
    call gets independent updates; to chain games, call once per batch of disjoint games.
    Scalars broadcast. Returns ((ratings, RDs, volatilities) of a, the same of b).
    """
    arrays = np.broadcast_arrays(
        *(
            np.atleast_1d(np.asarray(x, dtype=np.float64))
            for x in (ratings_a, rds_a, vols_a, ratings_b, rds_b, vols_b, scores_a)
        )
    )
    if arrays[0].ndim != 1:
        raise ValueError(f"rate_pairs takes one-dimensional arrays, got shape {arrays[0].shape}")
    r_a, rd_a, v_a, r_b, rd_b, v_b, s_a = arrays
    m = r_a.shape[0]

    # One call on 2M rows of one result each: a's rows first, then b's (who sees a as opponent).
    new_r, new_rd, new_v = rate_many(
        np.concatenate((r_a, r_b)),
        np.concatenate((rd_a, rd_b)),
        np.concatenate((v_a, v_b)),
        np.concatenate((r_b, r_a))[:, None],
        np.concatenate((rd_b, rd_a))[:, None],
        np.concatenate((s_a, 1.0 - s_a))[:, None],
        tau=tau,
    )
    return (new_r[:m], new_rd[:m], new_v[:m]), (new_r[m:], new_rd[m:], new_v[m:])


def grow_rd(
    rd: float | npt.ArrayLike,
    volatility: float | npt.ArrayLike,
    periods: float | npt.ArrayLike,
) -> float | FloatArray:
    """RD after ``periods`` idle rating periods: φ′ = sqrt(φ² + periods·σ²) on the Glicko-2 scale.

    Fractional periods are allowed (the variance grows linearly with time). Returns a float when
    every argument is a scalar, an array otherwise.
    """
    periods_array = np.asarray(periods, dtype=np.float64)
    if np.any(periods_array < 0):
        raise ValueError("periods must not be negative")
    phi = np.asarray(rd, dtype=np.float64) / SCALE
    sigma = np.asarray(volatility, dtype=np.float64)
    grown = SCALE * np.sqrt(phi * phi + periods_array * sigma * sigma)
    if grown.ndim == 0:
        return float(grown)
    return grown
