"""The stream process for real: uvicorn serving `config.asgi:application` on the test
database and Redis, beside a real worker. Its open streams hold no database connection."""

import contextlib
import http.client
import os
import threading
import time
from urllib.parse import urlsplit

import pytest
from django.conf import settings
from django.db import connection, transaction

from accounts.models import Plan
from games.models import Game
from live import frames
from live.connection import redis_client
from tests.conftest import client_with_token, service_missing, worker_database_url
from tests.games.conftest import play, start_friendly
from tests.live.streaming import ends, events, split, until
from tests.support.championships import invite_and_accept, small_championship
from tests.support.processes import PROJECT, running_site
from tests.support.waiting import wait_until
from tournaments import services as championships
from tournaments import streams as championship_streams
from tournaments.models import Championship

# Transactional: the stream process is another process, which reads only what is committed.
pytestmark = pytest.mark.django_db(transaction=True)

# The stream process's connections, told apart in pg_stat_activity by this name.
APPLICATION_NAME = "championships-stream-test"


def _stream_process_env(django_db_blocker, **extra: str) -> dict[str, str]:
    if not settings.REDIS_URL:
        service_missing("REDIS_URL is not set: the stream process reads Redis")
    with django_db_blocker.unblock():
        database_url = worker_database_url()
    module = getattr(settings, "SETTINGS_MODULE", None) or os.environ["DJANGO_SETTINGS_MODULE"]
    return {
        **os.environ,
        "DATABASE_URL": f"{database_url}?application_name={APPLICATION_NAME}",
        "DJANGO_SETTINGS_MODULE": module,
        "DATABASE_POOL_MAX_SIZE": "2",
        "STREAM_HEARTBEAT_SECONDS": "1",
        **extra,
    }


@pytest.fixture(scope="module")
def stream_process(django_db_setup, django_db_blocker):
    with running_site(PROJECT, _stream_process_env(django_db_blocker), server="uvicorn") as base:
        yield base


@pytest.fixture(scope="module")
def two_stream_processes(django_db_setup, django_db_blocker):
    """Two stream processes behind one proxy (it names the client in X-Forwarded-For), each
    allowing a client BUDGET streams."""
    env = _stream_process_env(django_db_blocker, NUM_PROXIES="1", STREAMS_PER_CLIENT=str(BUDGET))
    with (
        running_site(PROJECT, env, server="uvicorn") as first,
        running_site(PROJECT, env, server="uvicorn") as second,
    ):
        yield first, second


BUDGET = 3


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
    # Twelve open streams and no database connection (a closed one's server process may take
    # a moment to leave pg_stat_activity).
    wait_until(lambda: stream_connections() == 0, 5, "the stream process holds no connection")
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


def test_the_watching_count_crosses_the_stream_process(
    stream_process, alice_api, bob_api, make_user
):
    game_id = start_friendly(alice_api, bob_api)
    path = f"/api/games/{game_id}/events/"
    someone = {"Authorization": f"Token {_token(make_user('watching-someone'))}"}
    with (
        stream(stream_process, path) as (_, first),
        stream(stream_process, path, **someone) as (_, second),
    ):
        until(second, "state")
        while frames.data_of(until(first, "watching"))["count"] != 2:
            pass
        assert alice_api.get(f"/api/games/{game_id}/").json()["watching"] == 2


# -- who may see it now ------------------------------------------------------------------


@pytest.fixture
def cup(make_user):
    organiser = make_user("process-organiser", plan=Plan.PAID)
    championship = small_championship(organiser, name="Process Cup")
    invite_and_accept(
        championship, organiser, make_user("process-anna"), make_user("process-boris")
    )
    return championship


def _turn_private(championship) -> None:
    answer = client_with_token(championship.organiser).patch(
        f"/api/championships/{championship.pk}/", {"visibility": "private"}, format="json"
    )
    assert answer.status_code == 200, answer.content


def test_an_open_stream_ends_when_its_championship_turns_private(stream_process, cup):
    path = f"/api/championships/{cup.pk}/events/"
    organiser = {"Authorization": f"Token {_token(cup.organiser)}"}
    with (
        stream(stream_process, path) as (response, got),
        stream(stream_process, path, **organiser) as (_, kept),
    ):
        assert response.status == 200
        until(got, "state")
        until(kept, "state")
        _turn_private(cup)
        assert ends(got)
        assert until(kept, "keep-alive")  # the organiser still sees it


def test_a_new_stream_is_refused_after_the_championship_turns_private(stream_process, cup):
    path = f"/api/championships/{cup.pk}/events/"
    with stream(stream_process, path) as (response, got):  # Redis keeps "public"
        assert response.status == 200
        until(got, "state")
    _turn_private(cup)
    with stream(stream_process, path) as (response, _):
        assert response.status == 404
        assert b'"code":"not_found"' in response.read()


def test_the_games_of_a_championship_turned_private_close_their_streams(
    stream_process, real_worker, cup
):
    # The start's tasks (the round's notices, its advance) go to the session's worker: the
    # test waits for them before the database is emptied, or the two would deadlock.
    championships.start(cup.pk, by=cup.organiser)
    game = Game.objects.get(match__stage__championship=cup)
    path = f"/api/games/{game.pk}/events/"
    with stream(stream_process, path) as (response, got):
        assert response.status == 200
        until(got, "state")
        # After the start only the staff change it (the admin site tells the streams so).
        with transaction.atomic():
            Championship.objects.filter(pk=cup.pk).update(visibility="private")
            championship_streams.visibility_changed(cup)
        assert ends(got)
    with stream(stream_process, path) as (response, _):
        assert response.status == 404


# -- each client's budget ----------------------------------------------------------------


def _client(address: str) -> dict[str, str]:
    """The headers of one client behind the proxy."""
    return {"X-Forwarded-For": address}


def test_streams_beyond_the_budget_are_429_with_retry_after(
    two_stream_processes, alice_api, bob_api
):
    first, second = two_stream_processes
    path = f"/api/games/{start_friendly(alice_api, bob_api)}/events/"
    client = _client("198.51.100.1")
    with contextlib.ExitStack() as open_streams:
        for base in (first, first, second):  # the budget holds over every process
            response, got = open_streams.enter_context(stream(base, path, **client))
            assert response.status == 200
            until(got, "state")
        for base in (first, second):
            with stream(base, path, **client) as (response, _):
                assert response.status == 429
                assert int(response.getheader("Retry-After")) > 0
                assert b'"code":"throttled"' in response.read()
        with stream(first, path, **_client("198.51.100.2")) as (response, _):
            assert response.status == 200


def test_a_closed_stream_gives_its_place_back(two_stream_processes, alice_api, bob_api):
    first, second = two_stream_processes
    path = f"/api/games/{start_friendly(alice_api, bob_api)}/events/"
    client = _client("198.51.100.3")
    with contextlib.ExitStack() as open_streams:
        for base in (first, second):
            _, got = open_streams.enter_context(stream(base, path, **client))
            until(got, "state")
        with stream(second, path, **client) as (_, got):
            until(got, "state")
        # The third stream closed: its place is free again, soon after its process noticed.
        deadline = time.monotonic() + 10
        while True:
            with stream(first, path, **client) as (response, _):
                if response.status == 200:
                    break
                assert response.status == 429
            assert time.monotonic() < deadline, "the closed stream kept its place"
            time.sleep(0.2)


def test_watching_counts_people_not_connections(two_stream_processes, alice_api, bob_api):
    first, second = two_stream_processes
    game_id = start_friendly(alice_api, bob_api)
    path = f"/api/games/{game_id}/events/"
    one, other = _client("198.51.100.4"), _client("198.51.100.5")
    with contextlib.ExitStack() as open_streams:
        _, watched = open_streams.enter_context(stream(first, path, **one))
        for base in (first, second):  # the same person, three streams on two processes
            _, got = open_streams.enter_context(stream(base, path, **one))
            until(got, "state")
        _, got = open_streams.enter_context(stream(second, path, **other))
        until(got, "state")
        deadline = time.monotonic() + 20
        while frames.data_of(until(watched, "watching"))["count"] != 2:
            assert time.monotonic() < deadline
        assert alice_api.get(f"/api/games/{game_id}/").json()["watching"] == 2
