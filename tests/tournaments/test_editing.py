"""The organiser changes the settings before the start, checked as at creation and logged."""

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import Plan
from tests.conftest import client_with_token
from tests.support.championships import invite_and_accept
from tournaments import services
from tournaments.models import Championship, Decision

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


@pytest.fixture
def organiser(make_user):
    return make_user("olga")


@pytest.fixture
def championship(organiser) -> Championship:
    return services.create_championship(
        organiser=organiser, name="Autumn Cup", game="kropki", options={"width": 8, "height": 8}
    )


def edit(client, championship, **changes):
    return client.patch(f"/api/championships/{championship.pk}/", changes, format="json")


def settings_of(championship) -> dict:
    fresh = Championship.objects.get(pk=championship.pk)
    return services.creation.current_settings(fresh)


def edits(championship):
    return list(Decision.objects.filter(championship=championship, action=Decision.Action.EDITED))


# -- the API ------------------------------------------------------------------------------


def test_the_organiser_changes_some_settings_and_the_log_keeps_before_and_after(
    organiser_api, championship, organiser
):
    starts = (timezone.now() + timedelta(days=5)).replace(microsecond=0)
    answer = edit(
        organiser_api,
        championship,
        name="Autumn Open",
        round_deadline_s=120,
        group_size=4,  # as it was: not a change
        starts_at=starts.isoformat(),
    )
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert (body["name"], body["round_deadline_s"]) == ("Autumn Open", 120)
    [decision] = edits(championship)
    assert decision.by == organiser
    assert decision.before == {
        "name": "Autumn Cup",
        "round_deadline_s": 7 * 86_400,
        "starts_at": None,
    }
    assert decision.after == {
        "name": "Autumn Open",
        "round_deadline_s": 120,
        "starts_at": starts.isoformat(),
    }
    assert settings_of(championship)["options"] == {"width": 8, "height": 8}


def test_an_edit_that_changes_nothing_is_not_logged(organiser_api, championship):
    assert edit(organiser_api, championship, name="Autumn Cup").status_code == 200
    assert edit(organiser_api, championship).status_code == 200
    assert edits(championship) == []


def test_the_clock_is_removed_with_null_and_kept_when_left_out(organiser_api, championship):
    assert edit(organiser_api, championship, rated=False).json()["time_control"]["move_s"] == 86400
    assert edit(organiser_api, championship, time_control=None).json()["time_control"] is None


def test_changing_the_game_takes_the_new_games_options_and_clock(organiser_api, championship):
    answer = edit(organiser_api, championship, game="quadrotone")
    assert answer.status_code == 200, answer.content
    assert answer.json()["time_control"] == {
        "initial_s": 10800.0,
        "increment_s": 0.0,
        "move_s": 360.0,
    }
    assert "width" not in answer.json()["options"]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"round_deadline_s": 59}, "round_deadline_s"),
        ({"absent_after_s": 10**9}, "absent_after_s"),
        ({"playoff_players_per_group": 5}, "playoff_players_per_group"),
        ({"group_size": 1}, "group_size"),
        ({"options": {"width": 2}}, "options.width"),
        ({"time_control": {"move_s": -1}}, "time_control.move_s"),
        ({"starts_at": "2020-01-01T00:00:00Z"}, "starts_at"),
        ({"description": ["text"]}, "description"),
        ({"name": ""}, "name"),
        ({"tiebreaks": ["coin"]}, "tiebreaks"),
        ({"game": "go"}, "game"),
    ],
)
def test_a_bad_change_is_400_naming_the_field_and_changes_nothing(
    organiser_api, championship, changes, field
):
    before = settings_of(championship)
    answer = edit(organiser_api, championship, **changes)
    assert answer.status_code == 400, answer.content
    assert list(answer.json()["error"]["details"]) == [field]
    assert settings_of(championship) == before
    assert edits(championship) == []


def test_entries_closing_after_the_start_is_refused_as_at_creation(organiser_api, championship):
    starts = timezone.now() + timedelta(days=2)
    assert edit(organiser_api, championship, starts_at=starts.isoformat()).status_code == 200
    late = (starts + timedelta(hours=1)).isoformat()
    answer = edit(organiser_api, championship, entries_close_at=late)
    assert answer.status_code == 400
    assert list(answer.json()["error"]["details"]) == ["entries_close_at"]


def test_going_private_needs_the_paid_plan_as_at_creation(organiser_api, championship):
    answer = edit(organiser_api, championship, visibility="private")
    assert answer.status_code == 403
    assert list(answer.json()["error"]["details"]) == ["visibility"]
    assert settings_of(championship)["visibility"] == "public"


def test_an_option_an_entrants_plan_does_not_allow_is_refused(make_user):
    paid = make_user("paula", plan=Plan.PAID)
    championship = services.create_championship(organiser=paid, name="Tiles", game="quadrotone")
    services.enter(championship.pk, by=make_user("fred"))
    answer = edit(client_with_token(paid), championship, options={"variant": "reverse"})
    assert answer.status_code == 403
    assert list(answer.json()["error"]["details"]) == ["options.variant"]
    assert "fred" in answer.json()["error"]["message"]
    assert settings_of(championship)["options"].get("variant") != "reverse"


def test_only_the_organiser_edits(championship, make_user, api):
    entrant = make_user("anna")
    services.enter(championship.pk, by=entrant)
    staff = make_user("moderator", staff=True)
    before = settings_of(championship)
    for client in (client_with_token(entrant), client_with_token(staff)):
        assert edit(client, championship, name="Mine").status_code == 403
    assert edit(api, championship, name="Mine").status_code == 401
    assert settings_of(championship) == before and edits(championship) == []


def test_a_private_championship_is_404_to_an_outsider_who_edits(make_user):
    owner = make_user("paula", plan=Plan.PAID)
    private = services.create_championship(
        organiser=owner, name="Hidden", game="kropki", visibility="private"
    )
    stranger = client_with_token(make_user("stranger"))
    missing = stranger.patch("/api/championships/987654/", {"name": "x"}, format="json")
    answer = edit(stranger, private, name="x")
    assert (answer.status_code, answer.json()) == (404, missing.json())


def test_after_the_start_the_settings_are_409(organiser_api, championship, organiser, make_user):
    invite_and_accept(championship, organiser, make_user("anna"), make_user("boris"))
    services.start(championship.pk, by=organiser)
    before = settings_of(championship)
    answer = edit(organiser_api, championship, name="Too late")
    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "already_started"
    assert settings_of(championship) == before


# -- the page ----------------------------------------------------------------------------


def edit_page(championship) -> str:
    return reverse("championship-edit", args=[championship.pk])


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_organise_page_links_to_the_edit_page(championship, organiser):
    html = logged_in(organiser).get(reverse("championship-organise", args=[championship.pk]))
    assert f'href="{edit_page(championship)}"' in html.content.decode()


def test_the_edit_page_is_the_create_form_with_the_settings_filled_in(championship, organiser):
    services.edit_championship(
        championship.pk,
        by=organiser,
        description="Be kind.",
        round_deadline_s=3 * 3600,
        time_control={"initial_s": 300, "increment_s": 2},
        tiebreaks=["wins", "lots"],
    )
    answer = logged_in(organiser).get(edit_page(championship))
    assert answer.status_code == 200
    html = answer.content.decode()
    assert 'name="name" value="Autumn Cup"' in html
    assert re.search(r'<textarea name="description"[^>]*>\s*Be kind.</textarea>', html)
    assert 'name="round_deadline_0" value="3"' in html
    assert re.search(r'name="round_deadline_1"[^>]*>.*?<option value="3600" selected>', html, re.S)
    assert re.search(r'name="clock" value="custom"[^>]*checked', html)
    assert (
        'name="initial_minutes" value="5.0"' in html or 'name="initial_minutes" value="5"' in html
    )
    assert re.search(r'name="width" value="8"', html)
    assert re.search(r'<select name="tiebreak_1".*?<option value="wins" selected>', html, re.S)
    assert "Save the changes" in html


def test_saving_the_edit_page_changes_the_settings_and_logs_them(championship, organiser):
    client = logged_in(organiser)
    form = {
        "name": "Autumn Open",
        "game": "kropki",
        "width": "8",
        "height": "8",
        "description": "Now with a description.",
        "group_size": "4",
        "playoff_players_per_group": "2",
        "stage_format": "express",
        "playoff_format": "full",
        "third_place": "on",
        "rated": "on",
        "clock": "default",
        "round_deadline_0": "1",
        "round_deadline_1": "60",
        "absent_after_0": "2",
        "absent_after_1": "86400",
        "points_system": "2-1-0",
        "tiebreak_1": "direct_encounter",
        "tiebreak_2": "sonneborn_berger",
        "tiebreak_3": "wins",
        "tiebreak_4": "game_score_difference",
        "tiebreak_5": "lots",
        "visibility": "public",
    }
    answer = client.post(edit_page(championship), form)
    assert answer.status_code == 302, answer.content.decode()
    assert answer["Location"] == reverse("championship-organise", args=[championship.pk])
    [decision] = edits(championship)
    assert set(decision.after) == {"name", "description", "round_deadline_s"}
    assert decision.after["round_deadline_s"] == 60

    refused = client.post(edit_page(championship), {**form, "playoff_players_per_group": "9"})
    assert refused.status_code == 200
    assert "The settings were not changed." in refused.content.decode()
    assert len(edits(championship)) == 1


def test_the_edit_page_is_for_the_organiser_only(championship, make_user):
    assert Client().get(edit_page(championship)).status_code == 302
    assert logged_in(make_user("anna")).get(edit_page(championship)).status_code == 403
    staff = make_user("moderator", staff=True)
    assert logged_in(staff).get(edit_page(championship)).status_code == 403
    assert logged_in(staff).post(edit_page(championship), {"name": "x"}).status_code == 403
    assert settings_of(championship)["name"] == "Autumn Cup"


def test_the_edit_page_of_a_private_championship_is_404_to_a_stranger(make_user):
    owner = make_user("paula", plan=Plan.PAID)
    private = services.create_championship(
        organiser=owner, name="Hidden", game="kropki", visibility="private"
    )
    assert logged_in(make_user("stranger")).get(edit_page(private)).status_code == 404


def test_after_the_start_the_edit_page_sends_the_organiser_back(championship, organiser, make_user):
    invite_and_accept(championship, organiser, make_user("anna"), make_user("boris"))
    services.start(championship.pk, by=organiser)
    answer = logged_in(organiser).get(edit_page(championship), follow=True)
    assert answer.redirect_chain[-1][0] == reverse("championship-organise", args=[championship.pk])
    assert "can no longer be changed" in answer.content.decode()
