"""Quadrotone in the service: plans, lots and deals, clocks, endings, disconnection."""

import time
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from accounts.models import Plan
from games import presence, services
from games.engines import engine
from games.models import Game, Move
from tests.conftest import client_with_token
from tests.games.conftest import play

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

RULES = engine("quadrotone")


def paid(user):
    user.plan = Plan.PAID
    user.save(update_fields=["plan"])
    return user


def friendly(creator_api, opponent_api, **extra) -> Game:
    body = {"game": "quadrotone", "opponent": "bob", **extra}
    created = creator_api.post("/api/games/", body, format="json")
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    accepted = opponent_api.post(f"/api/games/{game_id}/accept/")
    assert accepted.status_code == 200, accepted.content
    return Game.objects.get(pk=game_id)


def seat_of(game: Game, user) -> str:
    return game.seats.get(user=user).seat


def api_of(game: Game, seat: str, alice, alice_api, bob_api):
    return alice_api if seat_of(game, alice) == seat else bob_api


def a_scoring_place(game: Game) -> dict:
    """A one-colour tile from the hand of the side to move, on an empty cell: a 2×2 block."""
    hand = RULES.view(RULES.load(bytes(game.snapshot)))["hands"][game.to_move]
    single = next(tile for tile in hand if tile in (0, 85, 170, 255))
    return {"place": [[single, 7, 7, 0]]}


def test_Q14_turned_patterns_follow_the_creators_plan_not_the_request(
    alice, bob, alice_api, bob_api
):
    free_game = friendly(alice_api, bob_api, options={"rotations": True})
    assert free_game.options["rotations"] is False
    paid(alice)
    paid_game = friendly(alice_api, bob_api, options={"rotations": False})
    assert paid_game.options["rotations"] is True  # bob, on the free plan, plays with it on
    page = client_with_token(bob).get(f"/api/games/{paid_game.pk}/").json()
    assert page["options"]["rotations"] is True


def test_Q21_reverse_variant_is_for_paid_players_only(alice, bob, alice_api, bob_api):
    body = {"game": "quadrotone", "opponent": "bob", "options": {"variant": "reverse"}}
    refused = alice_api.post("/api/games/", body, format="json")
    assert refused.status_code == 403 and "options.variant" in refused.json()["error"]["details"]
    paid(alice)
    free_opponent = alice_api.post("/api/games/", body, format="json")
    assert free_opponent.status_code == 403  # bob is on the free plan
    assert "bob" in free_opponent.json()["error"]["message"]
    paid(bob)
    invited = alice_api.post("/api/games/", body, format="json")
    assert invited.status_code == 201
    assert bob_api.post(f"/api/games/{invited.json()['id']}/accept/").status_code == 200


def test_Q4_Q5_every_game_has_its_own_deal_and_its_first_seat_drawn_by_lot(
    alice, alice_api, bob_api
):
    games = [friendly(alice_api, bob_api) for _ in range(20)]
    seeds = {game.options["seed"] for game in games}
    assert len(seeds) == 20
    firsts = {seat_of(game, alice) for game in games}
    assert firsts == {"first", "second"}  # 20 games all alike by chance: 1 in 524,288


def test_Q17_the_clock_is_the_rules_three_hours_and_six_minutes_a_move(alice_api, bob_api):
    game = friendly(alice_api, bob_api)
    assert game.time_control == {"initial_s": 10800.0, "increment_s": 0.0, "move_s": 360.0}
    body = {"game": "quadrotone", "opponent": "bob", "time_control": {"move_s": 30}}
    assert alice_api.post("/api/games/", body, format="json").status_code == 400


def test_Q17_a_move_not_made_in_time_passes_the_turn(alice_api, bob_api):
    game = friendly(alice_api, bob_api)
    late = game.to_move
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    services.process_game(game.pk)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.to_move != late
    passed = Move.objects.get(game=game, seq=1)
    assert passed.payload == {"pass": "timeout"} and passed.seat == late


def test_Q18_a_player_whose_three_hours_are_gone_is_out_of_time_and_the_other_plays_on(
    alice_api, bob_api
):
    game = friendly(alice_api, bob_api)
    late = game.to_move
    now = timezone.now()
    Game.objects.filter(pk=game.pk).update(
        clocks={**game.clocks, late: 5.0},
        turn_started_at=now - timedelta(seconds=6),
        deadline=now - timedelta(seconds=1),
    )
    services.process_game(game.pk)
    game.refresh_from_db()
    assert Move.objects.get(game=game, seq=1).payload == {"out_of_time": late}
    assert game.status == Game.Status.ACTIVE and game.to_move != late
    assert game.clocks[late] == 0.0
    assert RULES.view(RULES.load(bytes(game.snapshot)))["out_of_time"] == [late]


def test_Q17_four_passes_in_a_row_end_the_game(alice_api, bob_api):
    game = friendly(alice_api, bob_api)
    for _ in range(4):
        Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
        services.process_game(game.pk)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.result_reason == "passes"


def test_Q19_a_resigning_leader_loses_and_the_opponent_gets_one_point_more(
    alice, alice_api, bob_api
):
    game = friendly(alice_api, bob_api)
    leader = game.to_move
    mover = api_of(game, leader, alice, alice_api, bob_api)
    answer = play(mover, game.pk, 1, a_scoring_place(game))
    assert answer.json()["status"] == "accepted", answer.content
    game.refresh_from_db()
    assert game.score[leader] > 0
    mover.post(f"/api/games/{game.pk}/resign/")
    game.refresh_from_db()
    other = "second" if leader == "first" else "first"
    assert game.status == Game.Status.FINISHED and game.winner == other
    assert game.score[other] == game.score[leader] + 1
    record = RULES.read_record(services.game_record(game))
    assert list(RULES.replay(record))[-1]["score"] == game.score  # the record replays to it


def test_Q19_an_agreed_draw_gives_both_the_higher_score(alice, alice_api, bob_api):
    game = friendly(alice_api, bob_api)
    mover = api_of(game, game.to_move, alice, alice_api, bob_api)
    play(mover, game.pk, 1, a_scoring_place(game))
    other = bob_api if mover is alice_api else alice_api
    assert mover.post(f"/api/games/{game.pk}/draw/").status_code == 200
    assert other.post(f"/api/games/{game.pk}/draw/").status_code == 200
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner == ""
    assert game.score["first"] == game.score["second"] > 0


def test_Q19_a_draw_may_be_offered_once_per_ten_minutes(alice_api, bob_api):
    game = friendly(alice_api, bob_api)
    assert alice_api.post(f"/api/games/{game.pk}/draw/").status_code == 200
    again = alice_api.post(f"/api/games/{game.pk}/draw/")
    assert again.status_code == 409 and again.json()["error"]["code"] == "draw_offer_too_soon"
    game.refresh_from_db()
    seat = next(iter(game.draw_offers))
    earlier = (timezone.now() - timedelta(minutes=11)).isoformat()
    Game.objects.filter(pk=game.pk).update(draw_offers={seat: earlier})
    assert alice_api.post(f"/api/games/{game.pk}/draw/").status_code == 200


def test_Q20_a_player_disconnected_for_more_than_two_minutes_loses(alice, alice_api, bob_api):
    game = friendly(alice_api, bob_api)
    mine = seat_of(game, alice)
    other = "second" if mine == "first" else "first"
    presence.touch(game.pk, mine, time.time() - 121)
    presence.touch(game.pk, other)
    assert services.sweep() == [game.pk]
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.result_reason == "disconnection" and game.winner == other


def test_Q20_a_player_seen_within_two_minutes_plays_on(alice, alice_api, bob_api):
    game = friendly(alice_api, bob_api)
    for seat in ("first", "second"):
        presence.touch(game.pk, seat, time.time() - 100)
    assert services.sweep() == []
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE


def test_quadrotone_page_shows_the_board_the_players_tiles_and_the_info(alice, alice_api, bob_api):
    game = friendly(alice_api, bob_api)
    client = Client()
    client.force_login(alice)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert "board-quadrotone" in html and 'data-composer="quadrotone"' in html
    assert html.count('class="hand-tile"') == 128
    assert "Only patterns as drawn score (rotations off, Q14)" in html
    assert "quadrotone/composer.js" in html


def test_quadrotone_championship_games_get_their_own_deals(alice, bob, alice_api, bob_api):
    created = alice_api.post(
        "/api/championships/", {"name": "Tiles Cup", "game": "quadrotone"}, format="json"
    )
    assert created.status_code == 201, created.content
    championship_id = created.json()["id"]
    for client in (alice_api, bob_api):
        client.post(f"/api/championships/{championship_id}/entries/")
    assert alice_api.post(f"/api/championships/{championship_id}/start/").status_code == 200
    game = Game.objects.get(match__stage__championship_id=championship_id)
    assert "seed" in game.options and game.options["rotations"] is False
    assert game.time_control["move_s"] == 360.0


def test_Q21_a_free_player_cannot_enter_a_reverse_variant_championship(
    alice, bob, alice_api, bob_api
):
    paid(alice)
    body = {"name": "Reverse Cup", "game": "quadrotone", "options": {"variant": "reverse"}}
    championship_id = alice_api.post("/api/championships/", body, format="json").json()["id"]
    refused = bob_api.post(f"/api/championships/{championship_id}/entries/")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "paid_plan_needed"
