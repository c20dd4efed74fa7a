"""The new-game form: the opponent is the CPU at a level or a player picked by name; the
match formats are explained; every refusal shows at its field."""

import re

import pytest
from django.test import Client

from games.models import Game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

KROPKI = {"game": "kropki", "width": "10", "height": "10", "start": "empty", "seat": "blue"}


@pytest.fixture
def anna(make_user):
    return make_user("anna")


@pytest.fixture
def page(anna) -> Client:
    client = Client()
    client.force_login(anna)
    return client


def field_errors(html: str, field: str) -> list[str]:
    """The messages shown at a field (Django's error list of the field)."""
    found = re.search(rf'<ul class="errorlist" id="id_{field}_error">(.*?)</ul>', html, re.S)
    return re.findall(r"<li>(.*?)</li>", found.group(1)) if found else []


def radio_labels(html: str, field: str) -> dict[str, str]:
    """value → label of a field's radio buttons."""
    found = re.findall(
        rf'<input type="radio" name="{field}" value="([^"]*)" id="(id_{field}_\d+)"[^>]*> '
        r'<label for="\2">(.*?)</label>',
        html,
    )
    return {value: label for value, _id, label in found}


def test_the_opponent_is_the_cpu_at_a_level_or_a_player_normal_chosen_at_first(page):
    html = page.get("/games/new/?game=kropki").content.decode()
    assert radio_labels(html, "opponent") == {
        "cpu-easy": "CPU (easy)",
        "cpu-normal": "CPU (normal)",
        "cpu-strong": "CPU (strong)",
        "player": "A player",
    }
    assert re.search(r'value="cpu-normal" id="id_opponent_1" required checked', html)


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_choosing_the_cpu_at_a_level_starts_a_practice_game_at_that_level(page, level):
    answer = page.post("/games/new/", {**KROPKI, "opponent": f"cpu-{level}"})
    game = Game.objects.get()
    assert answer.status_code == 302 and answer["Location"] == f"/games/{game.pk}/"
    assert game.kind == Game.Kind.PRACTICE and game.cpu_level == level
    assert f"CPU ({level})" in page.get(answer["Location"]).content.decode()


def test_choosing_a_player_by_name_invites_them(page, make_user):
    bob = make_user("Bob")
    answer = page.post("/games/new/", {**KROPKI, "opponent": "player", "player": " bob "})
    game = Game.objects.get()
    assert answer.status_code == 302
    assert game.kind == Game.Kind.FRIENDLY and game.status == Game.Status.INVITED
    assert game.cpu_level == ""
    assert game.seats.get(seat="red").user == bob


def test_a_player_chosen_without_a_name_is_asked_for_at_the_name_field(page):
    answer = page.post("/games/new/", {**KROPKI, "opponent": "player", "player": " "})
    html = answer.content.decode()
    assert answer.status_code == 200
    assert field_errors(html, "player") == ["Type the username of the player to invite."]
    assert field_errors(html, "opponent") == []
    assert not Game.objects.exists()


def test_a_name_typed_with_the_cpu_chosen_is_questioned_at_the_name_field(page, make_user):
    make_user("bob")
    answer = page.post("/games/new/", {**KROPKI, "opponent": "cpu-strong", "player": "bob"})
    errors = field_errors(answer.content.decode(), "player")
    assert errors and "A player" in errors[0] and "leave this empty" in errors[0]
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("name", "message"),
    [("nobody-here", "no player called &#x27;nobody-here&#x27;"), ("anna", "invite somebody else")],
)
def test_a_player_who_cannot_be_invited_is_refused_at_the_name_field(page, name, message):
    answer = page.post("/games/new/", {**KROPKI, "opponent": "player", "player": name})
    html = answer.content.decode()
    assert field_errors(html, "player") == [message]
    assert 'aria-invalid="true"' in html[html.index('id="id_player"') - 400 :]
    assert f'value="{name}"' in html  # the name stays to be corrected
    assert not Game.objects.exists()


@pytest.mark.parametrize("opponent", ["cpu", "bob", "cpu-hard", ""])
def test_an_opponent_that_is_none_of_the_choices_is_refused_at_its_field(page, opponent):
    answer = page.post("/games/new/", {**KROPKI, "opponent": opponent})
    assert answer.status_code == 200
    assert field_errors(answer.content.decode(), "opponent")
    assert not Game.objects.exists()


def test_four_players_are_three_names_separated_by_commas(page, make_user):
    for name in ("bob", "carol", "dave"):
        make_user(name)
    html = page.get("/games/new/?game=quadramids").content.decode()
    assert radio_labels(html, "opponent")["player"] == "Invited players"
    assert "three usernames separated by commas" in html
    body = {"game": "quadramids", "players": "4", "figures": "16", "seat": "1"}
    answer = page.post("/games/new/", {**body, "opponent": "player", "player": "bob, carol,dave"})
    assert answer.status_code == 302, answer.content.decode()[:3000]
    game = Game.objects.get()
    assert [seat.user.username for seat in game.seats.all()] == ["anna", "bob", "carol", "dave"]
    too_few = page.post("/games/new/", {**body, "opponent": "player", "player": "bob, carol"})
    assert field_errors(too_few.content.decode(), "player") == [
        "this game needs 3 opponents; 2 given"
    ]


def test_four_players_against_the_cpu_play_it_at_the_level_chosen(page):
    body = {"game": "quadramids", "players": "4", "figures": "16", "seat": "1"}
    answer = page.post("/games/new/", {**body, "opponent": "cpu-easy"})
    assert answer.status_code == 302
    game = Game.objects.get()
    assert game.cpu_level == "easy" and game.seats.filter(user__isnull=True).count() == 3


def test_the_kropki_form_explains_express_extended_and_full(page):
    html = page.get("/games/new/?game=kropki").content.decode()
    labels = radio_labels(html, "format")
    assert labels[""] == "A single game to the end of the board"
    assert labels["express"] == (
        'Express<span class="help">Short games: in Kropki the game stops after 80 moves.</span>'
    )
    assert "the game stops after 160 moves" in labels["extended"]
    assert "240 moves" in labels["full"]


def test_a_format_chosen_on_the_form_is_the_games(page):
    answer = page.post("/games/new/", {**KROPKI, "opponent": "cpu-normal", "format": "express"})
    assert answer.status_code == 302
    assert Game.objects.get().format == "express"


def test_the_name_field_suggests_players_from_the_search_and_works_without_it(page):
    html = page.get("/games/new/?game=kropki").content.decode()
    name_input = re.search(r'<input type="text" name="player"[^>]*>', html).group(0)
    assert (
        'list="player-names"' in name_input and 'data-player-search="/api/players/"' in name_input
    )
    assert 'autocomplete="off"' in name_input
    assert '<datalist id="player-names"></datalist>' in html
    assert "js/player-names.js" in html
