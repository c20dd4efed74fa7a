"""The organisers' announcements: told to every entrant on the site and by e-mail, kept on
the championship's page; nobody else announces, and a bad text changes nothing."""

import pytest
from django.core import mail
from django.test import Client

from notifications.kinds import Kind
from notifications.models import Notification
from tests.conftest import client_with_token
from tests.support.budgets import set_rates
from tournaments import services
from tournaments.models import Announcement, Championship

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


@pytest.fixture
def organiser(make_user):
    return make_user("olga", email="olga@example.org")


@pytest.fixture
def championship(organiser, make_user) -> Championship:
    championship = services.create_championship(
        organiser=organiser, name="Autumn Cup", game="kropki", options={"width": 5, "height": 5}
    )
    for name in ("anna", "boris"):
        player = make_user(name, email=f"{name}@example.org")
        services.enter(championship.pk, by=player)
    return championship


def url(championship) -> str:
    return f"/api/championships/{championship.pk}/announcements/"


def announce(user, championship, text):
    return client_with_token(user).post(url(championship), {"text": text}, format="json")


def test_every_entrant_is_told_on_the_site_and_by_e_mail(organiser, championship):
    answer = announce(organiser, championship, "Round two starts at 18:00.\nGood luck!")
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert body["text"] == "Round two starts at 18:00.\nGood luck!" and body["by"] == "olga"

    told = Notification.objects.filter(kind=Kind.ANNOUNCEMENT)
    assert sorted(told.values_list("user__username", flat=True)) == ["anna", "boris"]
    assert sorted(message.to[0] for message in mail.outbox) == [
        "anna@example.org",
        "boris@example.org",
    ]
    assert "Autumn Cup, from olga: Round two starts at 18:00." in mail.outbox[0].subject


def test_the_championship_page_and_the_api_list_them_newest_first(organiser, championship):
    announce(organiser, championship, "First word")
    announce(organiser, championship, "Second <b>word</b>")
    listed = Client().get(url(championship)).json()
    assert [item["text"] for item in listed] == ["Second <b>word</b>", "First word"]
    page = Client().get(f"/championships/{championship.pk}/").content.decode()
    assert 'id="announcements"' in page
    assert "Second &lt;b&gt;word&lt;/b&gt;" in page and "<b>word</b>" not in page


def test_a_co_organiser_announces_too(organiser, championship, make_user):
    helper = make_user("helper")
    championship.co_organisers.add(helper)
    assert announce(helper, championship, "From the co-organiser").status_code == 201


def test_an_entrant_may_not_announce(championship):
    anna = championship.entries.get(player__username="anna").player
    answer = announce(anna, championship, "I am the organiser now")
    assert answer.status_code == 403
    assert not Announcement.objects.exists()
    assert not Notification.objects.filter(kind=Kind.ANNOUNCEMENT).exists()


def test_nobody_announces_logged_out_or_to_a_championship_that_is_not_there(championship):
    anonymous = Client().post(url(championship), {"text": "hi"}, content_type="application/json")
    assert anonymous.status_code == 401
    assert (
        client_with_token(championship.organiser)
        .post("/api/championships/987654/announcements/", {"text": "x"}, format="json")
        .status_code
        == 404
    )


@pytest.mark.parametrize(
    "text, field_error",
    [
        ("", "text"),
        ("   ", "text"),
        ("x" * 2001, "text"),
        ("bell \x07 rings", "text"),
        (["not", "text"], "text"),
    ],
)
def test_a_bad_text_is_refused_naming_the_field_and_changes_nothing(
    organiser, championship, text, field_error
):
    answer = announce(organiser, championship, text)
    assert answer.status_code == 400, answer.json()
    assert field_error in answer.json()["error"]["details"]
    assert not Announcement.objects.exists()
    assert mail.outbox == []


def test_announcements_have_a_budget(organiser, championship, settings):
    set_rates(settings, announcements="2/hour")
    assert announce(organiser, championship, "one").status_code == 201
    assert announce(organiser, championship, "two").status_code == 201
    third = announce(organiser, championship, "three")
    assert third.status_code == 429 and "Retry-After" in third
    assert Announcement.objects.count() == 2


def test_the_organise_page_sends_one(organiser, championship):
    client = Client()
    client.force_login(organiser)
    page = client.get(f"/championships/{championship.pk}/organise/")
    assert b'id="announce"' in page.content
    sent = client.post(
        f"/championships/{championship.pk}/announcements/",
        {"text": "See you at 18:00"},
        follow=True,
    )
    assert "Every entrant has been told." in sent.content.decode()
    assert Announcement.objects.get().text == "See you at 18:00"


def test_the_announcement_form_refuses_an_entrant_and_says_when_the_budget_is_spent(
    organiser, championship, settings
):
    anna = championship.entries.get(player__username="anna").player
    client = Client()
    client.force_login(anna)
    refused = client.post(f"/championships/{championship.pk}/announcements/", {"text": "Hi"})
    assert refused.status_code == 403
    set_rates(settings, announcements="1/hour")
    client.force_login(organiser)
    client.post(f"/championships/{championship.pk}/announcements/", {"text": "one"})
    over = client.post(
        f"/championships/{championship.pk}/announcements/", {"text": "two"}, follow=True
    )
    assert "Too many announcements" in over.content.decode()
    assert list(Announcement.objects.values_list("text", flat=True)) == ["one"]
