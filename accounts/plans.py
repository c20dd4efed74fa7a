"""What each plan allows: the one place that decides entitlements and limits."""

from datetime import datetime
from enum import StrEnum
from typing import Protocol

from django.utils import timezone

from accounts.models import Plan


class Entitlement(StrEnum):
    ROTATED_PATTERNS = "rotated_patterns"
    REVERSE_VARIANT = "reverse_variant"
    LARGE_CHAMPIONSHIPS = "large_championships"
    PRIVATE_CHAMPIONSHIPS = "private_championships"


PLAN_ENTITLEMENTS: dict[Plan, frozenset[Entitlement]] = {
    Plan.FREE: frozenset(),
    Plan.PAID: frozenset(Entitlement),
}

FREE_CHAMPIONSHIP_ENTRANT_LIMIT = 16


class PlanHolder(Protocol):
    plan: str
    plan_until: datetime | None


def effective_plan(account: PlanHolder | None, at: datetime | None = None) -> Plan:
    """The plan in force at `at` (now by default): a paid plan past its end is free."""
    if account is None or getattr(account, "plan", Plan.FREE) != Plan.PAID:
        return Plan.FREE
    until = account.plan_until
    if until is not None and until <= (at or timezone.now()):
        return Plan.FREE
    return Plan.PAID


def paid_until(account: PlanHolder | None, at: datetime | None = None) -> datetime | None:
    """The end of the paid plan in force, or None (free, or paid without end)."""
    if effective_plan(account, at) is Plan.PAID:
        return account.plan_until
    return None


def entitlements(account: PlanHolder | None, at: datetime | None = None) -> frozenset[Entitlement]:
    return PLAN_ENTITLEMENTS[effective_plan(account, at)]


def has_entitlement(
    account: PlanHolder | None, entitlement: Entitlement, at: datetime | None = None
) -> bool:
    return entitlement in entitlements(account, at)


def championship_entrant_limit(
    organiser: PlanHolder | None, at: datetime | None = None
) -> int | None:
    """How many entrants the organiser's championships may hold; None means no limit."""
    if has_entitlement(organiser, Entitlement.LARGE_CHAMPIONSHIPS, at):
        return None
    return FREE_CHAMPIONSHIP_ENTRANT_LIMIT
