"""The search that suggests players to invite on the new-game page: names that begin as
typed, names only, never a guest or a deleted account; for players logged in, on a budget."""

import pytest
from django.utils import timezone

from accounts import guests
from tests.conftest import client_with_token

pytestmark = pytest.mark.django_db

SEARCH = "/api/players/"


def names(response) -> list[str]:
    assert response.status_code == 200, response.content
    return [row["username"] for row in response.json()]


def test_player_search_finds_names_beginning_as_typed_in_any_letter_case(player_api, make_user):
    for name in ("Anna", "annika", "Boris", "hanna"):
        make_user(name)
    assert names(player_api.get(SEARCH, {"search": "ann"})) == ["Anna", "annika"]
    assert names(player_api.get(SEARCH, {"search": "ＡＮＮ"})) == ["Anna", "annika"]
    assert names(player_api.get(SEARCH, {"search": "anna"})) == ["Anna"]
    assert names(player_api.get(SEARCH, {"search": "x"})) == []


def test_player_search_leaves_out_the_player_asking(player_api, make_user):
    make_user("players-friend")
    assert names(player_api.get(SEARCH, {"search": "player"})) == ["players-friend"]


def test_player_search_shows_a_name_and_its_page_and_nothing_private(player_api, make_user):
    make_user("anna", email="anna@example.org", first_name="Anna", last_name="Kowalska")
    found = player_api.get(SEARCH, {"search": "an"})
    assert found.json() == [{"username": "anna", "page": "http://testserver/players/anna/"}]
    assert "example.org" not in found.content.decode()
    assert "Kowalska" not in found.content.decode()


def test_player_search_leaves_out_guests_deleted_and_inactive_accounts(player_api, make_user):
    make_user("anna")
    make_user("anton", is_active=False)
    make_user("andrea").__class__.objects.filter(username="andrea").update(
        deleted_at=timezone.now()
    )
    guest = guests.create_guest()
    assert names(player_api.get(SEARCH, {"search": "an"})) == ["anna"]
    assert names(player_api.get(SEARCH, {"search": guest.username[:8]})) == []


def test_player_search_answers_ten_names_at_most_alphabetically(player_api, make_user):
    for number in range(12, 0, -1):
        make_user(f"kropki{number:02}")
    found = names(player_api.get(SEARCH, {"search": "kropki"}))
    assert found == [f"kropki{number:02}" for number in range(1, 11)]


def test_player_search_takes_a_wildcard_as_a_letter(player_api, make_user):
    make_user("anna")
    make_user("a_b")
    assert names(player_api.get(SEARCH, {"search": "a_"})) == ["a_b"]
    assert names(player_api.get(SEARCH, {"search": "%"})) == []


@pytest.mark.parametrize("search", ["", "   ", "a" * 151])
def test_player_search_refuses_an_empty_or_too_long_search_naming_the_field(player_api, search):
    refused = player_api.get(SEARCH, {"search": search})
    assert refused.status_code == 400
    assert list(refused.json()["error"]["details"]) == ["search"]


def test_player_search_with_a_nul_character_is_refused(player_api):
    assert player_api.get(SEARCH, {"search": "an\x00"}).status_code == 400


def test_player_search_without_the_parameter_is_refused_naming_it(player_api):
    refused = player_api.get(SEARCH)
    assert refused.status_code == 400
    assert list(refused.json()["error"]["details"]) == ["search"]


def test_player_search_is_for_players_logged_in(api, make_user):
    make_user("anna")
    assert api.get(SEARCH, {"search": "an"}).status_code == 401


def test_player_search_is_not_for_guests(make_user):
    make_user("anna")
    refused = client_with_token(guests.create_guest()).get(SEARCH, {"search": "an"})
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "guest_account"


def test_player_search_works_with_the_sites_session(client, player, make_user):
    make_user("anna")
    client.force_login(player)
    assert names(client.get(SEARCH, {"search": "an"})) == ["anna"]


def test_player_search_is_throttled_per_account_with_429(player_api, make_user, settings):
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**rates, "player_search": "3/minute"},
    }
    for _attempt in range(3):
        assert player_api.get(SEARCH, {"search": "an"}).status_code == 200
    refused = player_api.get(SEARCH, {"search": "an"})
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    # Another player has a budget of their own.
    assert client_with_token(make_user("boris")).get(SEARCH, {"search": "an"}).status_code == 200
