"""The worker's turn through the ORM: one turn of a game at a time under its row lock, the
pending moves decided in the order of their numbers, only the columns of play written, and
the models' signals heard like any other save."""

import re
import threading

import pytest
from django.db import connection, transaction
from django.db.models.signals import post_save
from django.test.utils import CaptureQueriesContext

from games import services
from games.models import Game, Move
from games.services.processing import PLAY_FIELDS
from games.services.updates import locked_row
from tests.conftest import service_missing
from tests.games.conftest import start_friendly

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

WRITES = ("INSERT", "UPDATE", "DELETE")


def pending(game_id: int, user, seq: int, seat: str, payload) -> Move:
    """A move stored by a request whose task has not reached the worker yet."""
    return Move.objects.create(game_id=game_id, seq=seq, seat=seat, player=user, payload=payload)


def test_the_worker_decides_pending_moves_in_the_order_of_their_numbers(
    alice, bob, alice_api, bob_api
):
    game_id = start_friendly(alice_api, bob_api)
    second = pending(game_id, bob, 2, "red", [5, 5])  # stored first, decided second
    first = pending(game_id, alice, 1, "blue", [4, 4])
    services.process_game(game_id)
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.status, second.status) == (Move.Status.ACCEPTED, Move.Status.ACCEPTED)
    assert first.processed_at <= second.processed_at
    assert Game.objects.get(pk=game_id).move_count == 2


def test_a_worker_turn_with_nothing_to_do_writes_nothing(alice, alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api)
    pending(game_id, alice, 1, "blue", [4, 4])
    services.process_game(game_id)
    with CaptureQueriesContext(connection) as queries:
        services.process_game(game_id)  # a message delivered twice, or the sweep's
    written = [q["sql"] for q in queries.captured_queries if q["sql"].upper().startswith(WRITES)]
    assert written == []


def test_a_worker_turn_writes_only_the_columns_of_play(alice, alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api)
    pending(game_id, alice, 1, "blue", [4, 4])
    with CaptureQueriesContext(connection) as queries:
        services.process_game(game_id)
    table = connection.ops.quote_name(Game._meta.db_table)
    updates = [q["sql"] for q in queries.captured_queries if q["sql"].startswith(f"UPDATE {table}")]
    assert len(updates) == 1
    assignments = updates[0].split(" SET ", 1)[1].split(" WHERE ", 1)[0]
    written = set(re.findall(r'"(\w+)" =', assignments))
    assert written == {Game._meta.get_field(name).column for name in PLAY_FIELDS}


def test_the_moves_stored_and_decided_are_heard_by_the_models_save_signal(
    alice, alice_api, bob_api
):
    game_id = start_friendly(alice_api, bob_api)
    heard: list[tuple[int, bool, frozenset | None]] = []

    def receiver(sender, instance, created, update_fields=None, **kwargs):
        heard.append((instance.seq, created, update_fields))

    post_save.connect(receiver, sender=Move, weak=False)
    try:
        stored = alice_api.post(
            f"/api/games/{game_id}/moves/?wait=5", {"seq": 1, "move": [4, 4]}, format="json"
        )
    finally:
        post_save.disconnect(receiver, sender=Move)
    assert stored.status_code == 200, stored.content
    assert heard[0] == (1, True, None)
    assert heard[1][:2] == (1, False) and "status" in heard[1][2]


def test_a_worker_turn_for_a_game_that_is_gone_does_nothing(alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api)
    Game.objects.filter(pk=game_id).delete()
    with CaptureQueriesContext(connection) as queries:
        services.process_game(game_id)  # a message that outlived its game
    assert not [q for q in queries.captured_queries if q["sql"].upper().startswith(WRITES)]


# Transactional: two turns in two threads, each on its own connection, wait on the game's
# row lock.
@pytest.mark.django_db(transaction=True)
def test_a_second_turn_of_one_game_waits_for_the_first_to_commit(alice, alice_api, bob_api):
    if connection.vendor != "postgresql":
        service_missing("row locks between connections need PostgreSQL")
    game_id = start_friendly(alice_api, bob_api)
    move = pending(game_id, alice, 1, "blue", [4, 4])
    version = Game.objects.get(pk=game_id).version
    holding, release = threading.Event(), threading.Event()

    def first_turn() -> None:
        try:
            with transaction.atomic():
                locked_row(game_id)
                holding.set()
                release.wait(10)
        finally:
            connection.close()

    def second_turn() -> None:
        try:
            services.process_game(game_id)
        finally:
            connection.close()

    first = threading.Thread(target=first_turn)
    first.start()
    assert holding.wait(10)
    second = threading.Thread(target=second_turn)
    second.start()
    second.join(0.5)
    try:
        assert second.is_alive(), "the second turn did not wait for the game's lock"
        move.refresh_from_db()
        assert move.status == Move.Status.PENDING
    finally:
        release.set()
        first.join(10)
        second.join(10)
    move.refresh_from_db()
    assert move.status == Move.Status.ACCEPTED
    assert Game.objects.get(pk=game_id).version == version + 1
