"""A championship's name and description: refused with control characters, and exported
(iCalendar, CSV, e-mail) escaped by each format, old names with line breaks included."""

import csv
import io
from datetime import timedelta

import icalendar
import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import Plan
from infrastructure.errors import DomainError
from tests.conftest import client_with_token
from tests.support.championships import small_championship
from tournaments import csv_exports
from tournaments.forms import ChampionshipForm
from tournaments.models import Championship

pytestmark = pytest.mark.django_db

INJECTION = "Cal\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:Free money\r\nEND:VEVENT"


@pytest.fixture
def organiser(make_user):
    return make_user("olga", plan=Plan.PAID)


def _create(client, **fields):
    body = {"name": "Spring Cup", "game": "kropki", "options": {"width": 5, "height": 5}}
    return client.post("/api/championships/", {**body, **fields}, format="json")


@pytest.mark.parametrize(
    "name", [INJECTION, "Cup\x00", "Cup\x1b[2J", "Cup\u2028Two", "Cup\u202egnp.exe", "A\tB"]
)
def test_a_control_character_in_a_name_is_400_naming_the_field(organiser, name):
    answer = _create(client_with_token(organiser), name=name)
    assert answer.status_code == 400, answer.content
    error = answer.json()["error"]
    assert error["code"] == "invalid"
    assert list(error["details"]) == ["name"]
    assert error["message"].startswith("name: ")
    assert not Championship.objects.exists()


def test_a_control_character_in_an_edit_is_400_and_changes_nothing(organiser):
    championship = small_championship(organiser)
    client = client_with_token(organiser)
    url = f"/api/championships/{championship.pk}/"
    for field, value in (("name", "New\nname"), ("description", "Bell\x07")):
        answer = client.patch(url, {field: value}, format="json")
        assert answer.status_code == 400
        assert list(answer.json()["error"]["details"]) == [field]
    championship.refresh_from_db()
    assert (championship.name, championship.description) == ("Spring Cup", "")


def test_a_line_break_is_allowed_in_a_description(organiser):
    description = "Prizes:\n\t1st: a book\r\n2nd: a pen"
    answer = _create(client_with_token(organiser), description=description)
    assert answer.status_code == 201, answer.content
    assert answer.json()["description"] == description
    refused = _create(client_with_token(organiser), description="Prizes\u202e")
    assert list(refused.json()["error"]["details"]) == ["description"]


def test_the_service_refuses_what_no_form_or_serializer_stopped(organiser):
    with pytest.raises(DomainError) as refused:
        small_championship(organiser, name="Cup\r\nX")
    assert refused.value.field == "name"


def test_the_page_form_shows_a_line_break_in_a_name_at_the_field():
    form = ChampionshipForm(data={"name": "Cup\nTwo", "description": "Line\nbreaks kept"})
    form.is_valid()
    assert "name" in form.errors and "description" not in form.errors
    assert "one line" in form.errors["name"][0]


def _calendar(championship) -> bytes:
    answer = Client().get(reverse("championship-calendar", args=[championship.pk]))
    assert answer.status_code == 200, answer.content
    return answer.content


def test_a_calendar_escapes_a_name_with_icalendar_syntax(organiser):
    name = "Cup; round one, \\ the final"
    starts = timezone.now() + timedelta(days=3)
    championship = small_championship(organiser, name=name, starts_at=starts)
    body = _calendar(championship)
    assert b"X-WR-CALNAME:Cup\\; round one\\, \\\\ the final\r\n" in body
    document = icalendar.Calendar.from_ical(body)
    [event] = document.walk("VEVENT")
    assert str(event["summary"]) == f"{name} starts"


def test_an_old_name_with_a_line_break_does_not_break_the_calendar(organiser):
    starts = timezone.now() + timedelta(days=3)
    championship = small_championship(organiser, starts_at=starts)
    # Written before names were checked: straight into the table.
    Championship.objects.filter(pk=championship.pk).update(name=INJECTION + "\x07\u2029")
    body = _calendar(championship)
    lines = body.split(b"\r\n")
    assert lines.count(b"BEGIN:VEVENT") == 1 and lines.count(b"END:VEVENT") == 1
    assert not any(line.startswith(b"SUMMARY:Free") for line in lines)
    [event] = icalendar.Calendar.from_ical(body).walk("VEVENT")
    assert str(event["summary"]) == (
        "Cal END:VEVENT BEGIN:VEVENT SUMMARY:Free money END:VEVENT starts"
    )


def test_a_csv_cell_keeps_its_line_breaks_quoted_and_drops_control_characters():
    text = csv_exports.write(["a", "b"], [['one\ntwo, "three"\x1b', "=1+1"]])
    assert list(csv.reader(io.StringIO(text))) == [["a", "b"], ['one\ntwo, "three"', "'=1+1"]]
