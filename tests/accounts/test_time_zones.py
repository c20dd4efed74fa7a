"""Everyone's own time: a player's time zone (chosen, or the browser's) for the dates the
pages show and read and the e-mails write; the API speaks UTC."""

from datetime import UTC, datetime

import pytest
from django.core import mail
from django.test import Client
from rest_framework.authtoken.models import Token

from accounts.services import deletion, personal_data_export
from tests.support.notices import e_mail_round_notice
from tournaments.models import Championship

pytestmark = pytest.mark.django_db

STARTS = datetime(2026, 12, 10, 17, 0, tzinfo=UTC)  # 18:00 in Warsaw, 02:00 next day in Tokyo


def api(user) -> Client:
    token, _ = Token.objects.get_or_create(user=user)
    return Client(headers={"Authorization": f"Token {token.key}"})


def browser(user=None, zone: str | None = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    if zone:
        client.cookies["tz"] = zone
    return client


def championship(organiser) -> Championship:
    return Championship.objects.create(
        name="Winter Cup", game="kropki", organiser=organiser, starts_at=STARTS
    )


def test_a_player_chooses_a_time_zone_by_the_api_and_reads_it_back(make_user):
    anna = make_user("anna")
    answer = api(anna).patch(
        "/api/accounts/me/", {"time_zone": "Asia/Tokyo"}, content_type="application/json"
    )
    assert answer.status_code == 200, answer.json()
    assert answer.json()["time_zone"] == "Asia/Tokyo"
    anna.refresh_from_db()
    assert anna.time_zone == "Asia/Tokyo"
    assert api(anna).get("/api/accounts/me/").json()["time_zone"] == "Asia/Tokyo"

    # Written as people write it: stored as the time zone database spells it.
    api(anna).patch(
        "/api/accounts/me/", {"time_zone": "europe/warsaw"}, content_type="application/json"
    )
    anna.refresh_from_db()
    assert anna.time_zone == "Europe/Warsaw"

    # Empty: follow the browser again.
    api(anna).patch("/api/accounts/me/", {"time_zone": ""}, content_type="application/json")
    anna.refresh_from_db()
    assert anna.time_zone == ""


@pytest.mark.parametrize("name", ["Mars/Olympus", "Europe/Warszawa", "posixrules", "x" * 200])
def test_an_unknown_time_zone_is_refused_naming_the_field_and_changes_nothing(make_user, name):
    anna = make_user("anna", time_zone="Europe/Warsaw")
    answer = api(anna).patch(
        "/api/accounts/me/", {"time_zone": name}, content_type="application/json"
    )
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert "time_zone" in error["details"], error
    anna.refresh_from_db()
    assert anna.time_zone == "Europe/Warsaw"


def test_the_language_is_chosen_by_the_api_too(make_user):
    anna = make_user("anna")
    chosen = api(anna).patch(
        "/api/accounts/me/", {"language": "pl"}, content_type="application/json"
    )
    assert chosen.status_code == 200 and chosen.json()["language"] == "pl"
    wrong = api(anna).patch(
        "/api/accounts/me/", {"language": "xx"}, content_type="application/json"
    )
    assert wrong.status_code == 400 and "language" in wrong.json()["error"]["details"]
    anna.refresh_from_db()
    assert anna.language == "pl"


def test_pages_show_dates_in_the_zone_the_browser_says_and_remember_it(make_user):
    reader = make_user("reader")
    page = browser(reader, "Asia/Tokyo").get(f"/championships/{championship(reader).pk}/")
    html = page.content.decode()
    assert 'data-zone="Asia/Tokyo"' in html
    assert "Dec. 11, 2026, 2 a.m. JST" in html
    reader.refresh_from_db()
    assert reader.browser_time_zone == "Asia/Tokyo"


def test_the_accounts_time_zone_wins_over_the_browsers(make_user):
    reader = make_user("reader", time_zone="Europe/Warsaw")
    page = browser(reader, "Asia/Tokyo").get(f"/championships/{championship(reader).pk}/")
    assert "Dec. 10, 2026, 6 p.m. CET" in page.content.decode()


def test_a_visitor_whose_browser_never_said_reads_utc(make_user):
    owner = make_user("owner")
    page = browser().get(f"/championships/{championship(owner).pk}/")
    assert "Dec. 10, 2026, 5 p.m. UTC" in page.content.decode()


def test_an_organiser_in_warsaw_enters_a_start_read_in_warsaw_time(make_user):
    organiser = make_user("organiser", plan="paid")
    answer = browser(organiser, "Europe/Warsaw").post(
        "/championships/new/",
        {
            "name": "Warsaw Open",
            "game": "kropki",
            "starts_at": "2026-12-10T18:00",
            "group_size": 4,
            "playoff_players_per_group": 2,
            "stage_format": "express",
            "playoff_format": "full",
            "points_system": "2-1-0",
            "visibility": "public",
        },
    )
    assert answer.status_code == 302, answer.content.decode()[:2000]
    created = Championship.objects.get(name="Warsaw Open")
    assert created.starts_at == STARTS


def test_the_api_speaks_utc_whatever_the_readers_zone(make_user):
    anna = make_user("anna", time_zone="Asia/Tokyo")
    client = api(anna)
    client.cookies["tz"] = "Asia/Tokyo"
    body = client.get(f"/api/championships/{championship(anna).pk}/").json()
    assert body["starts_at"] in ("2026-12-10T17:00:00Z", "2026-12-10T17:00:00+00:00")


@pytest.mark.usefixtures("embedded", "after_commit")
def test_e_mails_write_dates_in_the_readers_time_zone(make_user):
    for name, zone, shown in [
        ("kenji", "Asia/Tokyo", "Dec. 8, 2026, 11:30 p.m. JST"),
        ("ola", "", "Dec. 8, 2026, 3:30 p.m. CET"),  # the browser's, last seen in Warsaw
    ]:
        reader = make_user(
            name, email=f"{name}@example.org", time_zone=zone, browser_time_zone="Europe/Warsaw"
        )
        e_mail_round_notice(reader)
        assert shown in mail.outbox[-1].subject


def test_the_time_zones_are_personal_data_exported_and_erased(make_user):
    anna = make_user("anna", time_zone="Asia/Tokyo", browser_time_zone="Europe/Warsaw")
    exported = personal_data_export(anna)
    assert exported["profile"]["time_zone"] == "Asia/Tokyo"
    assert exported["profile"]["browser_time_zone"] == "Europe/Warsaw"
    deletion.erase_account(anna)
    anna.refresh_from_db()
    assert (anna.time_zone, anna.browser_time_zone) == ("", "")


def test_the_account_page_saves_a_time_zone_and_refuses_an_unknown_one(make_user):
    anna = make_user("anna")
    client = browser(anna)
    page = client.get("/account/")
    assert b'name="time_zone"' in page.content and b"Asia/Tokyo" in page.content
    client.post("/account/time-zone/", {"time_zone": "Asia/Tokyo"})
    anna.refresh_from_db()
    assert anna.time_zone == "Asia/Tokyo"
    refused = client.post("/account/time-zone/", {"time_zone": "Nowhere/Else"}, follow=True)
    assert "is no time zone" in refused.content.decode()
    anna.refresh_from_db()
    assert anna.time_zone == "Asia/Tokyo"
