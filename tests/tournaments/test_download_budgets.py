"""A championship's files cost the server to write: its CSV files are on the client's
budget of downloads, and each calendar feed on a budget per client; beyond it 429 with
Retry-After (the API's error shape, or a page for the feeds)."""

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import Plan
from tests.conftest import client_with_token
from tests.support.budgets import set_rates
from tests.support.championships import small_championship
from tournaments.models import Invitation

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


@pytest.fixture
def championship(make_user):
    return small_championship(make_user("olga", plan=Plan.PAID))


def assert_over_budget(answer) -> None:
    assert answer.status_code == 429, answer.content
    assert int(answer["Retry-After"]) >= 1


def test_championship_csv_files_beyond_the_budget_are_429(settings, championship):
    set_rates(settings, downloads="2/hour")
    visitor = Client()
    base = f"/api/championships/{championship.pk}"
    assert visitor.get(f"{base}/standings/?format=csv").status_code == 200
    assert visitor.get(f"{base}/games/?format=csv").status_code == 200
    refused = visitor.get(f"{base}/standings/?format=csv")
    assert_over_budget(refused)
    assert refused.json()["error"]["code"] == "throttled"
    assert refused.json()["error"]["details"]["retry_after"] == int(refused["Retry-After"])
    assert_over_budget(visitor.get(f"{base}/games/?format=csv"))
    # The same tables as JSON are the API's reads, not files: never on the budget.
    assert visitor.get(f"{base}/standings/").status_code == 200
    # Another client's budget is whole.
    assert Client(REMOTE_ADDR="203.0.113.9").get(f"{base}/games/?format=csv").status_code == 200


def test_a_championship_calendar_beyond_the_budget_is_429(settings, championship, make_user):
    set_rates(settings, calendars="2/hour")
    url = reverse("championship-calendar", args=[championship.pk])
    app = Client()
    assert [app.get(url).status_code for _ in range(2)] == [200, 200]
    refused = app.get(url)
    assert_over_budget(refused)
    assert "This calendar was read too often" in refused.content.decode()
    # Each calendar has a budget of its own for the client.
    other = small_championship(make_user("oskar", plan=Plan.PAID), name="Autumn Cup")
    assert app.get(reverse("championship-calendar", args=[other.pk])).status_code == 200


def test_a_players_calendar_feed_beyond_the_budget_is_429(settings, make_user):
    set_rates(settings, calendars="1/hour")
    feed = client_with_token(make_user("lena")).get("/api/accounts/me/calendar/").json()["url"]
    app = Client()
    assert app.get(feed).status_code == 200
    assert_over_budget(app.get(feed))


def test_championship_invitations_beyond_the_budget_are_429(settings, make_user):
    set_rates(settings, championship_invitations="2/hour")
    olga = make_user("olga", plan=Plan.PAID)
    guests = [make_user(name) for name in ("anna", "boris", "clara")]
    api = client_with_token(olga)
    created = api.post("/api/championships/", {"name": "Open", "game": "kropki"}, format="json")
    entries = f"/api/championships/{created.json()['id']}/entries/"
    for guest in guests[:2]:
        assert api.post(entries, {"username": guest.username}).status_code == 201
    # A wrong name costs nothing: it is refused for what it is, not for the budget.
    assert api.post(entries, {"username": "nobody-at-all"}).status_code == 400
    refused = api.post(entries, {"username": guests[2].username})
    assert_over_budget(refused)
    assert refused.json()["error"]["code"] == "throttled"
    assert not Invitation.objects.filter(player=guests[2]).exists()
