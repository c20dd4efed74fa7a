"""Quadramids in the service: two or four players, invitations, the CPU, places, ratings."""

import pytest
from django.test import Client

from games.engines import engine
from games.models import Game, Move
from ratings.models import Rating
from tests.games.conftest import play

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

RULES = engine("quadramids")


def test_two_player_practice_game_the_cpu_answers_a_put(alice, alice_api):
    body = {"game": "quadramids", "opponent": "cpu", "options": {"players": 2}}
    game_id = alice_api.post("/api/games/", body, format="json").json()["id"]
    assert play(alice_api, game_id, 1, ["put", "d1"]).json()["status"] == "accepted"
    moves = Move.objects.filter(game_id=game_id, status=Move.Status.ACCEPTED).order_by("seq")
    assert [move.seat for move in moves] == ["1", "2"]


def test_M4_four_player_practice_game_the_cpu_takes_the_three_other_seats(alice, alice_api):
    body = {"game": "quadramids", "opponent": "cpu", "options": {"players": 4}}
    created = alice_api.post("/api/games/", body, format="json")
    assert created.status_code == 201, created.content
    detail = created.json()
    assert detail["players"] == {"1": "alice", "2": "cpu", "3": "cpu", "4": "cpu"}
    play(alice_api, detail["id"], 1, ["put", "a1"])
    game = Game.objects.get(pk=detail["id"])
    assert game.to_move == "1" and game.move_count == 4  # the three CPUs have moved


def test_four_player_friendly_game_starts_when_every_seat_is_taken(
    alice, alice_api, bob_api, make_user
):
    from tests.conftest import client_with_token

    carol, dave = make_user("carol"), make_user("dave")
    body = {"game": "quadramids", "options": {"players": 4}, "opponents": ["bob", "carol", "dave"]}
    created = alice_api.post("/api/games/", body, format="json")
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    assert bob_api.post(f"/api/games/{game_id}/accept/").status_code == 200
    assert client_with_token(carol).post(f"/api/games/{game_id}/accept/").status_code == 200
    assert Game.objects.get(pk=game_id).status == Game.Status.INVITED  # dave has not answered
    assert client_with_token(dave).post(f"/api/games/{game_id}/accept/").status_code == 200
    assert Game.objects.get(pk=game_id).status == Game.Status.ACTIVE


def test_four_player_game_needs_three_distinct_opponents(alice_api, make_user):
    make_user("bob")
    body = {"game": "quadramids", "options": {"players": 4}, "opponents": ["bob", "bob"]}
    refused = alice_api.post("/api/games/", body, format="json")
    assert refused.status_code == 400 and "opponents" in refused.json()["error"]["details"]
    assert not Game.objects.exists()


def test_M19_M20_resignations_leave_the_others_playing_and_rank_the_resigners_last_in_ratings(
    alice, alice_api, bob_api, make_user
):
    from tests.conftest import client_with_token

    players = {"bob": bob_api}
    for name in ("carol", "dave"):
        players[name] = client_with_token(make_user(name))
    body = {
        "game": "quadramids",
        "options": {"players": 4},
        "opponents": ["bob", "carol", "dave"],
        "rated": True,
    }
    game_id = alice_api.post("/api/games/", body, format="json").json()["id"]
    for client in players.values():
        client.post(f"/api/games/{game_id}/accept/")
    assert players["bob"].post(f"/api/games/{game_id}/resign/").status_code == 200
    game = Game.objects.get(pk=game_id)
    assert game.status == Game.Status.ACTIVE  # three still in
    players["carol"].post(f"/api/games/{game_id}/resign/")
    players["dave"].post(f"/api/games/{game_id}/resign/")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner == "1"
    # The one still in wins; a later resignation ranks above an earlier one.
    assert game.places == {"1": 1, "4": 2, "3": 3, "2": 4}
    ratings = {rating.player.username: rating.rating for rating in Rating.objects.all()}
    assert ratings["alice"] > ratings["dave"] > ratings["carol"] > ratings["bob"]


def test_quadramids_championships_are_two_player(alice_api):
    body = {"name": "Pyramids Cup", "game": "quadramids", "options": {"players": 4}}
    refused = alice_api.post("/api/championships/", body, format="json")
    assert refused.status_code == 400 and "options.players" in refused.json()["error"]["details"]
    body["options"] = {"players": 2}
    assert alice_api.post("/api/championships/", body, format="json").status_code == 201


def test_quadramids_page_shows_the_board_with_its_figures(alice, alice_api):
    body = {"game": "quadramids", "opponent": "cpu", "options": {"players": 4}}
    game_id = alice_api.post("/api/games/", body, format="json").json()["id"]
    play(alice_api, game_id, 1, ["put", "a1"])
    client = Client()
    client.force_login(alice)
    html = client.get(f"/games/{game_id}/").content.decode()
    assert "board-quadramids" in html and 'data-composer="quadramids"' in html
    assert html.count('class="figure seat-') == 4  # one figure put by each of the four
    assert "quadramids/composer.js" in html and "Player 4" in html


def test_quadramids_rules_page_draws_the_board_of_M1_to_M3(client):
    html = client.get("/rules/quadramids/").content.decode()
    assert html.count("board-quadramids") == 1
    assert html.index('id="M3"') < html.index("board-quadramids") < html.index('id="M4"')
