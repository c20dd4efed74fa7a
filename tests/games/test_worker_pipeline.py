"""The move pipeline against the real PostgreSQL, Redis and `celery worker` processes."""

import os
import signal
import socket
import threading
import time
import uuid
from contextlib import contextmanager

import pytest
import redis
from celery import Celery
from django.db import connections

from accounts.models import User
from games import services
from games.engines import engine
from games.models import Game, Move
from tests.conftest import TEST_PASSWORD, client_with_token, worker_database_url
from tests.engines.kropki_helpers import quiet_moves
from tests.games.conftest import play, start_friendly
from tests.support.processes import celery_worker
from tests.support.waiting import wait_until

# Transactional: the worker is another process, which reads only what is committed.
pytestmark = pytest.mark.django_db(transaction=True)


def spare_sender(broker_url: str) -> Celery:
    """A Celery app like the site's, sending to the spare broker."""
    sender = Celery("spare", set_as_current=False)
    sender.config_from_object("django.conf:settings", namespace="CELERY")
    sender.conf.broker_url = broker_url
    sender.conf.task_always_eager = False
    return sender


@contextmanager
def spare_worker(broker_url: str):
    """A worker of our own on the spare broker, which the test may kill."""
    name = f"spare-{uuid.uuid4().hex[:6]}@{socket.gethostname()}"
    env = {**os.environ, "DATABASE_URL": worker_database_url(), "REDIS_URL": broker_url}
    sender = spare_sender(broker_url)
    with celery_worker(env, name) as worker:
        deadline = time.monotonic() + 60
        while not sender.control.ping(destination=[name], timeout=0.5):
            assert not worker.exited(), worker.output()
            assert time.monotonic() < deadline, "the spare worker did not start"
        yield worker, sender


def players(count: int = 2) -> list[User]:
    return [
        User.objects.create_user(username=f"p{n}-{uuid.uuid4().hex[:6]}", password=TEST_PASSWORD)
        for n in range(count)
    ]


def pending_games(count: int, moves_each: int) -> list[Game]:
    """Games whose moves were all submitted and none decided yet."""
    games = []
    for _ in range(count):
        blue, red = players()
        game = services.create_game(
            creator=blue,
            game="kropki",
            options={"start": "empty"},
            format=None,
            opponent=red.username,
        )
        Game.objects.filter(pk=game.pk).update(status=Game.Status.ACTIVE)
        Move.objects.bulk_create(
            Move(
                game=game,
                seq=n,
                seat="blue" if n % 2 else "red",
                player=blue if n % 2 else red,
                payload=move,
            )
            for n, move in enumerate(quiet_moves(moves_each), start=1)
        )
        games.append(game)
    return games


def assert_each_move_decided_once_and_positions_replay(games: list[Game], moves_each: int):
    rules = engine("kropki")
    for game in games:
        game.refresh_from_db()
        rows = list(game.moves.order_by("seq"))
        assert all(row.status == Move.Status.ACCEPTED for row in rows), game.pk
        assert [row.seq for row in rows] == list(range(1, moves_each + 1))
        assert game.move_count == moves_each
        state = rules.new(game.options)
        for row in rows:
            state, _step = rules.apply(state, row.payload, row.seat)
        assert rules.dump(state) == bytes(game.snapshot)


def test_two_players_play_a_whole_game_through_the_worker(real_worker, alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api, options={"width": 6, "height": 6})
    seq = 1
    while True:
        detail = alice_api.get(f"/api/games/{game_id}/").json()
        if detail["status"] == "finished":
            break
        position = detail["position"]
        free = [
            [x, y]
            for y in range(1, 7)
            for x in range(1, 7)
            if position["dots"][y - 1][x - 1] == "." and position["owners"][y - 1][x - 1] == "."
        ]
        client = alice_api if detail["to_move"] == "alice" else bob_api
        answer = play(client, game_id, seq, free[len(free) // 2], wait=10)
        assert answer.status_code == 200, answer.content
        assert answer.json()["status"] == "accepted"
        seq += 1
    assert detail["result"]["reason"] in ("board_full", "secured_lead")
    assert detail["move_count"] == seq - 1


def test_same_move_sent_20_times_at_once_is_one_move(real_worker, alice_api, bob_api, alice):
    game_id = start_friendly(alice_api, bob_api)
    answers = []

    def send():
        try:
            answers.append(play(client_with_token(alice), game_id, 1, [3, 3], wait=10))
        finally:
            connections.close_all()  # each thread has its own connection; none may outlive it

    threads = [threading.Thread(target=send) for _ in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answer.status_code for answer in answers) == [200] * 20
    assert {answer.json()["status"] for answer in answers} == {"accepted"}
    assert Move.objects.filter(game_id=game_id).count() == 1
    assert Game.objects.get(pk=game_id).move_count == 1
    assert play(alice_api, game_id, 1, [4, 4]).status_code == 409


# Enough pending moves that the worker is killed with games half done and others not begun.
GAMES_KILLED, MOVES_KILLED = 10, 120


def test_killed_worker_loses_no_move(transactional_db, private_redis):
    # The workers it starts and kills take tasks from a Redis of the test's own.
    broker = private_redis
    games = pending_games(GAMES_KILLED, MOVES_KILLED)
    with spare_worker(broker) as (worker, sender):
        for game in games:
            sender.send_task("games.process_game", args=[game.pk])
        wait_until(
            lambda: (
                Game.objects.filter(pk__in=[g.pk for g in games], move_count=MOVES_KILLED).count()
                >= 2
            ),
            120,
            "the first games to be decided",
        )
        os.kill(worker.process.pid, signal.SIGKILL)
        worker.process.wait()
    done = Game.objects.filter(pk__in=[g.pk for g in games], move_count=MOVES_KILLED).count()
    assert done < GAMES_KILLED, "the worker finished everything before it was killed"
    time.sleep(services.SWEEP_AFTER.total_seconds())
    with spare_worker(broker) as (_worker, sender):
        sender.send_task("games.sweep")
        wait_until(
            lambda: not Move.objects.filter(status=Move.Status.PENDING).exists(),
            180,
            "the new worker to decide the rest",
        )
    assert_each_move_decided_once_and_positions_replay(games, MOVES_KILLED)


def test_flushed_redis_loses_no_move(transactional_db, private_redis):
    # The Redis it flushes is the test's own: the rest of the run keeps its queues.
    broker = private_redis
    games = pending_games(5, 20)
    sender = spare_sender(broker)
    for game in games:
        sender.send_task("games.process_game", args=[game.pk])
    redis.Redis.from_url(broker).flushall()
    time.sleep(services.SWEEP_AFTER.total_seconds())
    with spare_worker(broker) as (_worker, sender):
        sender.send_task("games.sweep")
        wait_until(
            lambda: not Move.objects.filter(status=Move.Status.PENDING).exists(),
            60,
            "the sweep to recover the flushed moves",
        )
    assert_each_move_decided_once_and_positions_replay(games, 20)


def test_clock_runs_out_with_no_client_connected(real_worker, alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api, time_control={"move_s": 1})
    assert play(alice_api, game_id, 1, [2, 2], wait=10).json()["status"] == "accepted"
    # Nobody asks about the game from here on: only the scheduled check can end it.
    wait_until(
        lambda: Game.objects.get(pk=game_id).status == Game.Status.FINISHED,
        10,
        "the clock check to end the game",
    )
    game = Game.objects.get(pk=game_id)
    assert (game.winner, game.result_reason) == ("blue", "time")


NOTICES_FLOOD = 3000


def test_a_flood_of_notices_does_not_hold_up_the_moves(transactional_db, private_redis):
    # Notices wait in a list of their own, which a worker takes from in turn with the moves'.
    broker = private_redis
    [game] = pending_games(1, 4)
    sender = spare_sender(broker)
    for _ in range(NOTICES_FLOOD):
        sender.send_task("notifications.your_move", args=[0, "blue", 1])  # a game long gone
    sender.send_task("games.process_game", args=[game.pk])
    queues = redis.Redis.from_url(broker)
    assert queues.llen("notices") == NOTICES_FLOOD and queues.llen("championships") == 1
    with spare_worker(broker):
        wait_until(
            lambda: Game.objects.filter(pk=game.pk, move_count=4).exists(),
            60,
            "the moves to be decided",
        )
        # The moves were decided long before the notices sent ahead of them were all done.
        assert queues.llen("notices") > NOTICES_FLOOD // 2
