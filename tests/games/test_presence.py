"""Who is there: every request of a seated player about a game shows them present, for
every game whose rules need it (Q20: disconnected too long loses; D10: the CPU stands in
for a player who has left, until they are seen again)."""

import time

import pytest
from django.test import Client

from games import presence, services
from games.models import Game, Move
from tests.conftest import client_with_token
from tests.games.conftest import play

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

SMALL = {"columns": 2, "rows": 2}


def friendly(creator_api, opponent_api, game: str, **extra) -> Game:
    body = {"game": game, "opponent": "bob", **extra}
    created = creator_api.post("/api/games/", body, format="json")
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    assert opponent_api.post(f"/api/games/{game_id}/accept/").status_code == 200
    return Game.objects.get(pk=game_id)


def dots_and_boxes(alice_api, bob_api, **extra) -> Game:
    """Alice (first) and Bob (second) on a 2×2 board, no clock."""
    return friendly(alice_api, bob_api, "dots_and_boxes", options=SMALL, **extra)


def seat_of(game: Game, user) -> str:
    return game.seats.get(user=user).seat


def last_seen(game: Game, user, seconds_ago: float) -> None:
    presence.touch(game.pk, seat_of(game, user), time.time() - seconds_ago)


def seen_just_now(game: Game, user) -> bool:
    seen = presence.last_seen(game.pk, seat_of(game, user))
    return seen is not None and time.time() - seen < 60


def cpu_moves_for(game: Game, seat: str) -> int:
    accepted = Move.objects.filter(game=game, status=Move.Status.ACCEPTED, seat=seat)
    return accepted.filter(player__isnull=True).count()


# -- Q20: reading the game is being there ------------------------------------------------


def test_Q20_reading_the_game_through_the_api_keeps_a_player_present(
    alice, bob, alice_api, bob_api
):
    game = friendly(alice_api, bob_api, "quadrotone")
    # Alice's bot thinks inside its 6-minute move; it only reads the game meanwhile.
    last_seen(game, alice, 121)
    last_seen(game, bob, 0)
    detail = alice_api.get(f"/api/games/{game.pk}/")
    assert detail.status_code == 200 and detail.json()["status"] == "active"
    assert services.sweep() == []
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.result_reason == ""


def test_Q20_a_spectators_reading_keeps_nobody_present(alice, bob, alice_api, bob_api, make_user):
    game = friendly(alice_api, bob_api, "quadrotone")
    last_seen(game, alice, 121)
    last_seen(game, bob, 0)
    client_with_token(make_user("carol")).get(f"/api/games/{game.pk}/")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.result_reason == "disconnection"
    assert game.winner == seat_of(game, bob)


def _api(user):
    return client_with_token(user)


def _page(user):
    client = Client()
    client.force_login(user)
    return client


REQUESTS = {
    "detail": (_api, "get", "/api/games/{id}/"),
    "moves": (_api, "get", "/api/games/{id}/moves/"),
    "record": (_api, "get", "/api/games/{id}/record/"),
    "events": (_api, "get", "/api/games/{id}/events/"),
    "draw offer": (_api, "post", "/api/games/{id}/draw/"),
    "page": (_page, "get", "/games/{id}/"),
    "live part of the page": (_page, "get", "/games/{id}/live/"),
    "resign from the page": (_page, "post", "/games/{id}/resign/"),
}


@pytest.mark.parametrize("game_name", ["quadrotone", "dots_and_boxes"])
@pytest.mark.parametrize("request_name", list(REQUESTS))
def test_every_request_of_a_seated_player_about_the_game_shows_them_present(
    alice, bob, alice_api, bob_api, game_name, request_name
):
    game = friendly(alice_api, bob_api, game_name)
    last_seen(game, alice, 100)
    client_for, method, path = REQUESTS[request_name]
    response = getattr(client_for(alice), method)(path.format(id=game.pk))
    assert response.status_code < 400, response.content
    response.close()
    assert seen_just_now(game, alice)


# -- D10: a player who closes the page has left -------------------------------------------


def test_D10_a_player_who_closes_the_page_is_replaced_by_the_cpu(alice, bob, alice_api, bob_api):
    game = dots_and_boxes(alice_api, bob_api)
    assert play(alice_api, game.pk, 1, ["h", 0, 0]).json()["status"] == "accepted"
    last_seen(game, bob, 61)  # Bob closed the page a minute ago, on his move
    assert services.sweep() == [game.pk]
    game.refresh_from_db()
    assert cpu_moves_for(game, "second") == 1 and game.to_move == "first"
    assert game.status == Game.Status.ACTIVE


def test_D10_the_opponents_reading_lets_the_cpu_move_for_a_player_who_left(
    alice, bob, alice_api, bob_api
):
    game = dots_and_boxes(alice_api, bob_api)
    play(alice_api, game.pk, 1, ["h", 0, 0])
    last_seen(game, bob, 61)
    detail = alice_api.get(f"/api/games/{game.pk}/").json()  # embedded: no sweep runs
    assert detail["move_count"] == 2 and detail["to_move"] == "alice"


def test_D10_a_player_seen_again_plays_their_own_moves(alice, bob, alice_api, bob_api):
    game = dots_and_boxes(alice_api, bob_api)
    play(alice_api, game.pk, 1, ["h", 0, 0])
    last_seen(game, bob, 61)
    services.sweep()  # the CPU moves for Bob
    assert bob_api.get(f"/api/games/{game.pk}/").status_code == 200  # Bob is back
    assert play(alice_api, game.pk, 3, ["v", 2, 1]).json()["status"] == "accepted"
    assert services.sweep() == []
    game.refresh_from_db()
    assert game.to_move == "second" and cpu_moves_for(game, "second") == 1


def test_D10_a_player_seen_within_the_minute_is_not_replaced(alice, bob, alice_api, bob_api):
    game = dots_and_boxes(alice_api, bob_api)
    play(alice_api, game.pk, 1, ["h", 0, 0])
    last_seen(game, bob, 50)
    assert services.sweep() == []
    game.refresh_from_db()
    assert game.to_move == "second" and cpu_moves_for(game, "second") == 0


def test_D10_with_both_players_gone_the_game_waits_for_them(alice, bob, alice_api, bob_api):
    game = dots_and_boxes(alice_api, bob_api)
    play(alice_api, game.pk, 1, ["h", 0, 0])
    last_seen(game, alice, 61)
    last_seen(game, bob, 61)  # both closed the page: nobody waits for anybody
    assert services.sweep() == []
    game.refresh_from_db()
    assert game.to_move == "second" and game.move_count == 1


def test_D10_in_practice_the_cpu_never_plays_against_itself(alice, alice_api):
    body = {"game": "dots_and_boxes", "options": SMALL, "opponent": "cpu"}
    game = Game.objects.get(pk=alice_api.post("/api/games/", body, format="json").json()["id"])
    last_seen(game, alice, 3600)
    assert services.sweep() == []
    game.refresh_from_db()
    assert game.to_move == "first" and game.move_count == 0


def test_D10_in_a_championship_the_cpu_waits_for_a_player_who_never_moved(
    alice, bob, alice_api, bob_api
):
    body = {"name": "Boxes Cup", "game": "dots_and_boxes", "options": SMALL}
    championship_id = alice_api.post("/api/championships/", body, format="json").json()["id"]
    for client in (alice_api, bob_api):
        client.post(f"/api/championships/{championship_id}/entries/")
    alice_api.post(f"/api/championships/{championship_id}/start/")
    game = Game.objects.get(match__stage__championship_id=championship_id)
    players = {seat.seat: seat.user for seat in game.seats.all()}
    first = alice_api if players["first"] == alice else bob_api
    play(first, game.pk, 1, ["h", 0, 0])
    presence.touch(game.pk, "second", time.time() - 3600)  # never came (D11)
    assert services.sweep() == []
    game.refresh_from_db()
    assert game.to_move == "second" and game.move_count == 1
