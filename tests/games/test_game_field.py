"""The `game` fields take their games from the registry: a new game needs no migration."""

from io import StringIO

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.test import override_settings
from django.urls import resolve

from games import engines, registry
from games.api import CreateGameSerializer
from games.catalog import BUILT_IN
from games.models import Game
from ratings.models import Rating
from tests.support.mfa import log_in_with_second_factor
from tournaments.api import CreateChampionshipSerializer
from tournaments.forms import ChampionshipForm
from tournaments.models import Championship

FIFTH_GAME = "noughts_and_crosses"
MODELS_WITH_A_GAME = [Game, Championship, Rating]


@pytest.fixture
def fifth_game() -> str:
    """The game the test settings register beside the built-in ones (tests/settings.py):
    its package lives in tests/, and no migration or generic module names it."""
    assert registry.packages()[-1] == "tests.noughts_and_crosses"
    assert registry.names()[-1] == FIFTH_GAME
    return FIFTH_GAME


@pytest.fixture
def built_in_only():
    """The settings list the built-in games only, as the project's own settings do."""
    # Every view module is loaded first, as in a running server: a module that copied the
    # list at import would go on offering the game taken out.
    resolve("/api/ratings/kropki/")
    with override_settings(GAMES=BUILT_IN):
        yield
    # The engines follow the settings when the registry is next asked; ask it now, so a
    # later test that goes to an engine first finds the fifth game in play again.
    registry.load()


def _offered(model) -> list[str]:
    return [value for value, _title in model._meta.get_field("game").formfield().choices if value]


@pytest.mark.django_db
def test_registering_a_game_needs_no_migration_and_every_game_field_offers_it(fifth_game):
    for model in MODELS_WITH_A_GAME:
        assert fifth_game in _offered(model), model.__name__
    out = StringIO()
    # --check exits with status 1 when a migration would be written.
    call_command("makemigrations", "--check", "--dry-run", stdout=out)
    assert "No changes detected" in out.getvalue()


def test_the_migration_state_of_a_game_field_names_no_game():
    for model in MODELS_WITH_A_GAME:
        _name, _path, _args, kwargs = model._meta.get_field("game").deconstruct()
        assert "choices" not in kwargs, model.__name__
        assert not any(name in repr(kwargs) for name in engines.GAMES), model.__name__


def test_the_game_fields_offer_the_games_by_their_titles():
    assert dict(Game._meta.get_field("game").formfield().choices)["kropki"] == "Kropki (Dots)"
    assert dict(ChampionshipForm().fields["game"].choices)["dots_and_boxes"] == "Dots and Boxes"


@pytest.mark.parametrize("model", MODELS_WITH_A_GAME)
def test_a_row_of_an_unknown_game_fails_validation_naming_the_game(model):
    with pytest.raises(ValidationError) as refused:
        model(game="chess").full_clean()
    messages = refused.value.message_dict["game"]
    assert any("chess" in message and "kropki" in message for message in messages), messages


def test_a_newly_registered_game_passes_the_models_validation(fifth_game):
    for model in MODELS_WITH_A_GAME:
        row = model(game=fifth_game)
        assert row._meta.get_field("game").clean(fifth_game, row) == fifth_game


def test_the_api_and_the_championship_form_offer_a_registered_game(fifth_game):
    assert "game" not in _errors(CreateGameSerializer(data={"game": fifth_game}))
    assert "game" not in _errors(CreateChampionshipSerializer(data={"game": fifth_game}))
    assert fifth_game in dict(ChampionshipForm().fields["game"].choices)
    assert "game" in _errors(CreateGameSerializer(data={"game": "chess"}))
    assert "game" in _errors(CreateChampionshipSerializer(data={"game": "chess"}))


def test_the_api_and_the_championship_form_read_the_registry_when_asked(fifth_game, built_in_only):
    assert "game" in _errors(CreateGameSerializer(data={"game": fifth_game}))
    assert "game" in _errors(CreateChampionshipSerializer(data={"game": fifth_game}))
    assert fifth_game not in dict(ChampionshipForm().fields["game"].choices)
    assert fifth_game not in registry.names() and fifth_game not in engines.GAMES


def _errors(serializer) -> dict:
    serializer.is_valid()
    return serializer.errors


@pytest.mark.django_db
def test_the_leaderboard_of_a_newly_registered_game_is_found(api, fifth_game):
    assert api.get(f"/api/ratings/{fifth_game}/").json() == []
    assert api.get("/api/ratings/chess/").status_code == 404


@pytest.mark.django_db
def test_the_admin_filters_games_by_game_with_the_games_titles(client, make_user):
    boss = make_user("boss", staff=True, is_superuser=True)
    for name in ("kropki", "quadramids"):
        Game.objects.create(game=name, kind=Game.Kind.FRIENDLY, created_by=boss, snapshot=b"")
    log_in_with_second_factor(client, boss)  # the admin asks staff for it
    page = client.get("/admin/games/game/", {"game": "quadramids"})
    assert page.status_code == 200
    assert [game.game for game in page.context["cl"].result_list] == ["quadramids"]
    assert "Dots and Boxes" in page.content.decode()  # offered though no such game is stored
    add_form = client.get("/admin/tournaments/championship/add/").content.decode()
    assert 'value="quadrotone"' in add_form
