"""Berserk: before their own first move a player halves their own clock, once, in a timed
game that allows it; the server's clock and deadline follow, and both players see it."""

import json
from datetime import timedelta

import pytest
from django.db import transaction
from django.test import Client

from games import selectors, services, streams
from games.models import Game, Move
from games.services import MatchGame
from infrastructure.errors import Conflict, NotAllowed
from live import frames
from live.hub import HUB
from tests.conftest import client_with_token

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

KROPKI = {"width": 10, "height": 10, "start": "empty"}
FIVE_MINUTES = {"initial_s": 300, "increment_s": 2, "move_s": None}
BUTTON = "Berserk: halve your clock"


def arena_game(alice, bob, *, time_control=FIVE_MINUTES, berserk_allowed=True) -> Game:
    """A championship game of Kropki as an Arena opens it: alice blue (to move), bob red."""
    wanted = MatchGame(
        match_id=None,
        game="kropki",
        options=KROPKI,
        players=[alice, bob],
        rated=False,
        time_control=time_control,
        berserk_allowed=berserk_allowed,
    )
    with transaction.atomic():
        [game] = services.create_match_games([wanted])
    return Game.objects.get(pk=game.pk)


def turn_running_for(game: Game, seconds: float) -> Game:
    """The turn began `seconds` ago (its deadline moved back with it)."""
    started = game.turn_started_at - timedelta(seconds=seconds)
    deadline = game.deadline - timedelta(seconds=seconds)
    Game.objects.filter(pk=game.pk).update(turn_started_at=started, deadline=deadline)
    return Game.objects.get(pk=game.pk)


def move(game: Game, user, payload) -> None:
    game.refresh_from_db()
    services.submit_move(game_id=game.pk, user=user, seq=game.move_count + 1, payload=payload)


def refusal(error) -> tuple[int, str]:
    return error.value.status, error.value.code


# -- the service ---------------------------------------------------------------------------


def test_the_game_opened_with_berserk_allowed_says_so_and_nobody_is_berserk_yet(alice, bob):
    game = arena_game(alice, bob)
    assert game.berserk_allowed is True and game.berserk == []
    assert arena_game(alice, bob, berserk_allowed=False).berserk_allowed is False


def test_berserk_on_your_move_halves_only_your_clock_and_brings_your_deadline_nearer(alice, bob):
    game = turn_running_for(arena_game(alice, bob), 100)
    version = game.version
    services.go_berserk(game.pk, alice)
    after = Game.objects.get(pk=game.pk)
    assert after.clocks == {"blue": 150.0, "red": 300.0}
    assert after.berserk == ["blue"]
    # The time already used on this turn still counts: 150 - 100 seconds are left.
    assert after.turn_started_at == game.turn_started_at
    assert after.deadline == game.turn_started_at + timedelta(seconds=150)
    assert 49 <= selectors.clocks_now(after)["blue"] <= 50
    assert after.version == version + 1


def test_berserk_while_the_opponent_thinks_halves_your_clock_and_leaves_their_deadline(alice, bob):
    game = turn_running_for(arena_game(alice, bob), 100)
    services.go_berserk(game.pk, bob)
    after = Game.objects.get(pk=game.pk)
    assert after.clocks == {"blue": 300.0, "red": 150.0}
    assert after.deadline == game.deadline
    assert after.berserk == ["red"]


def test_both_players_may_go_berserk_each_halving_their_own_clock(alice, bob):
    game = arena_game(alice, bob)
    services.go_berserk(game.pk, alice)
    services.go_berserk(game.pk, bob)
    after = Game.objects.get(pk=game.pk)
    assert after.clocks == {"blue": 150.0, "red": 150.0}
    assert after.berserk == ["blue", "red"]


def test_a_move_limit_still_runs_from_the_turns_start_after_berserk(alice, bob):
    clock = {"initial_s": 100, "increment_s": 0, "move_s": 60}
    game = arena_game(alice, bob, time_control=clock)
    assert game.deadline == game.turn_started_at + timedelta(seconds=60)
    services.go_berserk(game.pk, alice)
    after = Game.objects.get(pk=game.pk)
    assert after.clocks["blue"] == 50.0
    assert after.deadline == game.turn_started_at + timedelta(seconds=50)


def test_the_berserk_players_next_move_is_charged_from_the_halved_clock(alice, bob):
    game = arena_game(alice, bob)
    services.go_berserk(game.pk, alice)
    move(game, alice, [5, 5])
    after = Game.objects.get(pk=game.pk)
    assert after.move_count == 1 and after.to_move == "red"
    assert 150 < after.clocks["blue"] <= 152  # the half, less the thinking, plus increment


def test_berserk_is_told_to_the_games_live_stream(alice, bob):
    game = arena_game(alice, bob)
    listener = HUB.subscribe(streams.topic(game.pk))
    try:
        services.go_berserk(game.pk, bob)
        heard = []
        while not listener.frames.empty():
            heard.append(frames.data_of(listener.frames.get_nowait()))
    finally:
        HUB.unsubscribe(streams.topic(game.pk), listener)
    berserk = [event for event in heard if event["type"] == "berserk"]
    assert [(event["seat"], event["version"]) for event in berserk] == [("red", game.version + 1)]


def test_berserk_is_refused_after_the_players_first_move(alice, bob):
    game = arena_game(alice, bob)
    move(game, alice, [5, 5])
    with pytest.raises(Conflict) as refused:
        services.go_berserk(game.pk, alice)
    assert refusal(refused) == (409, "already_moved")
    services.go_berserk(game.pk, bob)  # bob, to move, has not moved yet
    assert Game.objects.get(pk=game.pk).berserk == ["red"]


def test_berserk_is_refused_while_the_players_first_move_waits_for_the_worker(alice, bob):
    game = arena_game(alice, bob)
    Move.objects.create(game=game, seq=1, seat="blue", player=alice, payload=[5, 5])
    with pytest.raises(Conflict) as refused:
        services.go_berserk(game.pk, alice)
    assert refusal(refused) == (409, "already_moved")


def test_berserk_is_refused_the_second_time(alice, bob):
    game = arena_game(alice, bob)
    services.go_berserk(game.pk, alice)
    with pytest.raises(Conflict) as refused:
        services.go_berserk(game.pk, alice)
    assert refusal(refused) == (409, "already_berserk")
    assert Game.objects.get(pk=game.pk).clocks["blue"] == 150.0


def test_berserk_is_refused_in_a_game_not_opened_for_it(alice, bob):
    game = arena_game(alice, bob, berserk_allowed=False)
    with pytest.raises(Conflict) as refused:
        services.go_berserk(game.pk, alice)
    assert refusal(refused) == (409, "no_berserk")


@pytest.mark.parametrize(
    "time_control",
    [None, {"initial_s": None, "increment_s": None, "move_s": 60}],
    ids=["untimed", "a_limit_per_move_only"],
)
def test_berserk_is_refused_without_a_clock_for_the_whole_game(alice, bob, time_control):
    game = arena_game(alice, bob, time_control=time_control)
    with pytest.raises(Conflict) as refused:
        services.go_berserk(game.pk, alice)
    assert refusal(refused) == (409, "no_game_clock")
    assert Game.objects.get(pk=game.pk).berserk == []


def test_berserk_is_refused_to_a_spectator(alice, bob, make_user):
    game = arena_game(alice, bob)
    with pytest.raises(NotAllowed) as refused:
        services.go_berserk(game.pk, make_user("eve"))
    assert refusal(refused) == (403, "permission_denied")


def test_berserk_is_refused_in_a_finished_game(alice, bob):
    game = arena_game(alice, bob)
    services.resign(game.pk, bob)
    with pytest.raises(Conflict) as refused:
        services.go_berserk(game.pk, alice)
    assert refusal(refused) == (409, "game_over")


def test_berserk_is_refused_once_half_the_clock_has_run_out_on_the_players_move(alice, bob):
    game = turn_running_for(arena_game(alice, bob), 200)
    with pytest.raises(Conflict) as refused:
        services.go_berserk(game.pk, alice)
    assert refusal(refused) == (409, "berserk_too_late")
    assert Game.objects.get(pk=game.pk).clocks["blue"] == 300.0


# -- the API -------------------------------------------------------------------------------


def test_the_api_halves_the_callers_clock_and_the_detail_names_the_berserk_seat(
    alice, bob, alice_api
):
    game = arena_game(alice, bob)
    answer = alice_api.post(f"/api/games/{game.pk}/berserk/")
    assert answer.status_code == 200, answer.content
    assert answer.json()["berserk"] == ["blue"] and answer.json()["berserk_allowed"] is True
    detail = alice_api.get(f"/api/games/{game.pk}/").json()
    assert detail["berserk_allowed"] is True and detail["berserk"] == ["blue"]
    assert 149 <= detail["clocks"]["blue"] <= 150 and detail["clocks"]["red"] == 300.0


def test_the_detail_of_a_game_without_berserk_says_so(alice, bob, alice_api):
    game = arena_game(alice, bob, berserk_allowed=False)
    detail = alice_api.get(f"/api/games/{game.pk}/").json()
    assert detail["berserk_allowed"] is False and detail["berserk"] == []


def test_the_opponent_cannot_go_berserk_for_the_player(alice, bob, bob_api):
    """The call acts for the caller's own seat only, whatever the body names."""
    game = arena_game(alice, bob)
    answer = bob_api.post(f"/api/games/{game.pk}/berserk/", {"seat": "blue"}, format="json")
    assert answer.status_code == 200, answer.content
    after = Game.objects.get(pk=game.pk)
    assert after.berserk == ["red"] and after.clocks == {"blue": 300.0, "red": 150.0}


def test_the_api_refuses_a_spectator_403_and_a_repeat_409(alice, bob, alice_api, make_user):
    game = arena_game(alice, bob)
    spectator = client_with_token(make_user("eve"))
    refused = spectator.post(f"/api/games/{game.pk}/berserk/")
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "permission_denied"
    assert alice_api.post(f"/api/games/{game.pk}/berserk/").status_code == 200
    again = alice_api.post(f"/api/games/{game.pk}/berserk/")
    assert again.status_code == 409 and again.json()["error"]["code"] == "already_berserk"


def test_the_api_refuses_berserk_after_a_move_and_in_a_game_without_it(alice, bob, alice_api):
    game = arena_game(alice, bob)
    move(game, alice, [5, 5])
    moved = alice_api.post(f"/api/games/{game.pk}/berserk/")
    assert moved.status_code == 409 and moved.json()["error"]["code"] == "already_moved"
    plain = arena_game(alice, bob, berserk_allowed=False)
    refused = alice_api.post(f"/api/games/{plain.pk}/berserk/")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "no_berserk"


def test_the_api_needs_an_account_and_an_existing_game(alice, bob, api, alice_api):
    game = arena_game(alice, bob)
    assert api.post(f"/api/games/{game.pk}/berserk/").status_code == 401
    assert alice_api.post("/api/games/999999/berserk/").status_code == 404


# -- the page ------------------------------------------------------------------------------


def page_of(game: Game, user=None) -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client.get(f"/games/{game.pk}/").content.decode()


def test_the_page_offers_berserk_only_to_a_player_who_may_still_go_berserk(alice, bob, make_user):
    game = arena_game(alice, bob)
    assert BUTTON in page_of(game, alice) and BUTTON in page_of(game, bob)
    assert BUTTON not in page_of(game, make_user("eve")) and BUTTON not in page_of(game)
    move(game, alice, [5, 5])
    assert BUTTON not in page_of(game, alice)  # alice has moved
    assert BUTTON in page_of(game, bob)  # bob has not yet
    services.go_berserk(game.pk, bob)
    assert BUTTON not in page_of(game, bob)  # only once
    services.resign(game.pk, bob)
    assert BUTTON not in page_of(game, bob)


@pytest.mark.parametrize(
    "opened",
    [
        {"berserk_allowed": False},
        {"time_control": None},
        {"time_control": {"initial_s": None, "increment_s": None, "move_s": 60}},
    ],
    ids=["not_allowed", "untimed", "a_limit_per_move_only"],
)
def test_the_page_offers_no_berserk_where_the_game_refuses_it(alice, bob, opened):
    game = arena_game(alice, bob, **opened)
    assert BUTTON not in page_of(game, alice)


def test_the_page_form_goes_berserk_and_marks_the_player(alice, bob):
    game = arena_game(alice, bob)
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    page = client.get(f"/games/{game.pk}/")
    assert f'action="/games/{game.pk}/berserk/"' in page.content.decode()
    token = page.cookies["csrftoken"].value
    done = client.post(f"/games/{game.pk}/berserk/", {"csrfmiddlewaretoken": token})
    assert done.status_code == 302 and done["Location"] == f"/games/{game.pk}/"
    html = client.get(done["Location"]).content.decode()
    assert "You went berserk: your clock is halved." in html
    assert html.count('class="badge berserk"') == 1 and BUTTON not in html
    assert Game.objects.get(pk=game.pk).berserk == ["blue"]
    assert 'class="badge berserk"' in page_of(game, bob)  # the opponent sees it too


def test_the_page_form_tells_why_berserk_is_refused(alice, bob):
    game = arena_game(alice, bob)
    services.go_berserk(game.pk, alice)
    client = Client()
    client.force_login(alice)
    html = client.post(f"/games/{game.pk}/berserk/", follow=True).content.decode()
    assert "You have gone berserk already." in html
    assert Game.objects.get(pk=game.pk).clocks["blue"] == 150.0


def test_the_page_form_needs_a_login(alice, bob):
    game = arena_game(alice, bob)
    answer = Client().post(f"/games/{game.pk}/berserk/")
    assert answer.status_code == 302 and "/login" in answer["Location"]
    assert Game.objects.get(pk=game.pk).berserk == []


def test_the_record_counts_the_berserk_players_time_from_the_halved_clock(alice, bob):
    game = arena_game(alice, bob)
    services.go_berserk(game.pk, alice)
    move(game, alice, [5, 5])
    move(game, bob, [6, 6])
    game.refresh_from_db()
    recorded = json.loads(services.game_record(game, "json"))["clocks"]["moves"]
    assert [entry["seat"] for entry in recorded] == ["blue", "red"]
    assert recorded[0]["left"] == round(game.clocks["blue"], 1)
    assert 150 < recorded[0]["left"] <= 152 and 300 < recorded[1]["left"] <= 302
