"""Dots and Boxes in the service: the rules that concern more than the board (D6–D10)."""

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.engines import engine
from games.models import Game, Move, Seat
from ratings.models import Rating
from tests.conftest import client_with_token
from tests.games.conftest import play

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

SMALL = {"columns": 2, "rows": 2}


def friendly(alice_api, bob_api, **extra) -> int:
    body = {"game": "dots_and_boxes", "options": SMALL, "opponent": "bob", **extra}
    created = alice_api.post("/api/games/", body, format="json")
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    assert bob_api.post(f"/api/games/{game_id}/accept/").status_code == 200
    return game_id


def accepted_moves(game_id: int) -> list:
    moves = Move.objects.filter(game_id=game_id, status=Move.Status.ACCEPTED).order_by("seq")
    return [(move.seat, move.payload) for move in moves]


def test_dots_and_boxes_seats_are_first_and_second(alice_api, bob_api):
    game_id = friendly(alice_api, bob_api, time_control={"move_s": 30})
    detail = alice_api.get(f"/api/games/{game_id}/").json()
    assert detail["players"] == {"first": "alice", "second": "bob"}
    assert detail["score"] == {"first": 0, "second": 0}
    assert set(detail["clocks"]) == {"first", "second"} and detail["to_move_seat"] == "first"
    answer = play(alice_api, game_id, 1, ["h", 0, 0]).json()
    assert answer["score"] == {"first": 0, "second": 0}
    (move,) = alice_api.get(f"/api/games/{game_id}/moves/").json()
    assert move["seat"] == "first" and move["score_after"] == {"first": 0, "second": 0}
    assert alice_api.post(f"/api/games/{game_id}/draw/").json()["draw_offer"] == "first"
    ended = bob_api.post(f"/api/games/{game_id}/resign/").json()
    assert ended["result"]["winner_seat"] == "first" and ended["result"]["winner"] == "alice"
    position = ended["position"]
    assert position["h"][0] == "f." and "b" not in "".join(position["h"] + position["v"])


def test_D7_against_the_cpu_a_move_is_taken_back_at_once_with_the_cpus_answer(alice, alice_api):
    body = {"game": "dots_and_boxes", "options": SMALL, "opponent": "cpu"}
    game_id = alice_api.post("/api/games/", body, format="json").json()["id"]
    assert play(alice_api, game_id, 1, ["h", 0, 0]).json()["status"] == "accepted"
    assert len(accepted_moves(game_id)) == 2  # the CPU answered
    undone = alice_api.post(f"/api/games/{game_id}/undo/")
    assert undone.status_code == 200, undone.content
    detail = undone.json()
    assert detail["move_count"] == 0 and detail["to_move"] == "alice"
    assert detail["position"]["h"][0] == ".."
    assert accepted_moves(game_id) == []
    # The number is free again: the next move is number 1.
    assert play(alice_api, game_id, 1, ["v", 0, 0]).json()["status"] == "accepted"


def test_D7_against_a_person_the_opponent_consents_before_a_move_is_taken_back(alice_api, bob_api):
    game_id = friendly(alice_api, bob_api)
    play(alice_api, game_id, 1, ["h", 0, 0])
    asked = alice_api.post(f"/api/games/{game_id}/undo/")
    assert asked.status_code == 200 and asked.json()["move_count"] == 1
    assert Game.objects.get(pk=game_id).undo_request == "first"
    consented = bob_api.post(f"/api/games/{game_id}/undo/")
    assert consented.json()["move_count"] == 0 and consented.json()["to_move"] == "alice"


def test_D7_a_move_answers_an_undo_request_with_no(alice_api, bob_api):
    game_id = friendly(alice_api, bob_api)
    play(alice_api, game_id, 1, ["h", 0, 0])
    alice_api.post(f"/api/games/{game_id}/undo/")
    play(bob_api, game_id, 2, ["h", 1, 0])
    assert Game.objects.get(pk=game_id).undo_request == ""
    assert len(accepted_moves(game_id)) == 2


def test_kropki_has_no_undo(alice_api, bob_api):
    body = {"game": "kropki", "options": {"width": 8, "height": 8}, "opponent": "bob"}
    game_id = alice_api.post("/api/games/", body, format="json").json()["id"]
    bob_api.post(f"/api/games/{game_id}/accept/")
    refused = alice_api.post(f"/api/games/{game_id}/undo/")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "no_undo"


def test_D6_the_cpu_moves_for_a_player_whose_move_time_ran_out(alice_api, bob_api):
    game_id = friendly(alice_api, bob_api, time_control={"move_s": 30})
    Game.objects.filter(pk=game_id).update(deadline=timezone.now() - timedelta(seconds=1))
    services.process_game(game_id)
    game = Game.objects.get(pk=game_id)
    assert game.status == Game.Status.ACTIVE  # nobody loses on time in Dots and Boxes
    assert accepted_moves(game_id)[0][0] == "first"
    assert Move.objects.get(game_id=game_id, seq=1).player is None  # the CPU's move
    assert game.deadline > timezone.now() + timedelta(seconds=25)  # the second player's 30 s run


def test_D6_a_move_sent_after_the_deadline_is_refused_and_the_cpu_plays_instead(
    alice, alice_api, bob_api
):
    game_id = friendly(alice_api, bob_api, time_control={"move_s": 30})
    Game.objects.filter(pk=game_id).update(deadline=timezone.now() - timedelta(seconds=1))
    late = Move.objects.create(
        game_id=game_id, seq=1, seat="first", player=alice, payload=["h", 0, 0]
    )
    Move.objects.filter(pk=late.pk).update(received_at=timezone.now())
    services.process_game(game_id)
    late.refresh_from_db()
    assert late.status == Move.Status.REFUSED and late.refusal_code == "too_late"
    assert Move.objects.get(game_id=game_id, seq=1, status=Move.Status.ACCEPTED).player is None


@pytest.mark.parametrize(
    "control", [{"move_s": 45}, {"initial_s": 300}, {"move_s": 30, "initial_s": 300}]
)
def test_D6_the_clock_is_30_or_60_seconds_a_move_or_none(alice_api, make_user, control):
    make_user("bob")
    body = {"game": "dots_and_boxes", "opponent": "bob", "time_control": control}
    refused = alice_api.post("/api/games/", body, format="json")
    assert refused.status_code == 400
    assert "time_control.move_s" in refused.json()["error"]["details"]
    assert not Game.objects.exists()


def test_D10_the_cpu_plays_for_a_player_who_left_until_they_come_back(alice_api, bob_api):
    game_id = friendly(alice_api, bob_api)
    assert bob_api.post(f"/api/games/{game_id}/away/").status_code == 200
    play(alice_api, game_id, 1, ["h", 0, 0])
    moves = accepted_moves(game_id)
    assert [seat for seat, _ in moves] == ["first", "second"]  # the second's move came from the CPU
    assert bob_api.post(f"/api/games/{game_id}/back/").status_code == 200
    assert not Seat.objects.get(game_id=game_id, seat="second").away
    game = Game.objects.get(pk=game_id)
    assert game.to_move == "first"  # two lines on an empty 2×2 board close no box
    rules = engine("dots_and_boxes")
    free_line = rules.suggest(rules.load(bytes(game.snapshot)))
    play(alice_api, game_id, 3, free_line)
    services.process_game(game_id)
    assert len(accepted_moves(game_id)) == 3  # bob is back: the second's move is his to play
    assert Game.objects.get(pk=game_id).to_move == "second"


def test_D9_another_game_swaps_who_moves_first(alice, bob, alice_api, bob_api):
    game_id = friendly(alice_api, bob_api)
    alice_api.post(f"/api/games/{game_id}/resign/")
    again = alice_api.post(f"/api/games/{game_id}/rematch/", {}, format="json")
    assert again.status_code == 201, again.content
    new = Game.objects.get(pk=again.json()["id"])
    assert new.status == Game.Status.INVITED and new.options["columns"] == 2
    seats = {seat.seat: seat.user for seat in new.seats.all()}
    assert seats == {"first": bob, "second": alice}
    same = alice_api.post(f"/api/games/{game_id}/rematch/", {"swap": False}, format="json")
    assert {s.seat: s.user for s in Game.objects.get(pk=same.json()["id"]).seats.all()} == {
        "first": alice,
        "second": bob,
    }


def test_D9_another_game_needs_the_game_to_be_over(alice_api, bob_api):
    game_id = friendly(alice_api, bob_api)
    refused = alice_api.post(f"/api/games/{game_id}/rematch/", {}, format="json")
    assert refused.status_code == 409


def test_D8_a_rated_draw_counts_half_a_win(alice, bob, alice_api, bob_api):
    game_id = friendly(alice_api, bob_api, rated=True)
    alice_api.post(f"/api/games/{game_id}/draw/")
    bob_api.post(f"/api/games/{game_id}/draw/")
    ratings = {r.player_id: r for r in Rating.objects.filter(game="dots_and_boxes")}
    # Equal players who draw keep their rating; only the uncertainty shrinks.
    assert ratings[alice.pk].rating == pytest.approx(1500, abs=0.01)
    assert ratings[bob.pk].rating == pytest.approx(1500, abs=0.01)
    assert ratings[alice.pk].rd < 350


def test_dots_and_boxes_championship_plays_on_its_board_size(alice, bob, alice_api, bob_api):
    created = alice_api.post(
        "/api/championships/",
        {"name": "Boxes Cup", "game": "dots_and_boxes", "options": {"columns": 3, "rows": 3}},
        format="json",
    )
    assert created.status_code == 201, created.content
    championship_id = created.json()["id"]
    for client in (alice_api, bob_api):
        assert client.post(f"/api/championships/{championship_id}/entries/").status_code == 201
    assert alice_api.post(f"/api/championships/{championship_id}/start/").status_code == 200
    game = Game.objects.get(match__stage__championship_id=championship_id)
    assert game.game == "dots_and_boxes" and game.options["columns"] == 3
    page = client_with_token(alice).get(f"/games/{game.pk}/")
    html = page.content.decode()
    assert "board-dots-and-boxes" in html and "data-move='[\"h\",0,0]'" in html


# -- D11: the stand-in never wins a game for a player who is not there -----------------


def championship_game(alice_api, bob_api, **settings) -> Game:
    """A championship of Alice and Bob on a 2×2 board, 30 s a move: its one game."""
    body = {
        "name": "Boxes Cup",
        "game": "dots_and_boxes",
        "options": SMALL,
        "time_control": {"move_s": 30},
        **settings,
    }
    created = alice_api.post("/api/championships/", body, format="json")
    assert created.status_code == 201, created.content
    championship_id = created.json()["id"]
    for client in (alice_api, bob_api):
        assert client.post(f"/api/championships/{championship_id}/entries/").status_code == 201
    assert alice_api.post(f"/api/championships/{championship_id}/start/").status_code == 200
    return Game.objects.get(match__stage__championship_id=championship_id)


def client_of(game: Game, seat: str, alice, alice_api, bob_api):
    return alice_api if game.seats.get(seat=seat).user == alice else bob_api


def time_runs_out(game_id: int) -> None:
    Game.objects.filter(pk=game_id).update(deadline=timezone.now() - timedelta(seconds=1))
    services.process_game(game_id)


def test_D11_a_player_who_never_moved_loses_by_forfeit_at_the_first_timeout(
    alice, alice_api, bob_api
):
    # The attack: the opponent never comes; the CPU used to play every move for them.
    game = championship_game(alice_api, bob_api)
    first = client_of(game, "first", alice, alice_api, bob_api)
    assert play(first, game.pk, 1, ["h", 0, 0]).json()["status"] == "accepted"
    time_runs_out(game.pk)  # the second player never came
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert (game.winner, game.result_reason) == ("first", "no_show")
    assert accepted_moves(game.pk) == [("first", ["h", 0, 0])]  # the CPU played nothing


def test_D11_the_first_player_who_never_came_loses_at_their_first_timeout(alice_api, bob_api):
    game = championship_game(alice_api, bob_api)
    time_runs_out(game.pk)
    game.refresh_from_db()
    assert (game.status, game.winner, game.result_reason) == ("finished", "second", "no_show")
    assert not Move.objects.filter(game=game).exists()


def test_D11_a_rated_friendly_game_holds_the_stand_in_back_too(alice_api, bob_api):
    game_id = friendly(alice_api, bob_api, rated=True, time_control={"move_s": 30})
    time_runs_out(game_id)
    game = Game.objects.get(pk=game_id)
    assert (game.status, game.winner, game.result_reason) == ("finished", "second", "no_show")


def box_on_offer(first, second, game_id: int) -> None:
    """Three sides of box 0-0, the third drawn by the first player: the second may take it."""
    for seq, (client, move) in enumerate(
        [(first, ["h", 0, 0]), (second, ["h", 0, 1]), (first, ["v", 0, 0])], start=1
    ):
        assert play(client, game_id, seq, move).json()["status"] == "accepted"


@pytest.mark.parametrize(("rated", "cpu_line"), [(True, ["h", 1, 0]), (False, ["v", 1, 0])])
def test_D11_stand_in_plays_the_easiest_line_in_rated_games_only(
    alice_api, bob_api, rated, cpu_line
):
    game_id = friendly(alice_api, bob_api, rated=rated, time_control={"move_s": 30})
    box_on_offer(alice_api, bob_api, game_id)
    time_runs_out(game_id)  # bob has moved before: the CPU stands in for him
    moves = accepted_moves(game_id)
    # Rated: the easiest level leaves the box; unrated: today's CPU takes it.
    assert moves[3] == ("second", cpu_line)
    assert Move.objects.get(game_id=game_id, seq=4).player is None
    assert Game.objects.get(pk=game_id).status == Game.Status.ACTIVE


def test_D11_result_and_record_count_stand_in_moves(alice, alice_api, bob_api):
    game = championship_game(alice_api, bob_api)
    first = client_of(game, "first", alice, alice_api, bob_api)
    second = bob_api if first is alice_api else alice_api
    box_on_offer(first, second, game.pk)
    time_runs_out(game.pk)  # the CPU plays one line for the second player
    detail = alice_api.get(f"/api/games/{game.pk}/").json()
    assert detail["result"]["stand_in_moves"] == {"first": 0, "second": 1}
    record = json.loads(alice_api.get(f"/api/games/{game.pk}/record/").content)
    assert record["stand_in_moves"] == {"first": 0, "second": 1}
    assert len(record["moves"]) == 4  # the stand-in's line is an ordinary line of the record
    assert record["moves"][3] == ["h", 1, 0]  # the easiest level leaves the box
    absent = game.seats.get(seat="second").user.username
    page = client_with_token(alice).get(f"/games/{game.pk}/").content.decode()
    assert f"The CPU played 1 move for {absent}." in page


def test_D11_the_cpu_does_not_stand_in_for_a_player_away_before_their_first_move(
    alice, alice_api, bob_api
):
    game = championship_game(alice_api, bob_api)
    second = client_of(game, "second", alice, alice_api, bob_api)
    refused = second.post(f"/api/games/{game.pk}/away/")
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "no_stand_in_yet"
    assert not game.seats.get(seat="second").away
