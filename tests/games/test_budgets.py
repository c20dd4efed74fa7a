"""Whatever a player asks of a game that costs the server has a budget per client: moves
per player per game (a burst, then a rate, and only so many waiting for the worker), the
other actions in a game, games against the CPU and invitations, positions replayed and
records downloaded. Beyond a budget the API answers 429 with Retry-After in its error
shape, a page answers 429 with a page; nothing is stored and no worker task starts."""

import pytest
from django.test import Client

from games import services, tasks
from games.models import Game, Move
from infrastructure.errors import TooMany
from tests.conftest import client_with_token
from tests.games.conftest import play, start_friendly
from tests.support.budgets import set_rates, the_sites_own_budgets, throttle_clock
from tests.support.replays import finished_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

BOXES = {"game": "dots_and_boxes", "options": {"columns": 2, "rows": 2}}


@pytest.fixture
def clock(monkeypatch):
    return throttle_clock(monkeypatch)


def assert_over_budget(answer, code: str = "throttled") -> None:
    assert answer.status_code == 429, answer.content
    assert int(answer["Retry-After"]) >= 1
    error = answer.json()["error"]
    assert error["code"] == code
    assert error["message"]
    assert error["details"]["retry_after"] == int(answer["Retry-After"])


def out_of_turn(bob_api, game_id: int):
    """Bob's move while it is Alice's turn: the worker refuses it, the seq stays free."""
    return play(bob_api, game_id, 1, [5, 5], wait=0)


def test_moves_beyond_the_budget_are_429_with_retry_after(settings, alice_api, bob_api, clock):
    set_rates(settings, moves_burst="3/second", moves="100/minute")
    game_id = start_friendly(alice_api, bob_api)
    answers = [out_of_turn(bob_api, game_id) for _ in range(4)]
    assert [answer.status_code for answer in answers[:3]] == [202, 202, 202]
    assert_over_budget(answers[3])
    assert "Too many moves" in answers[3].json()["error"]["message"]
    clock.advance(1.1)
    assert out_of_turn(bob_api, game_id).status_code == 202


def test_the_move_budget_is_a_burst_then_a_rate(settings, alice_api, bob_api, clock):
    set_rates(settings, moves_burst="3/second", moves="5/minute")
    game_id = start_friendly(alice_api, bob_api)
    assert [out_of_turn(bob_api, game_id).status_code for _ in range(4)] == [202] * 3 + [429]
    clock.advance(2)
    assert [out_of_turn(bob_api, game_id).status_code for _ in range(3)] == [202, 202, 429]
    refused = out_of_turn(bob_api, game_id)
    # The rate's window is the minute: the answer says to come back when it has passed.
    assert 50 <= int(refused["Retry-After"]) <= 60
    clock.advance(60)
    assert out_of_turn(bob_api, game_id).status_code == 202


def test_the_move_budget_is_per_player_per_game(settings, alice_api, bob_api, clock):
    set_rates(settings, moves_burst="2/second", moves="100/minute")
    first = start_friendly(alice_api, bob_api)
    second = start_friendly(alice_api, bob_api)
    for _ in range(2):
        out_of_turn(bob_api, first)
    assert out_of_turn(bob_api, first).status_code == 429
    # Bob's budget in another game, and Alice's in this one, are whole.
    assert out_of_turn(bob_api, second).status_code == 202
    assert play(alice_api, first, 1, [2, 2]).json()["status"] == "accepted"


def test_a_refused_burst_stores_no_move_and_starts_no_task(
    settings, alice_api, bob_api, clock, monkeypatch
):
    set_rates(settings, moves_burst="3/second", moves="100/minute")
    game_id = start_friendly(alice_api, bob_api)
    started = []
    real_delay = tasks.process_game.delay
    monkeypatch.setattr(
        tasks.process_game, "delay", lambda *args: started.append(args) or real_delay(*args)
    )
    answers = [out_of_turn(bob_api, game_id) for _ in range(30)]
    assert [answer.status_code for answer in answers].count(202) == 3
    assert all(answer.status_code == 429 for answer in answers[3:])
    assert Move.objects.filter(game_id=game_id).count() == 3
    assert len(started) == 3


def test_a_flood_cannot_queue_more_moves_than_the_worker_may_have_waiting(
    settings, alice_api, bob_api, monkeypatch
):
    settings.PENDING_MOVES_PER_PLAYER = 2
    game_id = start_friendly(alice_api, bob_api)
    monkeypatch.setattr(tasks.process_game, "delay", lambda *args: None)  # no worker comes
    assert play(alice_api, game_id, 1, [2, 2], wait=0).status_code == 202
    assert play(alice_api, game_id, 2, [3, 3], wait=0).status_code == 202
    refused = play(alice_api, game_id, 3, [4, 4], wait=0)
    assert_over_budget(refused, code="too_many_pending_moves")
    assert Move.objects.filter(game_id=game_id, status=Move.Status.PENDING).count() == 2
    # Sending a waiting move again still answers it, as any repeat does.
    again = play(alice_api, game_id, 2, [3, 3], wait=0)
    assert again.status_code == 202 and again.json()["seq"] == 2


def test_a_normal_game_never_meets_the_move_budget(settings, alice_api, bob_api, clock):
    """The site's own budgets, and two quick players: each answers the other's move
    within half a second, as the page sends them (one at a time, `?wait=5`)."""
    the_sites_own_budgets(settings)
    game_id = start_friendly(alice_api, bob_api)
    points = [[x, y] for y in range(1, 11) for x in range(1, 11)]
    for seq, point in enumerate(points, start=1):
        mover = alice_api if seq % 2 else bob_api
        answer = play(mover, game_id, seq, point)
        assert answer.status_code == 200, answer.content
        if answer.json()["game_over"]:
            break
        clock.advance(0.5)
    assert Game.objects.get(pk=game_id).move_count > 60


def test_a_chain_of_boxes_taken_at_once_stays_within_the_move_budget(make_user, settings, clock):
    """In Dots and Boxes a player moves again after closing a box: a long chain is taken
    one line after another, each as soon as the last is answered."""
    the_sites_own_budgets(settings)
    lena = make_user("lena")
    game = services.create_game(
        creator=lena, format=None, opponent="cpu", game="dots_and_boxes", options={}
    )
    api = client_with_token(lena)
    for n in range(10):
        current = Game.objects.get(pk=game.pk)
        answer = play(api, game.pk, current.move_count + 1, ["h", 1, 1 + n])
        assert answer.status_code != 429, answer.content
        clock.advance(0.15)


def test_cpu_games_beyond_the_budget_are_429(settings, player, player_api):
    set_rates(settings, cpu_games="2/hour")
    body = {**BOXES, "opponent": "cpu"}
    assert [player_api.post("/api/games/", body).status_code for _ in range(2)] == [201, 201]
    refused = player_api.post("/api/games/", body)
    assert_over_budget(refused)
    assert Game.objects.filter(created_by=player).count() == 2


def test_the_new_game_page_beyond_the_cpu_budget_is_429(settings, player):
    set_rates(settings, cpu_games="1/hour")
    browser = Client()
    browser.force_login(player)
    form = {"game": "kropki", "width": "10", "height": "10", "start": "empty", "seat": "blue"}
    form["opponent"] = "cpu-normal"
    assert browser.post("/games/new/", form).status_code == 302
    refused = browser.post("/games/new/", form)
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1
    assert "Too many games against the CPU" in refused.content.decode()
    assert Game.objects.filter(created_by=player).count() == 1


def test_a_guest_beyond_the_cpu_budget_is_429(settings):
    set_rates(settings, cpu_games="1/hour")
    visitor = Client()
    assert visitor.post("/games/new/guest/", {"game": "dots_and_boxes"}).status_code == 302
    refused = visitor.post("/games/new/guest/", {"game": "dots_and_boxes"})
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1
    assert Game.objects.count() == 1


def test_invitations_beyond_the_budget_are_429(settings, alice_api, bob):
    set_rates(settings, invitations="1/hour")
    body = {**BOXES, "opponent": "bob"}
    assert alice_api.post("/api/games/", body).status_code == 201
    assert_over_budget(alice_api.post("/api/games/", body))
    assert Game.objects.count() == 1


def test_rematches_against_the_cpu_are_on_the_cpu_budget(settings, make_user):
    lena = make_user("lena")
    finished = finished_game(lena, "dots_and_boxes")
    set_rates(settings, cpu_games="0/hour")
    api = client_with_token(lena)
    assert_over_budget(api.post(f"/api/games/{finished.pk}/rematch/", {}))


@pytest.mark.parametrize("action", ["undo", "draw", "away", "back", "rematch"])
def test_game_actions_beyond_the_budget_are_429(settings, make_user, action):
    set_rates(settings, game_actions="2/minute")
    lena = make_user("lena")
    game = services.create_game(creator=lena, format=None, opponent="cpu", **BOXES)
    api = client_with_token(lena)
    for _ in range(2):
        assert api.post(f"/api/games/{game.pk}/{action}/").status_code != 429
    assert_over_budget(api.post(f"/api/games/{game.pk}/{action}/"))
    browser = Client()
    browser.force_login(lena)
    page = browser.post(f"/games/{game.pk}/{action}/")
    assert page.status_code == 429 and int(page["Retry-After"]) >= 1
    assert "Too many requests about this game" in page.content.decode()


def test_replays_beyond_the_budget_are_429(settings, make_user):
    set_rates(settings, replays="2/minute")
    lena = make_user("lena")
    game = finished_game(lena, "dots_and_boxes")
    assert game.move_count > 2
    visitor = Client()
    assert visitor.get(f"/games/{game.pk}/?move=1").status_code == 200
    assert visitor.get(f"/games/{game.pk}/live/?move=2").status_code == 200
    refused = visitor.get(f"/games/{game.pk}/?move=1")
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1
    assert "Too many positions replayed" in refused.content.decode()
    assert visitor.get(f"/games/{game.pk}/live/?move=1").status_code == 429
    # The game as it stands replays nothing: it is never refused.
    assert visitor.get(f"/games/{game.pk}/").status_code == 200
    assert visitor.get(f"/games/{game.pk}/?move={game.move_count}").status_code == 200
    # Another client (a player signed in) has a budget of its own.
    browser = Client()
    browser.force_login(lena)
    assert browser.get(f"/games/{game.pk}/?move=1").status_code == 200


def test_exports_beyond_the_budget_are_429(settings, make_user):
    set_rates(settings, downloads="2/hour")
    game = finished_game(make_user("lena"), "kropki")
    visitor = client_with_token(make_user("reader"))
    assert visitor.get(f"/api/games/{game.pk}/record/").status_code == 200
    assert visitor.get(f"/api/games/{game.pk}/record/?format=sgf").status_code == 200
    assert_over_budget(visitor.get(f"/api/games/{game.pk}/record/"))


def test_the_budgets_error_is_a_domain_refusal_with_its_wait():
    refusal = TooMany("Too many.", retry_after=2.2)
    assert refusal.status == 429 and refusal.retry_after == 3
