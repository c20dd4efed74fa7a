"""A closed account (deactivated by staff, or deleted and left as a placeholder name) is
answered everywhere as a name nobody has: an invitation, a list of invitations, the
co-organisers, a friendly game's invitation and the player page give the same answer for
it as for a name that never existed, so nobody learns that the account was there."""

import pytest

from accounts.services.deletion import erase_account
from tests.conftest import client_with_token
from tournaments import services

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

NOBODY = "nobody-at-all"


@pytest.fixture
def closed(make_user) -> dict[str, str]:
    """The names of a deactivated account and of a deleted account's placeholder."""
    deactivated = make_user("sleeper")
    deactivated.is_active = False
    deactivated.save(update_fields=["is_active"])
    deleted = make_user("leaver")
    erase_account(deleted)
    deleted.refresh_from_db()
    assert deleted.username.startswith("deleted")
    return {"deactivated": deactivated.username, "deleted": deleted.username}


@pytest.fixture
def organiser(make_user):
    return make_user("olga")


@pytest.fixture
def organiser_api(organiser):
    return client_with_token(organiser)


@pytest.fixture
def championship(organiser):
    return services.create_championship(organiser=organiser, name="Cup", game="kropki")


def as_for_nobody(answer_for, name: str) -> None:
    """The answer for `name` is the answer for a name nobody has, with the name in it."""
    closed, nobody = answer_for(name), answer_for(NOBODY)
    assert closed.status_code == nobody.status_code != 500, closed.content
    assert closed.content.decode().replace(name, NOBODY) == nobody.content.decode()


KINDS = ["deactivated", "deleted"]


@pytest.mark.parametrize("kind", KINDS)
def test_an_invitation_to_a_closed_account_reads_as_to_nobody(
    organiser_api, championship, closed, kind
):
    url = f"/api/championships/{championship.pk}/entries/"
    as_for_nobody(
        lambda name: organiser_api.post(url, {"username": name}, format="json"), closed[kind]
    )


@pytest.mark.parametrize("kind", KINDS)
def test_a_list_of_invitations_answers_a_closed_account_as_nobody(
    organiser_api, championship, closed, kind
):
    url = f"/api/championships/{championship.pk}/entries/"
    as_for_nobody(
        lambda name: organiser_api.post(url, {"usernames": [name]}, format="json"), closed[kind]
    )


@pytest.mark.parametrize("kind", KINDS)
def test_naming_a_closed_account_co_organiser_reads_as_naming_nobody(
    organiser_api, championship, closed, kind
):
    url = f"/api/championships/{championship.pk}/"
    as_for_nobody(
        lambda name: organiser_api.patch(url, {"co_organisers": [name]}, format="json"),
        closed[kind],
    )
    created = lambda name: organiser_api.post(  # noqa: E731
        "/api/championships/",
        {"name": "Other Cup", "game": "kropki", "co_organisers": [name]},
        format="json",
    )
    as_for_nobody(created, closed[kind])


@pytest.mark.parametrize("kind", KINDS)
def test_a_friendly_game_with_a_closed_account_reads_as_with_nobody(organiser_api, closed, kind):
    as_for_nobody(
        lambda name: organiser_api.post(
            "/api/games/", {"game": "kropki", "opponent": name}, format="json"
        ),
        closed[kind],
    )


@pytest.mark.parametrize("kind", KINDS)
def test_a_closed_accounts_player_page_reads_as_nobodys(client, organiser_api, closed, kind):
    assert client.get(f"/players/{closed[kind]}/").status_code == 404
    assert organiser_api.get(f"/api/players/{closed[kind]}/").status_code == 404
