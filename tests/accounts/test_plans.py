"""Entitlements follow the plan and its end; decided without a database."""

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from accounts import plans
from accounts.models import Plan
from accounts.plans import Entitlement

NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)


@dataclass
class Account:
    plan: str = Plan.FREE
    plan_until: datetime | None = None


def test_free_plan_has_no_entitlements():
    assert plans.entitlements(Account(), NOW) == frozenset()
    assert plans.effective_plan(Account(), NOW) is Plan.FREE


def test_paid_plan_without_end_has_every_entitlement():
    account = Account(plan=Plan.PAID)
    assert plans.entitlements(account, NOW) == {
        Entitlement.ROTATED_PATTERNS,
        Entitlement.REVERSE_VARIANT,
        Entitlement.LARGE_CHAMPIONSHIPS,
        Entitlement.PRIVATE_CHAMPIONSHIPS,
    }
    assert plans.paid_until(account, NOW) is None


def test_paid_plan_holds_until_its_end():
    account = Account(plan=Plan.PAID, plan_until=NOW + timedelta(days=1))
    assert plans.effective_plan(account, NOW) is Plan.PAID
    assert plans.paid_until(account, NOW) == NOW + timedelta(days=1)
    assert plans.has_entitlement(account, Entitlement.REVERSE_VARIANT, NOW)


def test_expired_paid_plan_is_free():
    account = Account(plan=Plan.PAID, plan_until=NOW)
    assert plans.effective_plan(account, NOW) is Plan.FREE
    assert plans.entitlements(account, NOW) == frozenset()
    assert plans.paid_until(account, NOW) is None


def test_an_end_date_on_a_free_plan_grants_nothing():
    account = Account(plan=Plan.FREE, plan_until=NOW + timedelta(days=30))
    assert plans.effective_plan(account, NOW) is Plan.FREE


def test_free_organisers_may_run_championships_of_16_entrants():
    assert plans.championship_entrant_limit(Account(), NOW) == 16


def test_paid_organisers_have_no_entrant_limit():
    assert plans.championship_entrant_limit(Account(plan=Plan.PAID), NOW) is None


def test_limit_returns_when_the_paid_plan_ends():
    account = Account(plan=Plan.PAID, plan_until=NOW - timedelta(seconds=1))
    assert plans.championship_entrant_limit(account, NOW) == 16


def test_no_account_is_treated_as_free():
    assert plans.entitlements(None, NOW) == frozenset()
