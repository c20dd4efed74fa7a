"""Decided moves are counted in Prometheus: accepted and refused, and how long each took."""

import pytest
from prometheus_client import REGISTRY

from tests.games.conftest import play, start_friendly

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def _moves(outcome: str) -> float:
    return REGISTRY.get_sample_value("championships_moves_total", {"outcome": outcome}) or 0.0


def _timed() -> float:
    return REGISTRY.get_sample_value("championships_move_seconds_count") or 0.0


def test_an_accepted_move_is_counted_with_its_time_to_decision(alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api)
    accepted, refused, timed = _moves("accepted"), _moves("refused"), _timed()

    answer = play(alice_api, game_id, 1, [3, 3])

    assert answer.json()["status"] == "accepted"
    assert _moves("accepted") == accepted + 1
    assert _moves("refused") == refused
    assert _timed() == timed + 1


def test_a_refused_move_is_counted_as_refused(alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api)
    play(alice_api, game_id, 1, [3, 3])
    accepted, refused, timed = _moves("accepted"), _moves("refused"), _timed()

    answer = play(bob_api, game_id, 2, [3, 3])  # the point is taken

    assert answer.json()["status"] == "refused"
    assert _moves("refused") == refused + 1
    assert _moves("accepted") == accepted
    assert _timed() == timed + 1
