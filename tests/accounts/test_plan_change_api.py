"""Staff change plans; everybody else is refused; the change is recorded and shown."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import Plan, PlanChange

pytestmark = pytest.mark.django_db


def plan_url(username: str) -> str:
    return f"/api/accounts/{username}/plan/"


def test_staff_gives_a_paid_plan_with_an_end(staff_api, staff, player):
    until = timezone.now() + timedelta(days=30)
    response = staff_api.post(
        plan_url("player"), {"plan": "paid", "until": until.isoformat()}, format="json"
    )
    assert response.status_code == 200
    body = response.json()
    assert body["plan"] == "paid"
    assert body["entitlements"] == sorted(
        ["large_championships", "private_championships", "reverse_variant", "rotated_patterns"]
    )
    assert body["championship_entrant_limit"] is None
    player.refresh_from_db()
    assert player.plan == Plan.PAID
    assert abs(player.plan_until - until) < timedelta(seconds=1)
    change = PlanChange.objects.get(user=player)
    assert change.changed_by == staff
    assert change.plan == Plan.PAID


def test_paid_plan_shows_in_me_until_it_ends(staff_api, player_api, player):
    staff_api.post(plan_url("player"), {"plan": "paid"}, format="json")
    assert player_api.get("/api/accounts/me/").json()["plan"] == "paid"

    player.plan_until = timezone.now() - timedelta(minutes=1)
    player.save()
    me = player_api.get("/api/accounts/me/").json()
    assert me["plan"] == "free"
    assert me["plan_until"] is None
    assert me["entitlements"] == []


def test_back_to_free_drops_the_end(staff_api, player):
    staff_api.post(
        plan_url("player"),
        {"plan": "paid", "until": (timezone.now() + timedelta(days=3)).isoformat()},
        format="json",
    )
    response = staff_api.post(plan_url("player"), {"plan": "free"}, format="json")
    assert response.status_code == 200
    player.refresh_from_db()
    assert (player.plan, player.plan_until) == (Plan.FREE, None)
    assert PlanChange.objects.filter(user=player).count() == 2


def test_non_staff_cannot_change_a_plan(player_api, player):
    response = player_api.post(plan_url("player"), {"plan": "paid"}, format="json")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "permission_denied"
    player.refresh_from_db()
    assert player.plan == Plan.FREE
    assert not PlanChange.objects.exists()


def test_anonymous_cannot_change_a_plan(api, player):
    response = api.post(plan_url("player"), {"plan": "paid"}, format="json")
    assert response.status_code == 401


def test_unknown_user_is_404(staff_api):
    response = staff_api.post(plan_url("ghost"), {"plan": "paid"}, format="json")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"plan": "gold"}, "plan"),
        ({}, "plan"),
        ({"plan": "paid", "until": "next tuesday"}, "until"),
        ({"plan": "paid", "until": "2001-01-01T00:00:00Z"}, "until"),
        ({"plan": "free", "until": "2999-01-01T00:00:00Z"}, "until"),
    ],
    ids=["unknown-plan", "missing-plan", "unreadable-end", "end-in-the-past", "end-on-free-plan"],
)
def test_bad_plan_change_names_the_field_and_changes_nothing(staff_api, player, body, field):
    response = staff_api.post(plan_url("player"), body, format="json")
    assert response.status_code == 400
    assert list(response.json()["error"]["details"]) == [field]
    player.refresh_from_db()
    assert player.plan == Plan.FREE
    assert not PlanChange.objects.exists()
