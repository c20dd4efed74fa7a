"""The new-game and championship forms offer each game's options as its declaration says."""

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import Plan
from games import registry
from games.catalog import BUILT_IN, game_name
from games.forms import new_game_form
from games.models import Game
from tests.conftest import TEST_PASSWORD
from tournaments.forms import ChampionshipForm, championship_options
from tournaments.models import Championship

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

BUILT_IN_GAMES = [game_name(package) for package in BUILT_IN]


def logged_in(user) -> Client:
    client = Client()
    assert client.login(username=user.username, password=TEST_PASSWORD)
    return client


def championship_data(game: str, **fields) -> dict:
    return {
        "name": "Option Cup",
        "game": game,
        "group_size": "4",
        "playoff_players_per_group": "2",
        "stage_format": "express",
        "playoff_format": "express",
        "points_system": "2-1-0",
        "tiebreak_1": "direct_encounter",
        "visibility": "public",
        **fields,
    }


@pytest.mark.parametrize("game", BUILT_IN_GAMES)
def test_the_new_game_form_offers_every_option_a_game_may_set_and_none_a_plan_sets(game):
    declared = registry.declaration(game)
    fields = new_game_form(game)().fields
    for option in declared.options:
        offered = option.in_games and option.from_plan is None  # what the rule means
        assert (option.name in fields) is offered, option.name


@pytest.mark.parametrize("game", BUILT_IN_GAMES)
def test_the_championship_form_offers_every_option_a_championship_may_set(game):
    form = ChampionshipForm()
    offered = {
        option.name for declared, option, _name in championship_options() if declared.name == game
    }
    for option in registry.declaration(game).options:
        wanted = option.in_championships and option.from_plan is None
        assert (option.name in offered) is wanted, option.name
    for _declared, _option, name in championship_options():
        assert name in form.fields


def test_a_kropki_championship_on_an_empty_board_is_created_from_the_page(make_user):
    # Before the forms were built from the declarations "no cross" was for the API only.
    organiser = make_user("organiser")
    answer = logged_in(organiser).post(
        reverse("championship-new"),
        championship_data("kropki", width="12", height="10", start="empty"),
    )
    assert answer.status_code == 302, answer.content.decode()[:2000]
    championship = Championship.objects.get()
    assert championship.options == {"width": 12, "height": 10, "start": "empty"}


def test_a_long_quadramids_championship_of_32_figures_is_created_from_the_page(make_user):
    organiser = make_user("organiser")
    answer = logged_in(organiser).post(
        reverse("championship-new"), championship_data("quadramids", figures="32")
    )
    assert answer.status_code == 302, answer.content.decode()[:2000]
    assert Championship.objects.get().options["figures"] == 32


def test_the_options_of_the_games_not_chosen_are_left_out_of_a_championship(make_user):
    organiser = make_user("organiser")
    data = championship_data("dots_and_boxes", columns="3", rows="4", width="30", figures="32")
    answer = logged_in(organiser).post(reverse("championship-new"), data)
    assert answer.status_code == 302
    assert Championship.objects.get().options == {"columns": 3, "rows": 4}


def test_a_free_organiser_is_told_at_the_variant_field_that_reverse_needs_the_paid_plan(
    make_user,
):
    organiser = make_user("organiser")
    answer = logged_in(organiser).post(
        reverse("championship-new"), championship_data("quadrotone", variant="reverse")
    )
    assert answer.status_code == 200
    html = answer.content.decode()
    assert 'id="id_variant_errors"' in html and "Q21" in html
    assert not Championship.objects.exists()


def test_turned_patterns_follow_the_creators_plan_not_the_request(make_user):
    paid = make_user("paid", plan=Plan.PAID)
    free = make_user("free")
    for creator, expected in ((paid, True), (free, False)):
        answer = logged_in(creator).post(
            "/games/new/",
            {"game": "quadrotone", "opponent": "cpu-normal", "variant": "main", "rotations": "on"},
        )
        assert answer.status_code == 302, answer.content.decode()[:2000]
        game = Game.objects.filter(created_by=creator).get()
        assert game.options["rotations"] is expected


def test_a_number_option_out_of_its_bounds_is_refused_at_its_field_with_the_bounds(alice):
    answer = logged_in(alice).post(
        "/games/new/", {"game": "kropki", "opponent": "cpu-normal", "width": "61", "height": "10"}
    )
    assert answer.status_code == 200
    html = answer.content.decode()
    assert "a whole number from 4 to 60" in html
    assert html.index("a whole number from 4 to 60") > html.index('id="id_width"')
    assert not Game.objects.exists()


def test_a_four_player_quadramids_game_against_the_cpu_starts_from_the_form(alice):
    answer = logged_in(alice).post(
        "/games/new/",
        {
            "game": "quadramids",
            "opponent": "cpu-normal",
            "players": "4",
            "figures": "16",
            "seat": "2",
        },
    )
    assert answer.status_code == 302, answer.content.decode()[:2000]
    game = Game.objects.get()
    assert game.options["players"] == 4 and game.seats.count() == 4


def test_a_bad_value_in_another_games_hidden_setting_does_not_block_the_championship(
    make_user,
):
    organiser = make_user("organiser")
    data = championship_data("dots_and_boxes", columns="3", rows="3", width="2", figures="7")
    answer = logged_in(organiser).post(reverse("championship-new"), data)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    assert Championship.objects.get().options == {"columns": 3, "rows": 3}


def test_a_bad_value_in_the_chosen_games_setting_is_shown_at_its_field(make_user):
    organiser = make_user("organiser")
    answer = logged_in(organiser).post(
        reverse("championship-new"), championship_data("kropki", width="2", height="10")
    )
    assert answer.status_code == 200
    assert 'id="id_width_errors"' in answer.content.decode()
    assert not Championship.objects.exists()
