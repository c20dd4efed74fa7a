"""Records people can use elsewhere: a game's record downloaded from the API names its
players as the site shows them, its result, dates, clocks and championship, and replays
with `python -m games.engines replay` to the game's final score."""

import json
import subprocess
import sys

import pytest
from freezegun import freeze_time

from accounts.models import Plan, User
from accounts.services import delete_account
from games import selectors
from games import services as game_services
from games.catalog import BUILT_IN, game_name
from games.engines import engine
from games.models import Game
from tests.conftest import TEST_PASSWORD
from tests.support.processes import PROJECT
from tests.tournaments.deadline_support import (
    level_final,
    play_a_move,
    running_games,
    started_championship,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

# Each game on a small board; the first moves where the CPU's easy choices would win nothing.
SMALL = {
    "kropki": {"width": 10, "height": 10, "start": "empty"},
    "dots_and_boxes": {"columns": 2, "rows": 2},
    "quadramids": {"players": 2},
    "quadrotone": {},
}
# Blue closes a diamond round red's dot at 5-5 and captures it (K6).
OPENINGS = {"kropki": [[5, 4], [5, 5], [4, 5], [1, 1], [6, 5], [1, 3], [5, 6]]}
MOVES_PLAYED = 6


def friendly(alice_api, bob_api, game: str, **fields) -> Game:
    body = {"game": game, "options": SMALL[game], "opponent": "bob", **fields}
    created = alice_api.post("/api/games/", body, format="json")
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    assert bob_api.post(f"/api/games/{game_id}/accept/").status_code == 200
    return Game.objects.get(pk=game_id)


def player_to_move(game: Game) -> User:
    return User.objects.get(pk=selectors.players_by_seat(game)[game.to_move])


def play_then_resign(game: Game, moves: int = MOVES_PLAYED, frozen=None) -> Game:
    """A few moves (the opening given, then the CPU's easy choices), then the player to move
    resigns unless the game is over already. On a `frozen` clock each move takes 10 s."""
    rules = engine(game.game)
    opening = list(OPENINGS.get(game.game, []))
    for _ in range(max(moves, len(opening))):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        if frozen is not None:
            frozen.tick(10)
        state = rules.load(bytes(game.snapshot))
        payload = opening.pop(0) if opening else rules.suggest(state, "easy")
        game_services.submit_move(
            game_id=game.pk, user=player_to_move(game), seq=game.move_count + 1, payload=payload
        )
    game.refresh_from_db()
    if game.status == Game.Status.ACTIVE:
        game_services.resign(game.pk, player_to_move(game))
        game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


def replay_file(path) -> list[dict]:
    """The replay command's lines for a record file."""
    done = subprocess.run(
        [sys.executable, "-m", "games.engines", "replay", str(path)],
        cwd=PROJECT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def download(api, game: Game, form: str):
    answer = api.get(f"/api/games/{game.pk}/record/", {"format": form})
    assert answer.status_code == 200, answer.content
    return answer.content.decode()


@pytest.mark.parametrize("name", [game_name(package) for package in BUILT_IN])
def test_a_downloaded_record_replays_to_the_games_final_score(
    name, alice_api, bob_api, api, tmp_path
):
    game = play_then_resign(friendly(alice_api, bob_api, name))
    detail = api.get(f"/api/games/{game.pk}/").json()
    for form in engine(name).record_formats:
        path = tmp_path / f"{name}-{game.pk}.{form}"
        path.write_text(download(api, game, form), encoding="utf-8")
        lines = replay_file(path)
        assert len(lines) == detail["move_count"]
        assert lines[-1]["score"] == detail["score"], form
    record = json.loads(download(api, game, "json"))
    assert record["players"] == detail["players"]
    result = record["result"]
    assert (result["status"], result["winner"], result["reason"], result["score"]) == (
        "finished", detail["result"]["winner_seat"], detail["result"]["reason"], detail["score"]
    )  # fmt: skip
    if engine(name).ranks_places:
        assert result["places"] == game.places


def test_the_kropki_capture_game_has_a_score_to_replay(alice_api, bob_api):
    game = play_then_resign(friendly(alice_api, bob_api, "kropki"))
    assert game.score == {"blue": 1, "red": 0}  # the test above replays a score, not 0:0


def test_the_json_record_gives_players_result_dates_clocks_and_options(alice_api, bob_api, api):
    with freeze_time("2026-05-01 12:00:00") as frozen:
        control = {"initial_s": 600, "increment_s": 5}
        game = play_then_resign(
            friendly(alice_api, bob_api, "kropki", time_control=control), frozen=frozen
        )
    record = json.loads(download(api, game, "json"))
    assert record["game"] == "kropki" and record["options"]["width"] == 10
    assert record["players"] == {"blue": "alice", "red": "bob"}
    assert record["result"]["reason"] == "resignation"
    assert record["result"]["winner"] == "blue"  # red was to move after the capture
    assert record["page"].endswith(f"/games/{game.pk}/")
    assert record["dates"] == {
        "created": "2026-05-01T12:00:00Z",
        "started": "2026-05-01T12:00:00Z",
        "finished": "2026-05-01T12:01:10Z",
    }
    clocks = record["clocks"]
    assert clocks["time_control"] == {"initial_s": 600.0, "increment_s": 5.0, "move_s": None}
    assert clocks["left"] == {"blue": 580.0, "red": 585.0}
    assert clocks["moves"][:3] == [
        {"seat": "blue", "at": "2026-05-01T12:00:10Z", "seconds": 10.0, "left": 595.0},
        {"seat": "red", "at": "2026-05-01T12:00:20Z", "seconds": 10.0, "left": 595.0},
        {"seat": "blue", "at": "2026-05-01T12:00:30Z", "seconds": 10.0, "left": 590.0},
    ]
    assert [entry["left"] for entry in clocks["moves"][3:]] == [590.0, 585.0, 585.0, 580.0]


def test_the_sgf_record_gives_players_result_date_and_each_moves_time_left(alice_api, bob_api, api):
    with freeze_time("2026-05-01 23:59:00") as frozen:
        control = {"initial_s": 300}
        game = play_then_resign(
            friendly(alice_api, bob_api, "kropki", time_control=control), frozen=frozen
        )
    sgf = download(api, game, "sgf")
    assert sgf.startswith("(;FF[4]GM[40]CA[UTF-8]")
    assert "SZ[10:10]" in sgf and "PB[alice]" in sgf and "PW[bob]" in sgf
    assert "RE[B+R]" in sgf and "TM[300]" in sgf
    assert "DT[2026-05-01]" in sgf  # the day it was played, though it ended on the next
    assert ";B[eg]BL[290];W[ef]WL[290];B[df]BL[280];" in sgf
    assert sgf.rstrip().endswith(";B[ee]BL[260])")
    header = engine("kropki").read_record(sgf, "game.sgf").header
    assert header["players"] == {"blue": "alice", "red": "bob"}
    assert header["result"] == {"status": "finished", "winner": "blue", "reason": "resignation"}
    assert header["dates"] == {"played": "2026-05-01"}
    assert [entry["left"] for entry in header["clocks"]["moves"]] == [
        290,
        290,
        280,
        280,
        270,
        270,
        260,
    ]


def test_a_deleted_players_name_in_a_record_is_deleted_player(alice, alice_api, bob_api, api):
    game = play_then_resign(friendly(alice_api, bob_api, "kropki"))
    delete_account(alice, password=TEST_PASSWORD)
    record = json.loads(download(api, game, "json"))
    assert record["players"] == {"blue": "deleted player", "red": "bob"}
    assert "PB[deleted player]" in download(api, game, "sgf")


def test_a_deleted_players_name_is_the_same_whatever_the_readers_language(
    alice, alice_api, bob_api, api
):
    game = play_then_resign(friendly(alice_api, bob_api, "kropki"))
    delete_account(alice, password=TEST_PASSWORD)
    answer = api.get(f"/api/games/{game.pk}/record/", HTTP_ACCEPT_LANGUAGE="ru")
    assert json.loads(answer.content)["players"]["blue"] == "deleted player"


def test_the_cpu_is_named_cpu(alice_api, api):
    created = alice_api.post(
        "/api/games/", {"game": "dots_and_boxes", "options": SMALL["dots_and_boxes"],
                        "opponent": "cpu"}, format="json",
    )  # fmt: skip
    assert created.status_code == 201, created.content
    record = json.loads(download(api, Game.objects.get(pk=created.json()["id"]), "json"))
    assert sorted(record["players"].values()) == ["CPU", "alice"]


@pytest.mark.parametrize("form", ["json", "sgf"])
def test_no_players_e_mail_goes_into_a_record(form, alice, bob, alice_api, bob_api, api):
    for person in (alice, bob):
        person.email = f"{person.username}.private@example.org"
        person.save(update_fields=["email"])
    game = play_then_resign(friendly(alice_api, bob_api, "kropki"))
    text = download(api, game, form)
    assert "private@example.org" not in text and "@" not in text


def test_a_running_quadrotone_game_shows_no_more_in_its_record_than_on_its_page(
    alice_api, bob_api, api
):
    game = friendly(alice_api, bob_api, "quadrotone")
    detail = api.get(f"/api/games/{game.pk}/").json()
    record = json.loads(download(api, game, "json"))
    rules = engine("quadrotone")
    # The hands are open (Q4): the record's deal is the one the page shows.
    assert sorted(record["deal"]["first"]) == detail["position"]["hands"]["first"]
    assert sorted(record["deal"]["second"]) == detail["position"]["hands"]["second"]
    assert record["options"]["seed"] == detail["options"]["seed"]
    assert rules.read_record(json.dumps(record)).moves == []
    assert record["result"] == {
        "status": "active", "winner": None, "reason": None, "score": detail["score"],
    }  # fmt: skip


@pytest.fixture
def organiser(make_user):
    return make_user("organiser", plan=Plan.PAID)


@pytest.fixture
def entrants(make_user):
    return [make_user(name) for name in ("anna", "boris", "clara", "dmitri")]


def test_a_championship_game_names_the_championship_and_its_group_round(organiser, entrants, api):
    championship = started_championship(organiser, entrants[:2], name="Winter [Open] \\ Cup")
    (game,) = running_games(championship)
    play_a_move(game)
    record = json.loads(download(api, game, "json"))
    assert record["event"]["name"] == "Winter [Open] \\ Cup"
    assert record["event"]["round"] == "1 (group A)"
    assert record["event"]["page"].endswith(championship.get_absolute_url())
    sgf = download(api, game, "sgf")
    assert "EV[Winter [Open\\] \\\\ Cup]" in sgf and "RO[1 (group A)]" in sgf
    header = engine("kropki").read_record(sgf, "game.sgf").header
    assert header["event"] == {"name": "Winter [Open] \\ Cup", "round": "1 (group A)"}
    assert "RE[" not in sgf  # the game goes on: no result yet


def test_a_playoff_game_names_its_round(organiser, entrants, api):
    with freeze_time() as frozen:
        _championship, final = level_final(organiser, entrants, frozen)
    record = json.loads(download(api, final, "json"))
    assert record["event"]["round"] == "1 (Final)"
    assert "RO[1 (Final)]" in download(api, final, "sgf")
