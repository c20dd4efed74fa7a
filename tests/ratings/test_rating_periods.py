"""The rating step: pairs and many-player games, batches that keep each player's order."""

from datetime import UTC, datetime, timedelta

import pytest

from ratings import glicko2, periods

START = datetime(2026, 3, 1, tzinfo=UTC)


def test_four_player_game_counts_as_a_game_between_every_pair_by_place():
    game = periods.RatedGame(1, START, (10, 20, 30, 40), (1, 2, 2, 4))
    states: dict[int, periods.PlayerState] = {}
    changes = periods.rate_batch([game], states)
    assert len(changes) == 4
    fresh = (glicko2.DEFAULT_RATING, glicko2.DEFAULT_RD)
    expected = {
        10: [(*fresh, 1.0)] * 3,
        20: [(*fresh, 0.0), (*fresh, 0.5), (*fresh, 1.0)],
        30: [(*fresh, 0.0), (*fresh, 0.5), (*fresh, 1.0)],
        40: [(*fresh, 0.0)] * 3,
    }
    for player, results in expected.items():
        rating, rd, volatility = glicko2.rate(1500, 350, 0.06, results)
        assert states[player].rating == pytest.approx(rating, abs=1e-9)
        assert states[player].rd == pytest.approx(min(rd, 350), abs=1e-9)
        assert states[player].volatility == pytest.approx(volatility, abs=1e-12)
    assert states[20].rating == pytest.approx(states[30].rating)  # shared second place


def test_two_player_step_equals_the_paper_formula_for_both_sides():
    game = periods.RatedGame(1, START, (1, 2), (1, 2))
    states = {
        1: periods.PlayerState(1600, 80, 0.06, 5, START),
        2: periods.PlayerState(1500, 120, 0.06, 5, START),
    }
    periods.rate_batch([game], states)
    assert states[1].rating == pytest.approx(glicko2.rate(1600, 80, 0.06, [(1500, 120, 1)])[0])
    assert states[2].rating == pytest.approx(glicko2.rate(1500, 120, 0.06, [(1600, 80, 0)])[0])


def test_batches_never_hold_a_player_twice_and_keep_the_order():
    games = [
        periods.RatedGame(n, START + timedelta(minutes=n), players, (1, 2))
        for n, players in enumerate([(1, 2), (3, 4), (2, 3), (5, 6), (1, 5)])
    ]
    grouped = [[game.source for game in batch] for batch in periods.batches(games)]
    assert grouped == [[0, 1], [2, 3], [4]]


def test_replay_in_batches_equals_one_game_at_a_time():
    games = [
        periods.RatedGame(n, START + timedelta(hours=n), pair, places)
        for n, (pair, places) in enumerate(
            [((1, 2), (1, 2)), ((3, 4), (1, 1)), ((1, 3), (2, 1)), ((2, 4), (1, 2))]
        )
    ]
    together, _changes = periods.replay(games)
    one_by_one: dict[int, periods.PlayerState] = {}
    for game in games:
        periods.rate_batch([game], one_by_one)
    for player, state in together.items():
        assert state.rating == pytest.approx(one_by_one[player].rating, abs=1e-9)
        assert state.rd == pytest.approx(one_by_one[player].rd, abs=1e-9)
