"""A player's moves waiting for the worker are counted in the shared cache, so taking a move
in asks the database nothing but to store it; the count is only a hint, and a count that
has drifted (a worker killed after its commit, a cache emptied) never refuses a move the
database would take, nor lets a flood past the limit."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import tasks, waiting_moves
from games.models import Move
from tests.games.conftest import play, start_friendly

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


@pytest.fixture
def no_worker(monkeypatch):
    """Moves stay waiting: no worker comes to decide them."""
    monkeypatch.setattr(tasks.process_game, "delay", lambda *args: None)


def alice_id(game_id: int) -> int:
    return Move.objects.filter(game_id=game_id).values_list("player_id", flat=True).first()


def test_a_move_taken_in_asks_the_database_only_to_store_it(alice_api, bob_api, no_worker):
    game_id = start_friendly(alice_api, bob_api)
    assert play(alice_api, game_id, 1, [2, 2], wait=0).status_code == 202  # the seat is read
    with CaptureQueriesContext(connection) as queries:
        assert play(alice_api, game_id, 2, [3, 3], wait=0).status_code == 202
    statements = [q["sql"].split()[0].upper() for q in queries.captured_queries]
    assert statements.count("SELECT") == 0, queries.captured_queries
    assert statements.count("INSERT") == 1


def test_the_worker_deciding_a_move_takes_it_off_the_count(alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api)
    assert play(alice_api, game_id, 1, [2, 2]).json()["status"] == "accepted"
    player = alice_id(game_id)
    assert waiting_moves.counted(game_id, player) == 0


def test_a_count_left_too_high_does_not_refuse_a_move_the_database_would_take(
    settings, alice_api, bob_api
):
    """A worker killed between its commit and taking its moves off the count leaves the
    count high: the database, asked at the limit, has the last word, and the count takes it."""
    settings.PENDING_MOVES_PER_PLAYER = 2
    game_id = start_friendly(alice_api, bob_api)
    assert play(alice_api, game_id, 1, [2, 2]).json()["status"] == "accepted"
    player = alice_id(game_id)
    waiting_moves.set_count(game_id, player, 50)
    assert play(bob_api, game_id, 2, [8, 8]).json()["status"] == "accepted"
    assert play(alice_api, game_id, 3, [3, 3]).json()["status"] == "accepted"
    assert waiting_moves.counted(game_id, player) == 0


def test_an_emptied_cache_still_holds_a_flood_to_the_limit(settings, alice_api, bob_api, no_worker):
    """The count forgotten (Redis flushed) starts again from nothing: the limit holds for
    the moves sent from then on, and the database's figure comes back at the limit."""
    settings.PENDING_MOVES_PER_PLAYER = 3
    game_id = start_friendly(alice_api, bob_api)
    for seq in (1, 2):
        assert play(alice_api, game_id, seq, [seq + 1, seq + 1], wait=0).status_code == 202
    cache.clear()
    assert play(alice_api, game_id, 3, [4, 4], wait=0).status_code == 202
    answers = [play(alice_api, game_id, seq, [seq + 1, seq + 1], wait=0) for seq in (4, 5, 6)]
    assert [answer.status_code for answer in answers] == [429, 429, 429]
    assert Move.objects.filter(game_id=game_id, status=Move.Status.PENDING).count() == 3


def test_a_move_sent_twice_is_counted_once(settings, alice_api, bob_api, no_worker):
    game_id = start_friendly(alice_api, bob_api)
    for _ in range(5):
        assert play(alice_api, game_id, 1, [2, 2], wait=0).status_code == 202
    assert waiting_moves.counted(game_id, alice_id(game_id)) == 1
