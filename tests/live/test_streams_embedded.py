"""A game's and a championship's live streams in one process (`make demo`): resume,
watching, heartbeats, privacy, the championship's news."""

import threading

import pytest
from django.test import Client

from accounts.models import Plan, User
from games import streams as game_streams
from games.models import Game
from live import frames, watching
from live.hub import HUB
from tests.conftest import client_with_token
from tests.games.conftest import play, start_friendly
from tests.live.streaming import events, split, until
from tests.support.championships import invite_and_accept, small_championship
from tournaments import services as championships

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


@pytest.fixture(autouse=True)
def _quick_heartbeats_and_watching(settings, monkeypatch):
    settings.STREAM_HEARTBEAT_SECONDS = 0.2
    monkeypatch.setattr(watching, "PUSH_EVERY_SECONDS", 0.05)


def open_stream(client: Client, path: str, **headers):
    response = client.get(path, **headers)
    assert response.status_code == 200, response.content
    return response, split(response.streaming_content)


def test_a_game_stream_resumed_with_last_event_id_gets_exactly_the_missed_events(
    alice_api, bob_api
):
    game_id = start_friendly(alice_api, bob_api)
    path = f"/api/games/{game_id}/events/"
    response, stream = open_stream(Client(), path)
    play(alice_api, game_id, 1, [1, 1])
    seen = until(stream, "move")
    response.close()  # the connection drops
    play(bob_api, game_id, 2, [5, 5])
    play(alice_api, game_id, 3, [2, 2])
    # What was published after the frame last seen, as the backlog keeps it.
    missed = list(events(HUB.snapshot(game_streams.topic(game_id)).backlog))
    missed = missed[[frames.id_of(raw) for raw in missed].index(frames.id_of(seen)) + 1 :]
    assert [frames.data_of(raw)["seq"] for raw in missed if b"event: move" in raw] == [2, 3]

    response, stream = open_stream(Client(), path, HTTP_LAST_EVENT_ID=frames.id_of(seen))
    opening = next(stream)
    assert opening == frames.RETRY  # no state: the client keeps what it shows
    resent = [next(stream) for _ in missed]
    response.close()
    assert resent == missed


def test_a_stream_resumed_from_before_its_backlog_gets_the_state_to_reload(alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api)
    response, stream = open_stream(
        Client(), f"/api/games/{game_id}/events/", HTTP_LAST_EVENT_ID="0.0"
    )
    state = until(stream, "state")
    response.close()
    assert frames.data_of(state)["version"] == Game.objects.get(pk=game_id).version


def test_a_quiet_stream_sends_heartbeats(alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api)
    response, stream = open_stream(Client(), f"/api/games/{game_id}/events/")
    until(stream, "state")
    assert until(stream, "keep-alive") == frames.KEEP_ALIVE
    response.close()


def test_the_game_tells_how_many_people_are_watching(alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api)
    path = f"/api/games/{game_id}/events/"
    first, stream = open_stream(Client(), path)
    second, other = open_stream(Client(REMOTE_ADDR="10.0.0.2"), path)  # another person
    next(other)  # the second stream opens
    while frames.data_of(until(stream, "watching"))["count"] != 2:
        pass
    assert alice_api.get(f"/api/games/{game_id}/").json()["watching"] == 2
    assert "2 watching" in Client().get(f"/games/{game_id}/").content.decode()
    second.close()
    told = frames.data_of(until(stream, "watching"))
    first.close()
    assert told["count"] == 1 and told["text"]["en"] == "1 watching"


@pytest.fixture
def private_championship(make_user):
    organiser = make_user("hidden-organiser", plan=Plan.PAID)
    championship = small_championship(organiser, name="Hidden Cup", visibility="private")
    invite_and_accept(championship, organiser, make_user("hidden-anna"), make_user("hidden-boris"))
    return championship


def test_a_private_championships_stream_refuses_outsiders_and_admits_members(
    private_championship, make_user
):
    path = f"/api/championships/{private_championship.pk}/events/"
    missing = Client().get("/api/championships/987654/events/")
    for outsider in (Client(), client_with_token(make_user("outsider"))):
        answer = outsider.get(path)
        assert answer.status_code == 404
        assert answer.json() == missing.json()
        assert answer.json()["error"]["code"] == "not_found"
    wrong = Client(HTTP_AUTHORIZATION="Token not-a-token").get(path)
    assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "authentication_failed"
    for member in ("hidden-anna", "hidden-organiser"):
        member_client = Client()
        member_client.force_login(User.objects.get(username=member))
        response, stream = open_stream(member_client, path)
        assert frames.data_of(until(stream, "state"))["championship"] == private_championship.pk
        response.close()


# Transactional: the game is resigned from another thread, whose connection sees only what
# is committed.
@pytest.mark.django_db(transaction=True)
def test_the_championship_stream_tells_the_standings_when_a_group_game_ends(make_user):
    organiser = make_user("cup-organiser")
    anna, boris = make_user("cup-anna"), make_user("cup-boris")
    championship = small_championship(organiser)
    invite_and_accept(championship, organiser, anna, boris)
    response, stream = open_stream(Client(), f"/api/championships/{championship.pk}/events/")
    until(stream, "state")
    championships.start(championship.pk, by=organiser)
    assert frames.data_of(until(stream, "status"))["status"] == "groups"
    game = Game.objects.get(match__stage__championship=championship)
    resign = f"/api/games/{game.pk}/resign/"
    mover = threading.Thread(target=lambda: client_with_token(anna).post(resign))
    mover.start()
    standings = until(stream, "standings")
    mover.join()
    response.close()
    assert frames.data_of(standings)["championship"] == championship.pk
