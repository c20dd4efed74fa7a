"""A championship's description, round deadline, schedule and move clock: in the API, the
create form and the championship page."""

import re
from datetime import UTC, timedelta

import pytest
from django.urls import reverse
from django.utils import formats, timezone, translation

from games.models import Game
from tournaments import services
from tournaments.models import Championship

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

CORRESPONDENCE = {"initial_s": None, "increment_s": 0.0, "move_s": 86400.0}
QUADROTONE_CLOCK = {"initial_s": 10800.0, "increment_s": 0.0, "move_s": 360.0}


def create(client, **fields):
    body = {"name": "Autumn Cup", "game": "kropki", **fields}
    return client.post("/api/championships/", body, format="json")


def ahead(**delta) -> str:
    return (timezone.now() + timedelta(**delta)).isoformat()


# -- defaults ---------------------------------------------------------------------------


def test_a_championship_has_a_week_a_round_and_24_hours_a_move_by_default(organiser_api):
    body = create(organiser_api).json()
    assert body["round_deadline_s"] == 7 * 86_400
    assert body["absent_after_s"] == 2 * 86_400
    assert body["time_control"] == CORRESPONDENCE
    assert (body["description"], body["starts_at"], body["entries_close_at"]) == ("", None, None)


def test_the_games_of_a_default_championship_get_24_hours_a_move(organiser, make_user):
    championship = services.create_championship(
        organiser=organiser, name="Slow Cup", game="kropki", options={"width": 5, "height": 5}
    )
    for name in ("anna", "boris"):
        services.enter(championship.pk, by=make_user(name))
    services.start(championship.pk, by=organiser)
    game = Game.objects.get(match__stage__championship=championship)
    assert game.time_control == CORRESPONDENCE
    assert game.deadline is not None


def test_a_game_whose_rules_fix_the_clock_keeps_its_own(organiser_api):
    assert create(organiser_api, game="quadrotone").json()["time_control"] == QUADROTONE_CLOCK
    # An explicit "no clock" changes nothing either: Q17 sets the clock.
    answer = create(organiser_api, game="quadrotone", time_control=None)
    assert answer.json()["time_control"] == QUADROTONE_CLOCK


def test_a_game_whose_rules_allow_only_some_limits_keeps_its_rules(organiser_api):
    # D6: 30 or 60 seconds a move, or no clock; 24 hours is not one of them.
    assert create(organiser_api, game="dots_and_boxes").json()["time_control"] is None
    chosen = create(organiser_api, game="dots_and_boxes", time_control={"move_s": 30})
    assert chosen.json()["time_control"]["move_s"] == 30.0


def test_no_clock_is_asked_for_with_null(organiser_api):
    answer = create(organiser_api, time_control=None)
    assert answer.status_code == 201
    assert answer.json()["time_control"] is None
    assert Championship.objects.get().time_control is None


def test_the_schema_says_what_leaving_the_clock_out_means(api):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    fields = schema["components"]["schemas"]["CreateChampionshipRequest"]["properties"]
    assert "24 hours a move" in fields["time_control"]["description"]
    assert "`null`: no clock" in fields["time_control"]["description"]
    assert fields["round_deadline_s"]["minimum"] == 60
    assert fields["starts_at"]["format"] == "date-time"


# -- the settings in the API ------------------------------------------------------------


def test_every_new_setting_is_taken_and_shown(organiser_api):
    starts, closes = ahead(days=10), ahead(days=9)
    answer = create(
        organiser_api,
        description="Line one\nLine two",
        round_deadline_s=60,
        absent_after_s=3600,
        starts_at=starts,
        entries_close_at=closes,
    )
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert body["description"] == "Line one\nLine two"
    assert (body["round_deadline_s"], body["absent_after_s"]) == (60, 3600)
    championship = Championship.objects.get()
    assert championship.starts_at.isoformat() == starts
    assert championship.entries_close_at.isoformat() == closes
    assert timezone.is_aware(championship.starts_at)


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"round_deadline_s": 59}, "round_deadline_s"),
        ({"round_deadline_s": 90 * 86_400 + 1}, "round_deadline_s"),
        ({"round_deadline_s": "60"}, "round_deadline_s"),
        ({"round_deadline_s": 60.5}, "round_deadline_s"),
        ({"absent_after_s": 0}, "absent_after_s"),
        ({"absent_after_s": True}, "absent_after_s"),
        ({"description": 5}, "description"),
        ({"description": "x" * 5001}, "description"),
        ({"starts_at": "tomorrow"}, "starts_at"),
        ({"starts_at": "2020-01-01T10:00:00Z"}, "starts_at"),
        ({"starts_at": "2999-01-01T10:00:00Z"}, "starts_at"),
        ({"entries_close_at": "2020-01-01T10:00:00Z"}, "entries_close_at"),
        ({"starts_at": ahead(days=2), "entries_close_at": ahead(days=3)}, "entries_close_at"),
        ({"time_control": {"move_s": 0}}, "time_control.move_s"),
        ({"name": "   "}, "name"),
    ],
)
def test_a_bad_setting_is_400_naming_it_and_nothing_is_saved(organiser_api, fields, field):
    answer = create(organiser_api, **fields)
    assert answer.status_code == 400, answer.content
    assert list(answer.json()["error"]["details"]) == [field]
    assert not Championship.objects.exists()


def test_a_time_without_an_offset_is_read_as_utc(organiser_api):
    moment = (timezone.now() + timedelta(days=2)).replace(microsecond=0, tzinfo=None)
    answer = create(organiser_api, starts_at=moment.isoformat())
    assert answer.status_code == 201, answer.content
    assert Championship.objects.get().starts_at == moment.replace(tzinfo=UTC)


# -- the create form ----------------------------------------------------------------------


def form_data(**fields):
    data = {
        "name": "Winter Cup",
        "game": "kropki",
        "width": "10",
        "height": "10",
        "group_size": "4",
        "playoff_players_per_group": "2",
        "stage_format": "express",
        "playoff_format": "full",
        "third_place": "on",
        "rated": "on",
        "clock": "default",
        "round_deadline_0": "7",
        "round_deadline_1": "86400",
        "absent_after_0": "2",
        "absent_after_1": "86400",
        "points_system": "2-1-0",
        "tiebreak_1": "direct_encounter",
        "visibility": "public",
    }
    data.update(fields)
    return data


def test_the_form_offers_the_new_settings_in_friendly_units(client, organiser):
    client.force_login(organiser)
    html = client.get(reverse("championship-new")).content.decode()
    for name in (
        "description", "starts_at", "entries_close_at", "round_deadline_0",
        "round_deadline_1", "absent_after_0", "clock",
    ):  # fmt: skip
        assert f'name="{name}"' in html, name
    assert 'type="datetime-local"' in html
    assert "Times are in UTC." in html
    assert re.search(r'name="round_deadline_0" value="7"', html)
    assert re.search(r'<option value="86400" selected>days</option>', html)
    assert re.search(r'name="clock" value="default"[^>]*checked', html)


def test_the_form_creates_a_championship_with_one_minute_rounds_for_a_test(client, organiser):
    client.force_login(organiser)
    starts = (timezone.now() + timedelta(days=3)).strftime("%Y-%m-%dT%H:%M")
    answer = client.post(
        reverse("championship-new"),
        form_data(
            description="Bring a friend.\nNo draws offered before move 20.",
            round_deadline_0="1",
            round_deadline_1="60",
            absent_after_0="3",
            absent_after_1="3600",
            starts_at=starts,
        ),
    )
    assert answer.status_code == 302, answer.content.decode()
    championship = Championship.objects.get()
    assert (championship.round_deadline_s, championship.absent_after_s) == (60, 3 * 3600)
    assert championship.description == "Bring a friend.\nNo draws offered before move 20."
    assert championship.starts_at.strftime("%Y-%m-%dT%H:%M") == starts
    assert championship.starts_at.utcoffset() == timedelta(0)
    assert championship.time_control == CORRESPONDENCE


def test_the_form_leaves_the_game_without_a_clock_when_asked(client, organiser):
    client.force_login(organiser)
    client.post(reverse("championship-new"), form_data(clock="none"))
    assert Championship.objects.get().time_control is None


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"round_deadline_0": "0", "round_deadline_1": "60"}, "round_deadline", "equal to 1"),
        ({"round_deadline_0": "91", "round_deadline_1": "86400"}, "round_deadline", "7776000"),
        ({"absent_after_0": "0"}, "absent_after", "greater than or equal to 1"),
        ({"starts_at": "2020-01-01T10:00"}, "starts_at", "a time in the future"),
        ({"starts_at": "soon"}, "starts_at", "Enter a valid date/time."),
        ({"clock": "default", "move_seconds": "30"}, "clock", "Choose the custom clock"),
        ({"clock": "custom"}, "initial_minutes", "needs a time per player or a time per move"),
        ({"description": "x" * 5001}, "description", "at most 5000 characters"),
    ],
)
def test_the_forms_refusals_are_shown_at_their_field(client, organiser, fields, field, message):
    client.force_login(organiser)
    answer = client.post(reverse("championship-new"), form_data(**fields))
    assert answer.status_code == 200
    assert not Championship.objects.exists()
    html = answer.content.decode()
    errors = re.search(rf'<ul class="errorlist" id="id_{field}_errors">(.*?)</ul>', html, re.S)
    assert errors is not None, html
    assert message in errors[1]


# -- the championship page ----------------------------------------------------------------


def page_text(response) -> str:
    html = response.content.decode()
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_page_shows_the_description_escaped_with_its_line_breaks(client, organiser):
    championship = services.create_championship(
        organiser=organiser,
        name="Autumn Cup",
        game="kropki",
        description="First line <b>bold?</b>\nSecond line",
    )
    html = client.get(championship.get_absolute_url()).content.decode()
    assert "First line &lt;b&gt;bold?&lt;/b&gt;<br>Second line" in html
    assert "<b>bold?</b>" not in html


def test_the_page_shows_the_round_deadline_and_the_schedule_in_utc_for_the_readers_clock(
    client, organiser
):
    starts = (timezone.now() + timedelta(days=20)).replace(
        hour=14, minute=30, second=0, microsecond=0
    )
    championship = services.create_championship(
        organiser=organiser,
        name="Autumn Cup",
        game="kropki",
        round_deadline_s=36 * 3600,
        starts_at=starts,
        entries_close_at=starts - timedelta(days=1),
    )
    content = page_text(client.get(championship.get_absolute_url()))
    assert "1 day 12 hours from the round's opening" in content
    assert "at most 1 day per move" in content
    shown = formats.date_format(starts, "DATETIME_FORMAT")
    assert f"{shown} UTC" in content
    assert "2:30 p.m." in shown  # English: the reader's language, read in UTC
    # The page's script shows the moment in the reader's own time zone.
    html = client.get(championship.get_absolute_url()).content.decode()
    assert f'<time datetime="{starts.isoformat()}" data-local data-zone="UTC">' in html
    assert "Entries close" in content


def test_the_schedule_is_in_the_readers_language(client, organiser, make_user):
    starts = (timezone.now() + timedelta(days=20)).replace(
        hour=14, minute=30, second=0, microsecond=0
    )
    championship = services.create_championship(
        organiser=organiser, name="Autumn Cup", game="kropki", starts_at=starts
    )
    client.force_login(make_user("reader", language="ru"))
    content = page_text(client.get(championship.get_absolute_url()))
    with translation.override("ru"):
        shown = formats.date_format(starts, "DATETIME_FORMAT")
    assert f"{shown} UTC" in content
    assert f"{starts.year} г. 14:30" in shown
