"""Who may follow a stream is decided by who may see its topic now, and each client holds a
bounded number of streams, in one process (`make demo`)."""

import pytest
from django.db import transaction
from django.test import Client

from accounts.models import Plan
from games.models import Game
from live import frames, watching
from tests.conftest import TEST_PASSWORD, client_with_token
from tests.live.streaming import ends, split, until
from tests.support.championships import invite_and_accept, small_championship
from tournaments import services as championships
from tournaments import streams as championship_streams
from tournaments.models import Championship

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


@pytest.fixture(autouse=True)
def _quick_heartbeats_and_watching(settings, monkeypatch):
    settings.STREAM_HEARTBEAT_SECONDS = 0.2
    monkeypatch.setattr(watching, "PUSH_EVERY_SECONDS", 0.05)


def open_stream(client: Client, path: str, **headers):
    response = client.get(path, **headers)
    assert response.status_code == 200, response.content
    stream = split(response.streaming_content)
    next(stream)  # the retry hint: the stream is open
    return response, stream


@pytest.fixture
def cup(make_user):
    organiser = make_user("access-organiser", plan=Plan.PAID)
    championship = small_championship(organiser, name="Access Cup")
    invite_and_accept(championship, organiser, make_user("access-anna"), make_user("access-boris"))
    return championship


def _turn_private(championship) -> None:
    organiser = client_with_token(championship.organiser)
    answer = organiser.patch(
        f"/api/championships/{championship.pk}/", {"visibility": "private"}, format="json"
    )
    assert answer.status_code == 200, answer.content


def test_an_open_stream_ends_when_its_championship_turns_private(cup):
    path = f"/api/championships/{cup.pk}/events/"
    response, stream = open_stream(Client(), path)
    member = Client()
    member.force_login(cup.organiser)
    kept, kept_stream = open_stream(member, path)
    _turn_private(cup)
    assert ends(stream)
    assert until(kept_stream, "keep-alive")  # the organiser still sees it
    response.close()
    kept.close()


def test_a_new_stream_is_refused_after_the_championship_turns_private(cup):
    path = f"/api/championships/{cup.pk}/events/"
    response, _ = open_stream(Client(), path)  # a snapshot that says "public" is kept
    response.close()
    _turn_private(cup)
    refused = Client().get(path)
    assert refused.status_code == 404
    assert refused.json()["error"]["code"] == "not_found"


def test_the_games_of_a_championship_turned_private_close_their_streams(cup):
    championships.start(cup.pk, by=cup.organiser)
    game = Game.objects.get(match__stage__championship=cup)
    path = f"/api/games/{game.pk}/events/"
    response, stream = open_stream(Client(), path)
    # After the start only the staff change it (the admin site tells the streams so).
    with transaction.atomic():
        Championship.objects.filter(pk=cup.pk).update(visibility="private")
        championship_streams.visibility_changed(cup)
    assert ends(stream)
    response.close()
    assert Client().get(path).status_code == 404


def test_an_invited_players_stream_ends_when_they_decline(make_user):
    organiser = make_user("decline-organiser", plan=Plan.PAID)
    guest = make_user("decline-guest")
    championship = small_championship(organiser, name="Quiet Cup", visibility="private")
    championships.invite(championship.pk, by=organiser, username=guest.username)
    response, stream = open_stream(
        client_with_token(guest), f"/api/championships/{championship.pk}/events/"
    )
    championships.decline_invitation(championship.pk, by=guest)
    assert ends(stream)
    response.close()


def test_a_removed_players_stream_of_a_private_championship_ends(make_user):
    organiser = make_user("removal-organiser", plan=Plan.PAID)
    anna = make_user("removal-anna")
    championship = small_championship(organiser, name="Closed Cup", visibility="private")
    invite_and_accept(championship, organiser, anna)
    response, stream = open_stream(
        client_with_token(anna), f"/api/championships/{championship.pk}/events/"
    )
    championships.withdraw(championship.pk, by=organiser, username=anna.username)
    assert ends(stream)
    response.close()


def test_a_deleted_accounts_streams_of_a_private_championship_end(make_user):
    organiser = make_user("deleting-organiser", plan=Plan.PAID)
    anna, boris = make_user("deleting-anna"), make_user("deleting-boris")
    championship = small_championship(organiser, name="Gone Cup", visibility="private")
    invite_and_accept(championship, organiser, anna, boris)
    championships.start(championship.pk, by=organiser)
    game = Game.objects.get(match__stage__championship=championship)
    browser = Client()
    browser.force_login(anna)
    response, stream = open_stream(browser, f"/api/games/{game.pk}/events/")
    gone = client_with_token(anna).delete(
        "/api/accounts/me/", {"password": TEST_PASSWORD}, format="json"
    )
    assert gone.status_code == 204, gone.content
    assert ends(stream)
    response.close()


def test_streams_beyond_the_budget_are_429_with_retry_after(settings, alice_api, bob_api):
    from tests.games.conftest import start_friendly

    settings.STREAMS_PER_CLIENT = 2
    path = f"/api/games/{start_friendly(alice_api, bob_api)}/events/"
    opened = [open_stream(Client(), path)[0] for _ in range(2)]
    refused = Client().get(path)
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert refused.json()["error"]["code"] == "throttled"
    assert open_stream(Client(REMOTE_ADDR="10.0.0.9"), path)[0].close() is None  # another client
    for response in opened:
        response.close()


def test_an_accounts_streams_beyond_the_budget_are_429_from_any_address(
    settings, make_user, alice_api, bob_api
):
    from tests.games.conftest import start_friendly

    settings.STREAMS_PER_CLIENT = 2
    path = f"/api/games/{start_friendly(alice_api, bob_api)}/events/"
    viewer = make_user("budget-viewer")
    opened = []
    for address in ("10.0.1.1", "10.0.1.2"):
        browser = Client(REMOTE_ADDR=address)
        browser.force_login(viewer)
        opened.append(open_stream(browser, path)[0])
    browser = Client(REMOTE_ADDR="10.0.1.3")
    browser.force_login(viewer)
    refused = browser.get(path)
    assert refused.status_code == 429 and refused.has_header("Retry-After")
    for response in opened:
        response.close()


def test_a_closed_stream_gives_its_place_back(settings, alice_api, bob_api):
    from tests.games.conftest import start_friendly

    settings.STREAMS_PER_CLIENT = 1
    path = f"/api/games/{start_friendly(alice_api, bob_api)}/events/"
    first, _ = open_stream(Client(), path)
    assert Client().get(path).status_code == 429
    first.close()
    second, _ = open_stream(Client(), path)
    second.close()


def test_watching_counts_people_not_connections(alice_api, bob_api):
    from tests.games.conftest import start_friendly

    path = f"/api/games/{start_friendly(alice_api, bob_api)}/events/"
    first, stream = open_stream(Client(), path)
    others = [open_stream(Client(), path)[0] for _ in range(9)]  # the same person, 10 streams
    someone, _ = open_stream(Client(REMOTE_ADDR="10.0.2.2"), path)
    while frames.data_of(until(stream, "watching"))["count"] != 2:
        pass
    assert alice_api.get(path.removesuffix("events/")).json()["watching"] == 2
    for response in [first, *others, someone]:
        response.close()


def test_a_stream_closed_before_its_first_frame_gives_its_place_back(settings, alice_api, bob_api):
    from tests.games.conftest import start_friendly

    settings.STREAMS_PER_CLIENT = 1
    path = f"/api/games/{start_friendly(alice_api, bob_api)}/events/"
    unread = Client().get(path)
    assert unread.status_code == 200
    unread.close()  # the client went away before anything was sent
    second, _ = open_stream(Client(), path)
    second.close()
