"""A game added by its package alone is played like a built-in one, end to end.

Noughts and Crosses lives in tests/noughts_and_crosses and only the test settings list
it (tests/settings.py). Through the API and the move pipeline it is played against the CPU
and between two players, won and drawn; its game page draws its board, its rules page and
its record are served, a championship of it is played to the end, and its players are
rated and listed on its leaderboard — with no file outside its package naming it.
"""

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from games import registry
from games.catalog import BUILT_IN, game_name
from games.models import Game
from ratings import policy
from ratings.models import Rating
from tests.conftest import client_with_token
from tests.games.conftest import play
from tests.noughts_and_crosses.engine import ENGINE
from tests.support.processes import PROJECT
from tournaments.demo import play_for_both
from tournaments.models import Championship

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

GAME = "noughts_and_crosses"
PACKAGE = Path(__file__).resolve().parents[1] / "noughts_and_crosses"
# x fills the bottom row while o plays in the middle row: x wins with its third mark (N3).
X_WINS = [[1, 1], [1, 2], [2, 1], [2, 2], [3, 1]]
# Nine marks and no line: a draw (N4).
DRAWN = [[2, 1], [2, 2], [1, 2], [1, 1], [3, 3], [2, 3], [1, 3], [3, 2], [3, 1]]
# A player who takes the edges first, against the CPU: the CPU wins (the order they try).
CARELESS = [[1, 2], [3, 2], [2, 1], [2, 3], [1, 1], [3, 1], [1, 3], [3, 3], [2, 2]]


def new_game(client, **fields) -> dict:
    created = client.post("/api/games/", {"game": GAME, **fields}, format="json")
    assert created.status_code == 201, created.content
    return created.json()


def friendly(alice_api, bob_api, **fields) -> int:
    """Alice (x) invites Bob (o); Bob accepts."""
    game_id = new_game(alice_api, opponent="bob", seat="x", **fields)["id"]
    accepted = bob_api.post(f"/api/games/{game_id}/accept/")
    assert accepted.status_code == 200, accepted.content
    return game_id


def play_moves(game_id: int, moves: list, by_seat: dict, wait: float = 5) -> dict:
    """Each move sent by the player whose turn it is; the game as it stands after them."""
    for move in moves:
        detail = by_seat["x"].get(f"/api/games/{game_id}/").json()
        client = by_seat[detail["to_move_seat"]]
        answer = play(client, game_id, detail["move_count"] + 1, move, wait=wait)
        assert answer.status_code == 200, answer.content
        assert answer.json()["status"] == "accepted", answer.json()
    return by_seat["x"].get(f"/api/games/{game_id}/").json()


def wait_for(client, game_id: int, condition, seconds: float = 30) -> dict:
    deadline = time.monotonic() + seconds
    while True:
        detail = client.get(f"/api/games/{game_id}/").json()
        if condition(detail):
            return detail
        assert time.monotonic() < deadline, f"the game did not get there: {detail}"
        time.sleep(0.05)


def against_the_cpu(client, game_id: int, wait: float = 5) -> dict:
    """The player sends the first free square of CARELESS on each turn until the game ends;
    the CPU's answers come through the pipeline."""
    while True:
        detail = wait_for(
            client, game_id, lambda d: d["status"] == "finished" or d["to_move"] != "cpu"
        )
        if detail["status"] == "finished":
            return detail
        rows = detail["position"]["rows"]
        move = next(m for m in CARELESS if rows[m[1] - 1][m[0] - 1] == ".")
        answer = play(client, game_id, detail["move_count"] + 1, move, wait=wait)
        assert answer.status_code == 200, answer.content
        assert answer.json()["status"] == "accepted", answer.json()


# -- registered by its package ------------------------------------------------------------


def test_the_fifth_game_is_in_play_by_the_settings_alone():
    assert registry.names()[-1] == GAME
    assert GAME not in [game_name(package) for package in BUILT_IN]
    declared = registry.declaration(GAME)
    assert declared.engine is ENGINE
    assert declared.rules_dir == PACKAGE


# -- played through the API and the pipeline ----------------------------------------------


def test_a_practice_game_against_the_cpu_is_played_to_the_cpus_win(player_api):
    game = new_game(player_api, opponent="cpu", seat="x")
    assert game["kind"] == "practice" and game["status"] == "active"
    assert game["players"] == {"x": "player", "o": "cpu"}
    finished = against_the_cpu(player_api, game["id"])
    assert finished["result"] == {
        "winner": "cpu",
        "winner_seat": "o",
        "reason": "three_in_a_row",
    }
    assert finished["score"] == {"x": 0, "o": 1}
    assert finished["position"]["line"] is not None


def test_the_cpu_opens_when_the_player_takes_o(player_api):
    game = new_game(player_api, opponent="cpu", seat="o")
    detail = wait_for(player_api, game["id"], lambda d: d["move_count"] == 1)
    assert detail["to_move"] == "player"
    assert detail["position"]["rows"][1] == ".x."  # the CPU takes the centre


def test_a_friendly_game_is_won_by_three_in_a_row(alice_api, bob_api):
    game_id = friendly(alice_api, bob_api)
    finished = play_moves(game_id, X_WINS, {"x": alice_api, "o": bob_api})
    assert finished["status"] == "finished"
    assert finished["result"]["winner"] == "alice"
    assert finished["result"]["reason"] == "three_in_a_row"
    assert finished["position"]["line"] == [[1, 1], [2, 1], [3, 1]]
    late = play(bob_api, game_id, 6, [3, 3]).json()
    assert late["status"] == "refused" and late["reason"]["code"] == "game_over"


def test_a_friendly_game_with_a_full_board_and_no_line_is_drawn(alice_api, bob_api):
    game_id = friendly(alice_api, bob_api)
    finished = play_moves(game_id, DRAWN, {"x": alice_api, "o": bob_api})
    assert finished["status"] == "finished"
    assert finished["result"] == {"winner": None, "winner_seat": None, "reason": "board_full"}
    assert finished["score"] == {"x": 0, "o": 0}
    assert finished["move_count"] == 9


def test_moves_the_rules_refuse_are_refused_with_the_games_own_reasons(alice_api, bob_api):
    game_id = friendly(alice_api, bob_api)
    play_moves(game_id, [[2, 2]], {"x": alice_api, "o": bob_api})
    taken = play(bob_api, game_id, 2, [2, 2]).json()
    assert taken["status"] == "refused"
    assert taken["reason"]["code"] == "occupied"
    assert "2-2" in taken["reason"]["message"]
    seq = alice_api.get(f"/api/games/{game_id}/").json()["move_count"] + 1
    off_board = play(bob_api, game_id, seq, [4, 1]).json()
    assert off_board["reason"]["code"] == "off_board"
    malformed = play(bob_api, game_id, seq, "centre")
    assert malformed.status_code == 400
    assert list(malformed.json()["error"]["details"]) == ["move"]


def test_unknown_options_are_refused_naming_the_option(alice_api):
    answer = alice_api.post(
        "/api/games/",
        {"game": GAME, "opponent": "cpu", "options": {"size": 4}},
        format="json",
    )
    assert answer.status_code == 400
    assert list(answer.json()["error"]["details"]) == ["options.size"]


# -- its pages and its record --------------------------------------------------------------


def test_its_game_page_shows_its_board_for_the_players_to_play(client, alice, alice_api, bob_api):
    game_id = friendly(alice_api, bob_api)
    play_moves(game_id, [[2, 2], [1, 1]], {"x": alice_api, "o": bob_api})
    client.force_login(alice)
    html = client.get(f"/games/{game_id}/").content.decode()
    assert '<svg class="board board-noughts-and-crosses playable"' in html
    grid = json.loads(html.split("data-grid='", 1)[1].split("'", 1)[0])
    assert (grid["width"], grid["height"], grid["flip_y"]) == (3, 3, True)
    assert 'data-points="o../.x./..."' in html
    assert '<g class="mark x" data-point="2-2">' in html
    assert '<g class="mark o" data-point="1-1">' in html
    assert "Noughts and Crosses board, 3 × 3; Crosses to move" in html
    assert "Click an empty square to put your mark there" in html  # its board help


def test_its_finished_game_page_says_who_won_and_why(client, alice_api, bob_api):
    game_id = friendly(alice_api, bob_api)
    play_moves(game_id, X_WINS, {"x": alice_api, "o": bob_api})
    html = client.get(f"/games/{game_id}/").content.decode()
    assert '<svg class="board board-noughts-and-crosses" viewBox="0 0 214 212" role="img"' in html
    assert '<line class="winning-line"' in html
    assert "three in a row" in html  # the declaration's words for its engine's reason
    assert "Crosses" in html and "Noughts" in html  # and its words for its seats


def test_its_record_downloads_as_json_and_replays_to_the_same_position(alice_api, bob_api, api):
    game_id = friendly(alice_api, bob_api)
    finished = play_moves(game_id, DRAWN, {"x": alice_api, "o": bob_api})
    answer = api.get(f"/api/games/{game_id}/record/")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("application/json")
    assert f'filename="{GAME}-{game_id}.json"' in answer["Content-Disposition"]
    record = json.loads(answer.content)
    assert (record["game"], record["options"], record["moves"]) == (GAME, {}, DRAWN)
    assert record["result"]["winner"] is None and record["result"]["status"] == "finished"
    lines = list(ENGINE.replay(ENGINE.read_record(answer.content.decode())))
    assert lines[-1]["board"] == finished["position"]["rows"] and lines[-1]["over"]
    refused = api.get(f"/api/games/{game_id}/record/", {"format": "sgf"})
    assert refused.status_code == 400
    assert list(refused.json()["error"]["details"]) == ["format"]


def test_its_record_replays_with_the_engines_command_once_its_package_is_named(
    alice_api, bob_api, api
):
    game_id = friendly(alice_api, bob_api)
    play_moves(game_id, X_WINS, {"x": alice_api, "o": bob_api})
    record = api.get(f"/api/games/{game_id}/record/").content.decode()
    command = [sys.executable, "-m", "games.engines", "replay", "-"]
    named = subprocess.run(
        [*command, "--game", "tests.noughts_and_crosses"],
        cwd=PROJECT, input=record, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert named.returncode == 0, named.stderr
    lines = [json.loads(line) for line in named.stdout.splitlines()]
    assert [line["player"] for line in lines] == ["x", "o", "x", "o", "x"]
    assert lines[-1]["points"] == 1 and lines[-1]["over"] is True
    unnamed = subprocess.run(
        command, cwd=PROJECT, input=record, capture_output=True, text=True, timeout=60
    )
    assert unnamed.returncode == 2 and "unknown game 'noughts_and_crosses'" in unnamed.stderr


def test_its_engine_imports_without_django():
    probe = "import sys, tests.noughts_and_crosses.engine; print('django' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", probe], cwd=PROJECT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"


def test_its_rules_page_renders_with_anchors_and_the_index_lists_it(client):
    page = client.get(f"/rules/{GAME}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "<h1>Rules of Noughts and Crosses</h1>" in html
    for rule in ("N1", "N2", "N3", "N4", "N5", "N6"):
        assert f'<li id="{rule}"><a class="rule-id" href="#{rule}">{rule}</a>' in html
    assert "[decision" not in html  # the specification's markers are not shown to players
    assert "<figure" not in html  # a game without drawn examples gets a text-only page
    index = client.get("/rules/").content.decode()
    assert f'href="/rules/{GAME}/"' in index
    assert "Three marks in a row, a column or a diagonal win" in index  # its summary


def test_the_new_game_page_offers_its_seats_and_starts_a_practice_game(client, player):
    client.force_login(player)
    form = client.get("/games/new/", {"game": GAME}).content.decode()
    assert "Your mark" in form and "X (moves first)" in form
    started = client.post("/games/new/", {"game": GAME, "opponent": "cpu-normal", "seat": "o"})
    game = Game.objects.get(game=GAME)
    assert started.status_code == 302 and started["Location"] == game.get_absolute_url()
    assert game.kind == Game.Kind.PRACTICE and game.move_count == 1  # the CPU, as x, opened


# -- championships and ratings ---------------------------------------------------------------


def play_championship(championship_id: int, seconds: float = 300, wait: float = 0) -> None:
    """Every game the championship opens, played by both players through the pipeline: the
    CPU's moves and now and then a random square (the CPU never loses to itself)."""
    chooser = random.Random(championship_id)
    deadline = time.monotonic() + seconds
    while Championship.objects.get(pk=championship_id).status != Championship.Status.FINISHED:
        assert time.monotonic() < deadline, "the championship did not finish"
        active = Game.objects.filter(
            match__stage__championship_id=championship_id, status=Game.Status.ACTIVE
        ).values_list("id", flat=True)
        for game_id in list(active):
            play_for_both(game_id, chooser, wait=wait)
        if not active:
            time.sleep(0.05)  # a worker may still be opening the next round


def test_a_rated_championship_of_it_is_played_to_the_end_and_rates_its_players(
    make_user, staff_api
):
    created = staff_api.post(
        "/api/championships/",
        {
            "name": "Noughts Cup",
            "game": GAME,
            "group_size": 4,
            "playoff_players_per_group": 2,
            "stage_format": "express",
            "playoff_format": "full",
            "rated": True,
        },
        format="json",
    )
    assert created.status_code == 201, created.content
    championship_id = created.json()["id"]
    players = [make_user(f"player{n}") for n in range(8)]
    for player in players:
        entered = client_with_token(player).post(
            f"/api/championships/{championship_id}/entries/", {}, format="json"
        )
        assert entered.status_code == 201, entered.content
    started = staff_api.post(f"/api/championships/{championship_id}/start/")
    assert started.json()["status"] == "groups"

    play_championship(championship_id)

    detail = staff_api.get(f"/api/championships/{championship_id}/").json()
    assert detail["status"] == "finished" and detail["game"] == GAME
    standings = staff_api.get(f"/api/championships/{championship_id}/standings/").json()
    assert [group["name"] for group in standings["groups"]] == ["A", "B"]
    for group in standings["groups"]:
        assert [row["played"] for row in group["rows"]] == [3, 3, 3, 3]
        points = [row["points"] for row in group["rows"]]
        assert points == sorted(points, reverse=True)
    final = standings["final"]
    assert [row["rank"] for row in final] == list(range(1, 9))
    assert final[0]["username"] == detail["winner"]
    bracket = staff_api.get(f"/api/championships/{championship_id}/bracket/").json()
    assert [r["name"] for r in bracket["rounds"]] == ["Semi-finals", "Final", "Third place"]
    (final_match,) = bracket["rounds"][1]["matches"]
    assert final_match["winner"] == detail["winner"]

    games = Game.objects.filter(match__stage__championship_id=championship_id)
    assert {game.game for game in games} == {GAME}
    group_games = games.filter(match__stage__kind="groups")
    assert {game.options["format"] for game in group_games} == {"express"}
    assert group_games.count() == 12
    assert all(game.status == Game.Status.FINISHED for game in games)
    # Every player is rated in the game, by the games they played in it.
    for player in players:
        rating = Rating.objects.get(player=player, game=GAME)
        played = games.filter(seats__user=player).count()
        assert rating.games == played >= 3
        ratings = client_with_token(player).get(f"/api/players/{player.username}/").json()
        assert ratings["ratings"][GAME]["games"] == played


def test_its_leaderboard_lists_the_players_from_their_first_rated_game(alice_api, bob_api, client):
    """Rated games between two players, won by Alice and drawn in turn: listed as provisional
    from the first, then as settled once neither rating is provisional any more."""
    for played in range(1, 31):
        game_id = friendly(alice_api, bob_api, rated=True)
        play_moves(game_id, X_WINS if played % 2 else DRAWN, {"x": alice_api, "o": bob_api})
        leaders = alice_api.get(f"/api/ratings/{GAME}/").json()
        if played == 1:
            assert [(row["username"], row["provisional"]) for row in leaders] == [
                ("alice", True),
                ("bob", True),
            ]
        if all(rating.rd < policy.PROVISIONAL_RD for rating in Rating.objects.filter(game=GAME)):
            break
    assert [(row["username"], row["games"], row["provisional"]) for row in leaders] == [
        ("alice", played, False),
        ("bob", played, False),
    ]
    html = client.get(f"/leaderboards/{GAME}/").content.decode()
    assert '<h2 id="leaderboard-heading">Noughts and Crosses</h2>' in html
    assert "alice" in html and "bob" in html


# -- the real worker ---------------------------------------------------------------------------


# Transactional: the worker is another process, which reads only what is committed.
@pytest.mark.django_db(transaction=True)
def test_the_real_worker_plays_the_cpus_moves_of_the_fifth_game(real_worker, settings, player):
    """The worker process runs on the test settings, so it knows the game the tests register."""
    from config.celery import app

    # Undo the module's embedded mode: moves go through Redis to the worker.
    app.conf.task_always_eager = False
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.REDIS_URL = os.environ["REDIS_URL"]
    client = client_with_token(player)
    game = new_game(client, opponent="cpu", seat="o")
    finished = against_the_cpu(client, game["id"], wait=10)
    assert finished["result"]["winner"] == "cpu"
    assert finished["result"]["reason"] == "three_in_a_row"
