"""Check-in: a window before the start in which entrants confirm; at the start whoever has
not is withdrawn and told, and the groups are drawn from those who did."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from freezegun import freeze_time

from notifications.kinds import Kind
from notifications.models import Notification
from tests.conftest import client_with_token
from tournaments import services
from tournaments.models import Championship, Entry, GroupMember

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

NAMES = ["anna", "boris", "clara"]


@pytest.fixture
def organiser(make_user):
    return make_user("olga")


@pytest.fixture
def starts():
    return (timezone.now() + timedelta(days=1)).replace(microsecond=0)


@pytest.fixture
def championship(organiser, make_user, starts) -> Championship:
    championship = services.create_championship(
        organiser=organiser,
        name="Autumn Cup",
        game="kropki",
        options={"width": 5, "height": 5},
        starts_at=starts,
        check_in_s=3600,
    )
    for name in NAMES:
        services.enter(championship.pk, by=make_user(name))
    return championship


def check_in(championship, name):
    player = Entry.objects.get(championship=championship, player__username=name).player
    return client_with_token(player).post(f"/api/championships/{championship.pk}/check-in/")


def test_an_entrant_checks_in_within_the_window(championship, starts):
    with freeze_time(starts - timedelta(minutes=30)):
        answer = check_in(championship, "anna")
        assert answer.status_code == 200, answer.json()
        assert answer.json()["username"] == "anna"
        again = check_in(championship, "anna")  # nothing changes
        assert again.json()["checked_in_at"] == answer.json()["checked_in_at"]


def test_check_in_before_its_window_says_when_it_opens(championship, starts):
    with freeze_time(starts - timedelta(hours=2)):
        answer = check_in(championship, "anna")
    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "check_in_not_open"
    assert not Entry.objects.filter(checked_in_at__isnull=False).exists()


def test_check_in_after_the_start_time_is_closed(championship, starts):
    with freeze_time(starts + timedelta(minutes=1)):
        answer = check_in(championship, "anna")
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "check_in_closed"


def test_only_entrants_check_in(championship, starts, make_user):
    stranger = make_user("stranger")
    with freeze_time(starts - timedelta(minutes=30)):
        answer = client_with_token(stranger).post(f"/api/championships/{championship.pk}/check-in/")
    assert answer.status_code == 403 and answer.json()["error"]["code"] == "not_an_entrant"


def test_a_championship_without_check_in_has_none(organiser, make_user):
    plain = services.create_championship(
        organiser=organiser, name="Plain", game="kropki", options={"width": 5, "height": 5}
    )
    anna = make_user("anna2")
    services.enter(plain.pk, by=anna)
    answer = client_with_token(anna).post(f"/api/championships/{plain.pk}/check-in/")
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "no_check_in"


def test_a_check_in_needs_a_start_time(organiser):
    answer = client_with_token(organiser).post(
        "/api/championships/",
        {"name": "No start", "game": "kropki", "check_in_s": 3600},
        format="json",
    )
    assert answer.status_code == 400
    assert "check_in_s" in answer.json()["error"]["details"]
    assert not Championship.objects.filter(name="No start").exists()


def test_at_the_start_the_absent_are_withdrawn_told_and_left_out_of_the_draw(
    championship, organiser, starts
):
    with freeze_time(starts - timedelta(minutes=30)):
        check_in(championship, "anna")
        check_in(championship, "boris")
    with freeze_time(starts):
        services.start(championship.pk, by=organiser)
    drawn = set(
        GroupMember.objects.filter(group__stage__championship=championship).values_list(
            "entry__player__username", flat=True
        )
    )
    assert drawn == {"anna", "boris"}
    told = Notification.objects.get(kind=Kind.CHECK_IN, user__username="clara")
    assert told.params["what"] == "missed"


def test_with_fewer_than_two_checked_in_nothing_starts_and_nobody_is_withdrawn(
    championship, organiser, starts
):
    with freeze_time(starts - timedelta(minutes=30)):
        check_in(championship, "anna")
    answer = client_with_token(organiser).post(f"/api/championships/{championship.pk}/start/")
    assert answer.status_code == 409
    assert championship.entries.count() == 3


def test_the_sweep_tells_the_entrants_once_when_check_in_opens(championship, starts):
    with freeze_time(starts - timedelta(hours=2)):
        services.sweep()
    assert not Notification.objects.filter(kind=Kind.CHECK_IN).exists()
    with freeze_time(starts - timedelta(minutes=50)):
        check_in(championship, "anna")
        services.sweep()
        services.sweep()
    told = Notification.objects.filter(kind=Kind.CHECK_IN)
    assert sorted(told.values_list("user__username", flat=True)) == ["boris", "clara"]
    assert told.first().url.endswith("#check-in")


def test_the_championship_page_offers_the_button_in_the_window(championship, starts):
    boris = Entry.objects.get(championship=championship, player__username="boris").player
    client = Client()
    client.force_login(boris)
    with freeze_time(starts - timedelta(minutes=30)):
        page = client.get(f"/championships/{championship.pk}/").content.decode()
        assert 'id="check-in"' in page and ">Check in</button>" in page
        done = client.post(f"/championships/{championship.pk}/check-in/", follow=True)
        assert "You have checked in" in done.content.decode()
    assert Entry.objects.get(pk=boris.entries.get().pk).checked_in_at is not None
