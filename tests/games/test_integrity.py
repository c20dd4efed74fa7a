"""Attacks on a game's integrity: moves only the server writes, luck fixed by a player,
answers that tell more (or less) than the move asked about."""

import threading
import time

import pytest
from django.db import connection

from accounts.models import Plan
from games import publishing, services
from games.catalog.quadrotone.engine.deal import deal, random_board
from games.engines import engine
from games.models import Game, Move
from tests.games.conftest import play, start_friendly

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def quadrotone_friendly(alice_api, bob_api, **extra) -> Game:
    body = {"game": "quadrotone", "opponent": "bob", **extra}
    created = alice_api.post("/api/games/", body, format="json")
    assert created.status_code == 201, created.content
    assert bob_api.post(f"/api/games/{created.json()['id']}/accept/").status_code == 200
    return Game.objects.get(pk=created.json()["id"])


def client_to_move(game: Game, alice, alice_api, bob_api):
    mover = game.seats.get(seat=game.to_move).user
    return alice_api if mover == alice else bob_api


def refused_as_not_a_player_move(answer) -> bool:
    return answer.status_code == 400 and answer.json()["error"]["code"] == "not_a_player_move"


def test_a_player_cannot_declare_a_draw_as_a_move(alice, alice_api, bob_api):
    game = quadrotone_friendly(alice_api, bob_api, rated=True)
    mover = client_to_move(game, alice, alice_api, bob_api)
    answer = play(mover, game.pk, 1, {"draw": True})
    assert refused_as_not_a_player_move(answer), answer.content
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.move_count == 0
    assert not game.moves.exists()


@pytest.mark.parametrize(
    "move",
    [
        {"pass": "timeout"},
        {"out_of_time": "first"},
        {"out_of_time": "second"},
        {"resign": "first"},
        {"resign": "second"},
    ],
    ids=["pass-on-time", "out-of-time-first", "out-of-time-second", "resign-1", "resign-2"],
)
def test_a_player_cannot_send_a_quadrotone_move_only_the_server_writes(
    alice, alice_api, bob_api, move
):
    game = quadrotone_friendly(alice_api, bob_api)
    mover = client_to_move(game, alice, alice_api, bob_api)
    assert refused_as_not_a_player_move(play(mover, game.pk, 1, move))
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.to_move and game.move_count == 0


def test_a_player_cannot_send_a_quadramids_resignation_as_a_move(alice_api, bob_api):
    created = alice_api.post(
        "/api/games/", {"game": "quadramids", "opponent": "bob"}, format="json"
    ).json()
    bob_api.post(f"/api/games/{created['id']}/accept/")
    for seat in ("1", "2"):
        assert refused_as_not_a_player_move(play(alice_api, created["id"], 1, ["resign", seat]))
    assert Game.objects.get(pk=created["id"]).status == Game.Status.ACTIVE


def test_the_worker_refuses_a_server_only_move_a_player_queued(alice, alice_api, bob_api):
    """A move stored by an older check (or any other way) is checked again by the worker."""
    game = quadrotone_friendly(alice_api, bob_api)
    player = game.seats.get(seat=game.to_move).user
    move = Move.objects.create(
        game=game, seq=1, seat=game.to_move, player=player, payload={"draw": True}
    )
    services.process_game(game.pk)
    move.refresh_from_db()
    assert move.status == Move.Status.REFUSED and move.refusal_code == "not_a_player_move"
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE


def test_a_client_pass_with_no_moves_left_is_still_a_player_move():
    """Q17: passing is the player's own move when they have none; only its timing is checked."""
    engine("quadrotone").validate_move({"pass": "no_moves"})


def a_start_fixed_by(option: str) -> dict:
    """Options whose `option` fixes a valid start: a seed, a whole deal or a whole board."""
    if option == "seed":
        return {"seed": 7}
    if option == "deal":
        first, second = deal(7)
        return {"deal": {"first": list(first), "second": list(second)}}
    return {"variant": "reverse", "board": [list(entry) for entry in random_board(7)]}


@pytest.mark.parametrize("option", ["seed", "deal", "board"])
@pytest.mark.parametrize("rated", [True, False], ids=["rated", "unrated"])
def test_a_friendly_game_cannot_fix_the_quadrotone_deal(alice, bob, alice_api, option, rated):
    for user in (alice, bob):
        user.plan = Plan.PAID  # the reverse variant's board needs it (Q21)
        user.save(update_fields=["plan"])
    options = a_start_fixed_by(option)
    assert engine("quadrotone").new(options)  # a start the engine itself accepts
    body = {"game": "quadrotone", "opponent": "bob", "rated": rated, "options": options}
    answer = alice_api.post("/api/games/", body, format="json")
    assert answer.status_code == 400
    assert f"options.{option}" in answer.json()["error"]["details"]
    assert not Game.objects.exists()


def test_a_friendly_quadrotone_game_cannot_choose_who_moves_first(alice_api, bob):
    body = {"game": "quadrotone", "opponent": "bob", "seat": "first"}
    answer = alice_api.post("/api/games/", body, format="json")
    assert answer.status_code == 400 and "seat" in answer.json()["error"]["details"]
    assert not Game.objects.exists()


def test_an_unrated_practice_game_may_fix_the_deal_and_the_first_seat(alice, alice_api):
    body = {"game": "quadrotone", "opponent": "cpu", "seat": "first", "options": {"seed": 7}}
    first = alice_api.post("/api/games/", body, format="json")
    second = alice_api.post("/api/games/", body, format="json")
    assert first.status_code == second.status_code == 201, first.content
    games = Game.objects.filter(pk__in=[first.json()["id"], second.json()["id"]])
    assert {game.options["seed"] for game in games} == {7}
    assert {game.seats.get(user=alice).seat for game in games} == {"first"}
    assert games[0].snapshot == games[1].snapshot  # the same deal, to practise it again


def test_a_championship_cannot_fix_the_quadrotone_deal(alice, alice_api):
    alice.plan = Plan.PAID
    alice.save(update_fields=["plan"])
    body = {"name": "Rigged Cup", "game": "quadrotone", "options": {"seed": 7}}
    answer = alice_api.post("/api/championships/", body, format="json")
    assert answer.status_code == 400 and "options.seed" in answer.json()["error"]["details"]


def test_a_championship_game_draws_its_own_deal_even_from_stored_options(alice, bob):
    """Championship options saved before the rule (holding a seed) do not fix every deal."""
    games = [
        services.create_match_game(
            match_id=None,
            game="quadrotone",
            options={"seed": 7, "format": "express"},
            players=[alice, bob],
            rated=True,
            time_control=None,
        )
        for _ in range(3)
    ]
    assert len({game.options["seed"] for game in games}) > 1


def test_a_rematch_of_a_friendly_quadrotone_game_deals_anew(alice, alice_api, bob, bob_api):
    game = quadrotone_friendly(alice_api, bob_api)
    services.resign(game.pk, alice)
    again = alice_api.post(f"/api/games/{game.pk}/rematch/", {}, format="json")
    assert again.status_code == 201, again.content
    assert Game.objects.get(pk=again.json()["id"]).options["seed"] != game.options["seed"]


def test_a_move_before_the_invitation_is_accepted_is_refused_as_not_started(alice_api, bob):
    created = alice_api.post("/api/games/", {"game": "kropki", "opponent": "bob"}, format="json")
    answer = play(alice_api, created.json()["id"], 1, [1, 1])
    assert answer.status_code == 200
    assert answer.json()["status"] == "refused"
    assert answer.json()["reason"]["code"] == "not_started"


def test_the_wait_answer_gives_the_score_after_that_move_not_after_the_cpus_reply(alice_api):
    """On one box the CPU takes the box the player's third line gives away: the answer about
    that line still says 0:0, and the moves list keeps each move's own score."""
    created = alice_api.post(
        "/api/games/",
        {"game": "dots_and_boxes", "opponent": "cpu", "options": {"columns": 1, "rows": 1}},
        format="json",
    ).json()
    game_id = created["id"]
    assert play(alice_api, game_id, 1, ["h", 0, 0]).json()["status"] == "accepted"
    drawn = {tuple(move.payload) for move in Move.objects.filter(game_id=game_id)}
    third = next(
        line for line in (["h", 0, 1], ["v", 0, 0], ["v", 1, 0]) if tuple(line) not in drawn
    )
    answer = play(alice_api, game_id, 3, third).json()
    assert answer["status"] == "accepted"
    assert set(answer["score"].values()) == {0}
    game = Game.objects.get(pk=game_id)
    assert sorted(game.score.values()) == [0, 1]  # the CPU did take the box
    assert answer["game_over"] is False  # nor had that line ended the game


def test_a_refused_move_keeps_only_a_capped_payload(alice_api, bob_api, alice, bob):
    game = quadrotone_friendly(alice_api, bob_api)
    mover = client_to_move(game, alice, alice_api, bob_api)
    too_many_tiles = {"place": [[255, c % 16, c // 16, 0] for c in range(120)]}  # Q6: 1 to 8
    answer = play(mover, game.pk, 1, too_many_tiles)
    assert answer.json()["status"] == "refused"
    listed = mover.get(f"/api/games/{game.pk}/moves/")
    assert len(listed.content) < 2000
    assert Move.objects.get(game=game).payload != too_many_tiles


def test_a_huge_move_is_refused_and_nothing_is_stored(alice, alice_api, bob_api):
    game = quadrotone_friendly(alice_api, bob_api)
    mover = client_to_move(game, alice, alice_api, bob_api)
    huge = {"place": [[255, c % 16, c // 16, 0] for c in range(256)]}  # well formed, 3.5 KB
    answer = play(mover, game.pk, 1, huge)
    assert answer.status_code == 400 and "move" in answer.json()["error"]["details"]
    assert not Move.objects.filter(game=game).exists()


# Transactional: the first request decides in another thread, whose connection sees only
# what is committed.
@pytest.mark.django_db(transaction=True)
def test_a_repeated_move_waits_for_the_decision_being_made_by_another_request(
    alice, alice_api, bob_api
):
    """Embedded: a second request with the same {seq, move} while the first one's decision is
    still being made gets that decision, not 202 pending."""
    game_id = start_friendly(alice_api, bob_api)
    Move.objects.create(game_id=game_id, seq=1, seat="blue", player=alice, payload=[2, 2])

    def first_request_decides() -> None:
        time.sleep(0.3)
        services.process_game(game_id)
        connection.close()

    deciding = threading.Thread(target=first_request_decides)
    deciding.start()
    answer = play(alice_api, game_id, 1, [2, 2])
    deciding.join()
    assert answer.status_code == 200, answer.content
    assert answer.json()["status"] == "accepted"


def test_an_embedded_wait_hears_a_decision_made_before_it_started():
    publishing.RESULTS.settle({987654: {"seq": 1, "status": "accepted"}})
    assert publishing.wait_for_move(987654, 1)["status"] == "accepted"
    assert publishing.wait_for_move(987655, 0.05) is None
