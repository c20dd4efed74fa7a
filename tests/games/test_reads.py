"""Reads never write: a read that finds a game's clock run out shows the game as it stands
and hands it to the worker, which ends it and tells every page and stream."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from config.celery import app as celery_app
from games.models import Game
from tests.games.conftest import play, start_friendly
from tests.support.waiting import wait_until

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("after_commit")]

# Every way of reading one game: the API, the record, the page, its live part, the stream.
READS = [
    "/api/games/{id}/",
    "/api/games/{id}/moves/",
    "/api/games/{id}/record/",
    "/api/games/{id}/events/",
    "/games/{id}/",
    "/games/{id}/live/",
]
WRITES = ("INSERT", "UPDATE", "DELETE")


@pytest.fixture
def broker(embedded, settings, monkeypatch):
    """Tasks go to a broker for a worker elsewhere, as in production (not run in-process).

    The messages stay with the test, which plays the worker when it chooses; no worker of
    the session can take them first.
    """
    sent: list[tuple[str, list]] = []

    def send_task(name, args=None, kwargs=None, **options):
        sent.append((name, list(args or ())))

    def use_the_broker():
        settings.CELERY_TASK_ALWAYS_EAGER = False
        celery_app.conf.task_always_eager = False  # `embedded` puts it back at the end
        monkeypatch.setattr(celery_app, "send_task", send_task)
        return sent

    return use_the_broker


def run_the_worker(sent: list[tuple[str, list]]) -> None:
    """What a worker does with the messages sent so far."""
    while sent:
        name, args = sent.pop(0)
        celery_app.tasks[name].run(*args)


def out_of_time(game_id: int) -> None:
    """The side to move has let its minute run out (as if the minute had passed)."""
    now = timezone.now()
    Game.objects.filter(pk=game_id).update(
        deadline=now - timedelta(seconds=1), turn_started_at=now - timedelta(seconds=61)
    )


def columns(game_id: int) -> dict:
    return Game.objects.filter(pk=game_id).values().get()


def writes(queries: CaptureQueriesContext) -> list[str]:
    return [
        q["sql"] for q in queries.captured_queries if q["sql"].lstrip().upper().startswith(WRITES)
    ]


def read(client, url: str):
    response = client.get(url)
    if response.streaming:
        response.close()  # the stream's opening is enough: the view has run
    return response


@pytest.mark.parametrize("url", READS)
def test_a_read_past_the_deadline_writes_nothing_and_hands_the_game_to_the_worker(
    url, broker, alice_api, bob_api, client, alice
):
    game_id = start_friendly(alice_api, bob_api, time_control={"move_s": 60})
    assert play(alice_api, game_id, 1, [2, 2]).json()["status"] == "accepted"
    out_of_time(game_id)
    before = columns(game_id)
    sent = broker()
    client.force_login(alice)

    with CaptureQueriesContext(connection) as queries:
        response = read(alice_api if url.startswith("/api/") else client, url.format(id=game_id))
    assert response.status_code == 200
    assert writes(queries) == []
    assert columns(game_id) == before
    assert sent == [("games.process_game", [game_id])]

    run_the_worker(sent)
    detail = alice_api.get(f"/api/games/{game_id}/").json()
    assert detail["status"] == "finished"
    assert detail["result"] == {"winner": "alice", "winner_seat": "blue", "reason": "time"}


def test_a_game_waiting_for_the_worker_shows_the_clock_run_out_and_is_handed_over_once(
    broker, alice_api, bob_api
):
    game_id = start_friendly(alice_api, bob_api, time_control={"move_s": 60})
    play(alice_api, game_id, 1, [2, 2])
    out_of_time(game_id)
    sent = broker()
    for _ in range(3):  # a page polling, a bot asking again
        detail = alice_api.get(f"/api/games/{game_id}/").json()
        assert detail["status"] == "active"
        assert detail["clocks"]["red"] == 0  # never below: the time is up, not overdrawn
    assert sent == [("games.process_game", [game_id])]


def test_a_game_clock_run_out_shows_zero_not_less(broker, alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api, time_control={"initial_s": 60})
    play(alice_api, game_id, 1, [2, 2])
    now = timezone.now()
    Game.objects.filter(pk=game_id).update(
        deadline=now - timedelta(seconds=30), turn_started_at=now - timedelta(seconds=90)
    )
    broker()
    clocks = alice_api.get(f"/api/games/{game_id}/").json()["clocks"]
    assert clocks["red"] == 0
    assert 59 <= clocks["blue"] <= 60


def test_embedded_a_read_past_the_deadline_shows_the_game_lost_on_time(
    embedded, alice_api, bob_api, client
):
    game_id = start_friendly(alice_api, bob_api, time_control={"move_s": 60})
    play(alice_api, game_id, 1, [2, 2])
    out_of_time(game_id)
    page = client.get(f"/games/{game_id}/").content.decode()
    assert 'data-status="finished"' in page
    detail = alice_api.get(f"/api/games/{game_id}/").json()
    assert detail["result"] == {"winner": "alice", "winner_seat": "blue", "reason": "time"}


# Transactional: the worker is another process, which reads only what is committed.
@pytest.mark.django_db(transaction=True)
def test_a_read_past_the_deadline_sees_the_game_over_once_the_real_worker_has_run(
    real_worker, alice_api, bob_api
):
    game_id = start_friendly(alice_api, bob_api, time_control={"move_s": 600})
    assert play(alice_api, game_id, 1, [2, 2], wait=10).json()["status"] == "accepted"
    # The clock check booked for the deadline is ten minutes away: only the read asks now.
    out_of_time(game_id)
    first = alice_api.get(f"/api/games/{game_id}/").json()
    assert first["status"] == "finished" or first["clocks"]["red"] == 0
    wait_until(
        lambda: alice_api.get(f"/api/games/{game_id}/").json()["status"] == "finished",
        20,
        "the worker ends the game on time",
    )
    detail = alice_api.get(f"/api/games/{game_id}/").json()
    assert detail["result"] == {"winner": "alice", "winner_seat": "blue", "reason": "time"}
