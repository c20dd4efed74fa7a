"""A championship game is seen by whoever may see its championship, and by no one else."""

import pytest
from django.test import Client

from accounts.models import Plan
from games.models import Game
from tests.conftest import TEST_PASSWORD, client_with_token
from tests.games.conftest import start_friendly
from tests.support.championships import invite_and_accept
from tests.support.mfa import log_in_with_second_factor
from tournaments import services as championships

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

MISSING_GAME = 987654

READS = {
    "detail": "/api/games/{id}/",
    "moves": "/api/games/{id}/moves/",
    "record": "/api/games/{id}/record/",
    "events": "/api/games/{id}/events/",
    "page": "/games/{id}/",
    "live fragment": "/games/{id}/live/",
}

API_ACTIONS = ["accept", "decline", "resign", "draw", "undo", "away", "back", "rematch", "moves"]
PAGE_ACTIONS = ["accept", "decline", "resign", "draw", "undo", "away", "back", "rematch"]


def get(client: Client, url: str):
    """The answer to a GET; an event stream is closed unread (it would never end)."""
    answer = client.get(url)
    answer.close()
    return answer


def logged_in(user) -> Client:
    client = Client()
    if user.is_staff:  # staff powers need a session that passed the second factor
        return log_in_with_second_factor(client, user)
    assert client.login(username=user.username, password=TEST_PASSWORD)
    return client


def championship_game(make_user, *, visibility: str, name: str = "Hidden Cup") -> Game:
    """Anna and Boris's one game in a started two-player championship run by Olga."""
    olga = make_user("olga", plan=Plan.PAID)
    championship = championships.create_championship(
        organiser=olga,
        name=name,
        game="kropki",
        options={"width": 5, "height": 5},
        rated=False,
        visibility=visibility,
    )
    players = [make_user(username) for username in ("anna", "boris")]
    invite_and_accept(championship, olga, *players)
    championships.start(championship.pk, by=olga)
    return Game.objects.get(match__stage__championship=championship)


@pytest.fixture
def private_game(make_user) -> Game:
    return championship_game(make_user, visibility="private")


@pytest.fixture
def stranger(make_user):
    return make_user("stranger")


def _outsiders(stranger) -> dict[str, Client]:
    return {"anonymous": Client(), "a stranger": logged_in(stranger)}


@pytest.mark.parametrize("read", READS)
def test_a_private_championships_game_is_404_to_an_outsider(private_game, stranger, read):
    url = READS[read]
    for who, client in _outsiders(stranger).items():
        missing = get(client, url.format(id=MISSING_GAME))
        answer = get(client, url.format(id=private_game.pk))
        assert answer.status_code == 404, (who, answer.status_code)
        # Exactly what a game that does not exist answers: nothing tells the two apart.
        if url.startswith("/api/"):
            assert answer.json() == missing.json()


@pytest.mark.parametrize("read", READS)
def test_an_entrant_still_sees_their_private_championship_game(private_game, read):
    anna = private_game.seats.get(user__username="anna").user
    answer = get(logged_in(anna), READS[read].format(id=private_game.pk))
    assert answer.status_code == 200
    if read == "page":
        assert "Hidden Cup" in answer.content.decode()


def test_an_entrant_follows_their_private_championship_game_with_an_api_token(private_game):
    """A bot has no session: the event stream reads its token as the rest of the API does."""
    anna = private_game.seats.get(user__username="anna").user
    url = f"/api/games/{private_game.pk}/events/"
    answer = get(client_with_token(anna), url)
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/event-stream")
    wrong = Client(HTTP_AUTHORIZATION="Token not-a-token").get(url)
    assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "authentication_failed"


@pytest.mark.parametrize("viewer", ["organiser", "staff"])
def test_the_organiser_and_staff_see_a_private_championships_game(private_game, make_user, viewer):
    if viewer == "staff":
        user = make_user("staff", staff=True)
    else:
        user = private_game.match.stage.championship.organiser
    client = logged_in(user)
    for url in READS.values():
        assert get(client, url.format(id=private_game.pk)).status_code == 200, url


def test_a_public_championships_game_stays_open_to_anonymous_visitors(make_user):
    game = championship_game(make_user, visibility="public", name="Open Cup")
    for url in READS.values():
        assert get(Client(), url.format(id=game.pk)).status_code == 200, url
    assert "Open Cup" in Client().get(f"/games/{game.pk}/").content.decode()


@pytest.mark.parametrize("action", API_ACTIONS)
def test_an_outsider_acting_on_a_private_championships_game_gets_404_as_for_a_missing_one(
    private_game, stranger, action
):
    api = client_with_token(stranger)
    body = {"seq": 1, "move": [1, 1]} if action == "moves" else {}
    missing = api.post(f"/api/games/{MISSING_GAME}/{action}/", body, format="json")
    answer = api.post(f"/api/games/{private_game.pk}/{action}/", body, format="json")
    assert missing.status_code == 404
    assert (answer.status_code, answer.json()) == (404, missing.json())
    private_game.refresh_from_db()
    assert private_game.status == Game.Status.ACTIVE and private_game.move_count == 0


@pytest.mark.parametrize("action", PAGE_ACTIONS)
def test_an_outsider_posting_a_page_action_on_a_private_championships_game_gets_404(
    private_game, stranger, action
):
    client = logged_in(stranger)
    assert client.post(f"/games/{MISSING_GAME}/{action}/").status_code == 404
    assert client.post(f"/games/{private_game.pk}/{action}/").status_code == 404
    private_game.refresh_from_db()
    assert private_game.status == Game.Status.ACTIVE


def test_a_player_acting_on_their_private_championship_game_is_still_heard(private_game):
    anna = private_game.seats.get(user__username="anna").user
    answer = client_with_token(anna).post(f"/api/games/{private_game.pk}/resign/")
    assert answer.status_code == 200
    assert answer.json()["result"]["reason"] == "resignation"


def test_a_private_championship_is_not_named_on_public_lists(private_game, stranger):
    """Not among the games being played, a player's recent games, nor the championships."""
    game_url = f"/games/{private_game.pk}/"
    for who, client in _outsiders(stranger).items():
        for page in ("/", "/players/anna/", "/championships/"):
            html = client.get(page).content.decode()
            assert "Hidden Cup" not in html, (who, page)
            assert game_url not in html, (who, page)
        assert "boris" not in client.get("/players/anna/").content.decode(), who
    for api in (Client(), client_with_token(stranger)):
        listed = api.get("/api/championships/").json()
        assert "Hidden Cup" not in [championship["name"] for championship in listed]


def test_an_entrant_sees_their_private_championship_game_on_the_lists(private_game):
    anna = private_game.seats.get(user__username="anna").user
    client = logged_in(anna)
    home = client.get("/").content.decode()
    assert f"/games/{private_game.pk}/" in home and "Hidden Cup" in home
    assert f"/games/{private_game.pk}/" in client.get("/players/boris/").content.decode()
    games = client_with_token(anna).get("/api/games/").json()
    assert [game["id"] for game in games] == [private_game.pk]


def test_a_friendly_game_stays_open_to_spectators(alice_api, bob_api):
    game_id = start_friendly(alice_api, bob_api)
    for url in READS.values():
        assert get(Client(), url.format(id=game_id)).status_code == 200, url
    assert f"/games/{game_id}/" in Client().get("/").content.decode()
