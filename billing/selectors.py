"""Reads of billing shared by the API, the pages and the reminders."""

from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db.models import Q, QuerySet

from accounts import plans
from accounts.models import Plan, User
from billing.models import Customer, Period, Subscription


def stripe_configured() -> bool:
    """Whether the site can talk to Stripe at all (the secret key is set)."""
    return bool(settings.STRIPE_SECRET_KEY)


def webhook_configured() -> bool:
    """Whether Stripe's events can be checked (the webhook's signing secret is set)."""
    return bool(settings.STRIPE_WEBHOOK_SECRET)


def price_of(period: Period) -> str:
    """The Stripe price id of a period, "" when none is set."""
    return {Period.MONTH: settings.STRIPE_PRICE_MONTH, Period.YEAR: settings.STRIPE_PRICE_YEAR}[
        Period(period)
    ]


def periods_on_sale() -> list[Period]:
    """The periods the paid plan can be bought for here; none without the Stripe keys.

    Without the webhook's secret nothing is sold: payments would never reach the plan.
    """
    if not (settings.STRIPE_SECRET_KEY and settings.STRIPE_WEBHOOK_SECRET):
        return []
    return [period for period in Period if price_of(period)]


def newest_customer(user: User) -> Customer | None:
    return Customer.objects.filter(user=user).order_by("-created_at", "-id").first()


def _renewing() -> Q:
    return Q(
        ended_at__isnull=True,
        status__in=Subscription.RENEWING_STATUSES,
        cancel_at_period_end=False,
    )


def live_subscription(user: User) -> Subscription | None:
    """A subscription of the user that has not ended (it may be set to end with its period)."""
    return (
        Subscription.objects.filter(user=user, ended_at__isnull=True)
        .exclude(status__in=["canceled", "incomplete_expired"])
        .order_by("-created_at", "-id")
        .first()
    )


def plan_renews(user: User) -> bool:
    """Whether a subscription will pay for the plan again when its period ends."""
    return Subscription.objects.filter(_renewing(), user=user).exists()


def accounts_renewing() -> QuerySet[Subscription]:
    """The users' ids of every renewing subscription."""
    return Subscription.objects.filter(_renewing()).values("user_id")


@dataclass(frozen=True)
class PlanSection:
    """What the account page shows of buying and managing the paid plan."""

    on_sale: list[Period]  # the periods that can be bought here (empty: not on sale)
    paid: bool  # the paid plan is in force
    paid_until: datetime | None
    renews: bool  # a subscription pays for it again at its end
    subscribed: bool  # a subscription that has not ended: buy nothing more, manage it
    has_customer: bool  # Stripe knows the player: the customer portal is open to them
    portal_open: bool  # the portal can be reached from here


def plan_section(user: User) -> PlanSection:
    has_customer = Customer.objects.filter(user=user).exists()
    return PlanSection(
        on_sale=periods_on_sale(),
        paid=plans.effective_plan(user) is Plan.PAID,
        paid_until=plans.paid_until(user),
        renews=plan_renews(user),
        subscribed=live_subscription(user) is not None,
        has_customer=has_customer,
        portal_open=has_customer and stripe_configured(),
    )
