"""The demo accounts of `make demo` (its output ends with their passwords in sight), and
plans managed in the Django admin."""

import logging
import re
from datetime import timedelta
from io import StringIO

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.db import IntegrityError, transaction

from accounts.models import Plan, PlanChange, User
from tests.support.mfa import log_in_with_second_factor

pytestmark = pytest.mark.django_db


def run_demo() -> dict[str, str]:
    out = StringIO()
    call_command("demo", "--without-championship", stdout=out)
    return dict(re.findall(r"^\s+(\S+)\s+(\S+)\s+", out.getvalue(), flags=re.MULTILINE))


def test_demo_prints_passwords_that_log_in():
    passwords = run_demo()
    assert "admin" in passwords and len(passwords) >= 4
    for username, password in passwords.items():
        assert authenticate(username=username, password=password) is not None, username
    assert User.objects.get(username="admin").is_superuser


def test_demo_can_run_again_and_gives_new_passwords():
    first = run_demo()
    second = run_demo()
    assert set(first) == set(second)
    assert User.objects.count() == len(second)
    assert authenticate(username="admin", password=first["admin"]) is None
    assert authenticate(username="admin", password=second["admin"]) is not None


def test_demo_has_free_and_paid_players():
    run_demo()
    assert {Plan.FREE, Plan.PAID} <= set(User.objects.values_list("plan", flat=True))


def test_database_refuses_usernames_differing_only_in_case():
    User.objects.create_user(username="Mira", password="x-long-passphrase")
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create(username="mira")


def test_admin_lists_users_with_plans(client, make_user):
    admin = make_user("boss", staff=True, is_superuser=True)
    make_user("payer", plan=Plan.PAID)
    log_in_with_second_factor(client, admin)  # the admin asks staff for it
    response = client.get("/admin/accounts/user/?plan__exact=paid")
    assert response.status_code == 200
    assert b"payer" in response.content


def test_plan_changed_in_the_admin_is_recorded(client, make_user):
    admin = make_user("boss", staff=True, is_superuser=True)
    player = make_user("payer")
    log_in_with_second_factor(client, admin)  # the admin asks staff for it
    form = {
        "username": "payer",
        "email": "",
        "first_name": "",
        "last_name": "",
        "is_active": "on",
        "date_joined_0": player.date_joined.strftime("%Y-%m-%d"),
        "date_joined_1": player.date_joined.strftime("%H:%M:%S"),
        "plan": "paid",
        "plan_until_0": "2999-01-01",
        "plan_until_1": "00:00:00",
        "plan_changes-TOTAL_FORMS": "0",
        "plan_changes-INITIAL_FORMS": "0",
        "plan_changes-MIN_NUM_FORMS": "0",
        "plan_changes-MAX_NUM_FORMS": "1000",
    }
    response = client.post(f"/admin/accounts/user/{player.pk}/change/", form)
    assert response.status_code == 302, response.content.decode()[:3000]
    player.refresh_from_db()
    assert player.plan == Plan.PAID
    change = PlanChange.objects.get(user=player)
    assert change.changed_by == admin
    assert change.plan_until.year == 2999


@pytest.mark.django_db
@pytest.mark.usefixtures("embedded", "after_commit")
def test_the_demo_runs_a_cup_a_swiss_and_a_double_elimination_and_a_second_demo_adds_nothing(
    caplog,
):
    """One whole demo (it plays many games): what it makes, how it ends its output (the
    passwords in sight, last, not buried under a line per task its games ran), and that a
    second run adds nothing."""
    from games.models import Game
    from tournaments.models import Championship, Match

    caplog.set_level(logging.INFO)
    out = StringIO()
    call_command("demo", stdout=out)
    lines = out.getvalue().rstrip("\n").splitlines()
    accounts = User.objects.count()
    assert lines[-accounts - 2] == "Demo accounts (passwords are new on every run):"
    assert all(re.match(r"^  \S+ +\S+ +\S", line) for line in lines[-accounts - 1 : -1])
    assert lines[-1].startswith("Log in to the admin")
    assert lines[0].startswith("Demo Cup: http://")  # the championships come before
    assert not [record for record in caplog.records if record.name == "celery.app.trace"]
    assert logging.getLogger("celery.app.trace").level == logging.NOTSET  # as it was
    championship = Championship.objects.get(name="Demo Cup")
    assert championship.status == "groups"
    assert championship.entries.count() == 8
    finished = championship.stages.get(kind="groups").matches.filter(status="finished")
    assert finished.count() == 8  # two rounds of two groups of four
    assert f"Demo Cup: http://127.0.0.1:8000/championships/{championship.pk}/" in out.getvalue()
    playing = championship.stages.get(kind="groups").matches.filter(status="playing")
    assert playing.exists() and all(
        match.deadline - match.opened_at == timedelta(days=3) for match in playing
    )
    scheduled = Championship.objects.get(name="Demo Cup: next season")
    assert scheduled.status == Championship.Status.REGISTRATION
    assert scheduled.entries_close_at < scheduled.starts_at
    assert scheduled.entries.count() == 4 and scheduled.invitations.count() == 2
    swiss = Championship.objects.get(name="Demo Swiss")
    assert swiss.status == "swiss"
    assert swiss.entries.count() == 8
    rounds = swiss.stages.get(kind="swiss").matches
    assert rounds.filter(round=1, status="finished").count() == 4
    assert rounds.filter(round=2, status="playing").count() == 4  # the first round paired it
    double = Championship.objects.get(name="Demo Double Elimination")
    assert double.status == "double_elimination"
    bracket = double.stages.get(kind="double_elimination").matches
    assert bracket.filter(bracket="winners", round=1, status="finished").count() == 4
    assert bracket.filter(bracket="losers", status="playing").exists()
    arena = Championship.objects.get(name="Demo Arena")
    assert arena.status == "arena" and arena.arena_minutes == 720
    waves = arena.stages.get(kind="arena").matches
    assert waves.filter(round=1, status="finished").count() == 4  # the first wave played
    assert waves.filter(status="playing").exists()  # and everyone paired again
    for shown in (swiss, double, arena):
        assert f"{shown.name}: http://127.0.0.1:8000/championships/{shown.pk}/" in out.getvalue()
    made = (Championship.objects.count(), Match.objects.count(), Game.objects.count())
    call_command("demo", stdout=StringIO())
    assert (Championship.objects.count(), Match.objects.count(), Game.objects.count()) == made
