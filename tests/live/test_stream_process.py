"""The stream process for real: uvicorn serving `config.asgi:application` on the test
database and Redis, beside a real worker. Its open streams hold no database connection."""

import contextlib
import http.client
import os
import threading
from urllib.parse import urlsplit

import pytest
from django.conf import settings
from django.db import connection

from accounts.models import Plan
from live import frames
from live.connection import redis_client
from tests.conftest import service_missing, worker_database_url
from tests.games.conftest import play, start_friendly
from tests.live.streaming import events, split, until
from tests.support.championships import invite_and_accept, small_championship
from tests.support.processes import PROJECT, running_site

pytestmark = pytest.mark.django_db(transaction=True)

# The stream process's connections, told apart in pg_stat_activity by this name.
APPLICATION_NAME = "championships-stream-test"


@pytest.fixture(scope="module")
def stream_process(django_db_setup, django_db_blocker):
    if not settings.REDIS_URL:
        service_missing("REDIS_URL is not set: the stream process reads Redis")
    with django_db_blocker.unblock():
        database_url = worker_database_url()
    module = getattr(settings, "SETTINGS_MODULE", None) or os.environ["DJANGO_SETTINGS_MODULE"]
    env = {
        **os.environ,
        "DATABASE_URL": f"{database_url}?application_name={APPLICATION_NAME}",
        "DJANGO_SETTINGS_MODULE": module,
        "DATABASE_POOL_MAX_SIZE": "2",
        "STREAM_HEARTBEAT_SECONDS": "1",
    }
    with running_site(PROJECT, env, server="uvicorn") as base:
        yield base


@contextlib.contextmanager
def stream(base: str, path: str, **headers: str):
    """An open event stream: (status, its frames as they come)."""
    address = urlsplit(base)
    conn = http.client.HTTPConnection(address.hostname, address.port, timeout=20)
    try:
        conn.request("GET", path, headers=headers)
        response = conn.getresponse()
        chunks = iter(lambda: response.readline(), b"")
        yield response, split(chunks)
    finally:
        conn.close()


def stream_connections() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s",
            [APPLICATION_NAME],
        )
        return cursor.fetchone()[0]


def test_more_streams_than_the_pool_has_connections_all_see_a_move(
    stream_process, real_worker, alice_api, bob_api
):
    game_id = start_friendly(alice_api, bob_api)
    opened = threading.Barrier(13)
    seen: list[dict] = []

    def follow() -> None:
        with stream(stream_process, f"/api/games/{game_id}/events/") as (response, frames_in):
            assert response.status == 200
            until(frames_in, "state")
            opened.wait(30)
            seen.append(frames.data_of(until(frames_in, "move")))

    followers = [threading.Thread(target=follow, daemon=True) for _ in range(12)]
    for follower in followers:
        follower.start()
    opened.wait(30)
    assert stream_connections() == 0  # twelve open streams, no database connection
    answer = play(alice_api, game_id, 1, [3, 3]).json()
    assert answer["status"] == "accepted"
    for follower in followers:
        follower.join(30)
    assert [(event["seq"], event["move"]) for event in seen] == [(1, [3, 3])] * 12


def test_a_stream_resumed_with_last_event_id_gets_exactly_the_missed_events(
    stream_process, real_worker, alice_api, bob_api
):
    game_id = start_friendly(alice_api, bob_api)
    path = f"/api/games/{game_id}/events/"
    with stream(stream_process, path) as (_, frames_in):
        until(frames_in, "state")
        mover = threading.Thread(target=lambda: play(alice_api, game_id, 1, [1, 1]))
        mover.start()
        last = until(frames_in, "move")
        mover.join()
    # Dropped: two moves go by unseen.
    assert play(bob_api, game_id, 2, [6, 6]).json()["status"] == "accepted"
    assert play(alice_api, game_id, 3, [2, 2]).json()["status"] == "accepted"
    backlog = redis_client().lrange(f"championships:live:game:{game_id}:backlog", 0, -1)
    missed = backlog[backlog.index(last) + 1 :]
    assert [frames.data_of(raw).get("seq") for raw in missed if b"event: move" in raw] == [2, 3]
    with stream(stream_process, path, **{"Last-Event-ID": frames.id_of(last)}) as (_, frames_in):
        got = [next(events(frames_in)) for _ in missed]
    assert got == missed


def test_a_private_championships_stream_refuses_outsiders_and_admits_members(
    stream_process, make_user
):
    organiser = make_user("stream-organiser", plan=Plan.PAID)
    anna = make_user("stream-anna")
    championship = small_championship(organiser, name="Hidden Stream Cup", visibility="private")
    invite_and_accept(championship, organiser, anna, make_user("stream-boris"))
    path = f"/api/championships/{championship.pk}/events/"
    stranger = make_user("stream-stranger")
    for headers in ({}, {"Authorization": f"Token {_token(stranger)}"}):
        with stream(stream_process, path, **headers) as (response, _):
            assert response.status == 404
            assert b'"code":"not_found"' in response.read()
    with stream(stream_process, path, Authorization="Token wrong") as (response, _):
        assert response.status == 401
    with stream(stream_process, path, Authorization=f"Token {_token(anna)}") as (response, got):
        assert response.status == 200
        assert frames.data_of(until(got, "state"))["championship"] == championship.pk
    assert stream_connections() == 0  # the check's connection went back


def _token(user) -> str:
    from accounts.services import api_token

    return api_token(user).key


def test_the_watching_count_crosses_the_stream_process(stream_process, alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api)
    path = f"/api/games/{game_id}/events/"
    with stream(stream_process, path) as (_, first), stream(stream_process, path) as (_, second):
        until(second, "state")
        while frames.data_of(until(first, "watching"))["count"] != 2:
            pass
        assert alice_api.get(f"/api/games/{game_id}/").json()["watching"] == 2
