"""The CPU's level (easy, normal, strong): chosen when a practice game is created, shown in
its detail and on its page, played by the worker, kept by another game."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from games import services
from games.engines import CPU_LEVELS, engine
from games.models import CPU_LEVEL_TITLES, Game
from tests.games.conftest import play

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

KROPKI = {"game": "kropki", "options": {"width": 10, "height": 10, "start": "empty"}}
BOXES = {"game": "dots_and_boxes", "options": {"columns": 2, "rows": 2}}


def create(client, **body):
    return client.post("/api/games/", {**KROPKI, **body}, format="json")


@pytest.fixture
def levels_played(monkeypatch):
    """(seat to move, level) of every move the CPU is asked for, the engines' own moves
    played all the same."""
    asked: list[tuple[str, str]] = []
    for name in ("kropki", "dots_and_boxes"):
        rules = engine(name)
        real = rules.suggest

        def suggest(state, level="normal", *, rules=rules, real=real):
            asked.append((rules.to_move(state), level))
            return real(state, level=level)

        monkeypatch.setattr(rules, "suggest", suggest)
    return asked


@pytest.mark.parametrize("level", CPU_LEVELS)
def test_a_practice_game_keeps_the_cpu_level_asked_for_and_its_detail_shows_it(player_api, level):
    created = create(player_api, opponent="cpu", cpu_level=level)
    assert created.status_code == 201, created.content
    assert created.json()["cpu_level"] == level
    detail = player_api.get(f"/api/games/{created.json()['id']}/").json()
    assert detail["cpu_level"] == level
    assert Game.objects.get().cpu_level == level


def test_the_cpu_plays_at_normal_when_no_level_is_asked_for(player_api):
    created = create(player_api, opponent="cpu")
    assert created.status_code == 201, created.content
    assert created.json()["cpu_level"] == "normal"
    assert create(player_api, opponent="cpu", cpu_level=None).json()["cpu_level"] == "normal"


@pytest.mark.parametrize("level", ["hard", "", "Strong", 2, ["easy"]])
def test_a_cpu_level_that_is_none_of_easy_normal_strong_is_refused_naming_the_field(
    player_api, level
):
    refused = create(player_api, opponent="cpu", cpu_level=level)
    assert refused.status_code == 400
    assert list(refused.json()["error"]["details"]) == ["cpu_level"]
    assert not Game.objects.exists()


def test_a_cpu_level_for_a_game_against_a_player_is_refused_naming_the_field(alice_api, bob):
    refused = create(alice_api, opponent="bob", cpu_level="easy")
    assert refused.status_code == 400
    assert list(refused.json()["error"]["details"]) == ["cpu_level"]
    assert "cpu" in refused.json()["error"]["message"]
    assert not Game.objects.exists()


def test_a_game_between_players_has_no_cpu_level(alice_api, bob):
    created = create(alice_api, opponent="bob")
    assert created.status_code == 201, created.content
    assert created.json()["cpu_level"] is None


def test_the_cpu_moves_at_the_games_level(player_api, levels_played):
    game_id = create(player_api, opponent="cpu", cpu_level="strong", seat="blue").json()["id"]
    assert play(player_api, game_id, 1, [5, 5]).json()["status"] == "accepted"
    assert Game.objects.get(pk=game_id).move_count == 2  # the CPU answered
    assert levels_played == [("red", "strong")]


def test_the_cpu_opens_at_the_games_level(player_api, levels_played):
    created = create(player_api, opponent="cpu", cpu_level="easy", seat="red")
    assert created.status_code == 201, created.content
    assert Game.objects.get().move_count == 1
    assert levels_played == [("blue", "easy")]


def test_D6_standing_in_for_a_player_out_of_time_the_cpu_plays_normal_whatever_its_level(
    player_api, levels_played
):
    body = {**BOXES, "opponent": "cpu", "cpu_level": "easy", "seat": "first"}
    body["time_control"] = {"move_s": 30}
    game_id = player_api.post("/api/games/", body, format="json").json()["id"]
    Game.objects.filter(pk=game_id).update(deadline=timezone.now() - timedelta(seconds=1))
    services.process_game(game_id)
    assert Game.objects.get(pk=game_id).move_count == 2  # for the player, then its own
    assert levels_played == [("first", "normal"), ("second", "easy")]


@pytest.mark.parametrize("level", ["easy", "strong"])
def test_D9_another_game_against_the_cpu_keeps_its_level(player_api, level):
    game_id = create(player_api, opponent="cpu", cpu_level=level).json()["id"]
    assert player_api.post(f"/api/games/{game_id}/resign/").status_code == 200
    again = player_api.post(f"/api/games/{game_id}/rematch/", {}, format="json")
    assert again.status_code == 201, again.content
    assert again.json()["cpu_level"] == level
    assert Game.objects.get(pk=again.json()["id"]).cpu_level == level


def test_the_game_page_names_the_cpu_with_its_level(client, player, player_api):
    game_id = create(player_api, opponent="cpu", cpu_level="strong").json()["id"]
    client.force_login(player)
    html = client.get(f"/games/{game_id}/").content.decode()
    assert "CPU (strong)" in html


def test_every_cpu_level_has_a_name_for_people():
    assert set(CPU_LEVEL_TITLES) == set(CPU_LEVELS)


def test_the_api_schema_stays_valid_with_the_cpu_level():
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", "/dev/null")
