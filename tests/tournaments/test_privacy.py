"""A private championship is 404 to whoever may not see it, on every endpoint and page.

Only someone who may see it (organiser, entrant, staff) learns it exists; of those, one who
may not do what they ask still gets 403.
"""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import reverse

from accounts.models import Plan
from tests.conftest import TEST_PASSWORD, client_with_token
from tests.support.championships import invite_and_accept
from tests.support.mfa import log_in_with_second_factor, staff_as_their_token_brings_them
from tournaments import services
from tournaments.models import Championship
from tournaments.visibility import championship_visible_to, visible_championships

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

MISSING = 987654

API_READS = ["", "standings/", "bracket/", "games/"]
API_ACTIONS = [("post", "entries/"), ("delete", "entries/"), ("post", "start/")]
PAGES = ["championship", "championship-organise"]
PAGE_ACTIONS = ["championship-enter", "championship-withdraw", "championship-start"]


def logged_in(user) -> Client:
    client = Client()
    assert client.login(username=user.username, password=TEST_PASSWORD)
    return client


@pytest.fixture
def organiser(make_user):
    return make_user("olga", plan=Plan.PAID)


@pytest.fixture
def entrant(make_user):
    return make_user("anna")


@pytest.fixture
def stranger(make_user):
    return make_user("stranger")


@pytest.fixture
def private(organiser, entrant, make_user) -> Championship:
    championship = services.create_championship(
        organiser=organiser,
        name="Hidden Cup",
        game="kropki",
        options={"width": 5, "height": 5},
        rated=False,
        visibility="private",
    )
    invite_and_accept(championship, organiser, entrant, make_user("boris"))
    return championship


def test_the_organise_page_of_a_private_championship_is_404_to_an_outsider(private, stranger):
    client = logged_in(stranger)
    missing = client.get(reverse("championship-organise", args=[MISSING]))
    answer = client.get(reverse("championship-organise", args=[private.pk]))
    assert missing.status_code == 404
    assert answer.status_code == 404
    assert "Hidden Cup" not in answer.content.decode()


def test_the_organise_page_is_403_to_an_entrant_who_does_not_organise(private, entrant):
    assert (
        logged_in(entrant).get(reverse("championship-organise", args=[private.pk])).status_code
        == 403
    )


@pytest.mark.parametrize("name", PAGES)
def test_every_page_of_a_private_championship_is_404_to_a_stranger(private, stranger, name):
    assert logged_in(stranger).get(reverse(name, args=[private.pk])).status_code == 404


@pytest.mark.parametrize("name", PAGE_ACTIONS)
def test_every_page_action_on_a_private_championship_is_404_to_a_stranger(private, stranger, name):
    assert logged_in(stranger).post(reverse(name, args=[private.pk])).status_code == 404
    assert private.entries.count() == 2
    private.refresh_from_db()
    assert private.status == Championship.Status.REGISTRATION


@pytest.mark.parametrize("path", API_READS)
def test_every_api_read_of_a_private_championship_is_404_to_an_outsider(private, stranger, path):
    for client in (Client(), client_with_token(stranger)):
        missing = client.get(f"/api/championships/{MISSING}/{path}")
        answer = client.get(f"/api/championships/{private.pk}/{path}")
        assert (answer.status_code, answer.json()) == (404, missing.json())


@pytest.mark.parametrize(("method", "path"), API_ACTIONS)
def test_every_api_action_on_a_private_championship_is_404_to_a_stranger(
    private, stranger, method, path
):
    api = client_with_token(stranger)
    missing = getattr(api, method)(f"/api/championships/{MISSING}/{path}", {}, format="json")
    answer = getattr(api, method)(f"/api/championships/{private.pk}/{path}", {}, format="json")
    assert (answer.status_code, answer.json()) == (404, missing.json())
    assert private.entries.count() == 2


def test_an_entrant_who_does_not_organise_is_refused_with_403(private, entrant):
    api = client_with_token(entrant)
    assert api.post(f"/api/championships/{private.pk}/start/").status_code == 403
    others = {"username": "boris"}
    assert (
        api.post(f"/api/championships/{private.pk}/entries/", others, format="json").status_code
        == 403
    )
    assert (
        api.delete(f"/api/championships/{private.pk}/entries/", others, format="json").status_code
        == 403
    )
    private.refresh_from_db()
    assert private.status == Championship.Status.REGISTRATION and private.entries.count() == 2


@pytest.mark.parametrize("path", API_READS)
def test_an_entrant_reads_their_private_championship_through_the_api(private, entrant, path):
    assert (
        client_with_token(entrant).get(f"/api/championships/{private.pk}/{path}").status_code == 200
    )


def test_staff_see_a_private_championship_in_the_api_as_on_its_pages(private, make_user):
    staff = make_user("moderator", staff=True)
    browser = log_in_with_second_factor(Client(), staff)
    for name in PAGES:
        assert browser.get(reverse(name, args=[private.pk])).status_code == 200, name
    api = client_with_token(staff)
    for path in API_READS:
        assert api.get(f"/api/championships/{private.pk}/{path}").status_code == 200, path
    assert private.pk in [c["id"] for c in api.get("/api/championships/").json()]


def test_the_rule_for_one_championship_agrees_with_the_rule_for_lists(
    private, organiser, entrant, stranger, make_user
):
    """The game page checks one championship in Python, lists filter in SQL: the same rule."""
    public = services.create_championship(organiser=organiser, name="Open Cup", game="kropki")
    staff = make_user("staffer", staff=True)
    with_second_factor = staff_as_their_token_brings_them(make_user("moderator", staff=True))
    for viewer in (AnonymousUser(), stranger, entrant, organiser, staff, with_second_factor):
        listed = set(visible_championships(viewer).values_list("pk", flat=True))
        for championship in (private, public):
            assert championship_visible_to(championship, viewer) == (championship.pk in listed)
    assert not championship_visible_to(private, stranger)
    assert championship_visible_to(private, entrant)
    assert championship_visible_to(private, with_second_factor)
    assert not championship_visible_to(private, staff)  # no credential that passed it
