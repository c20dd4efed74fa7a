"""Stripe's events, applied to the plans: each once, in whatever order they come.

The events carry everything needed, so nothing here calls Stripe back:
- `checkout.session.completed` ties the Stripe customer (and the subscription) to the
  account named by `client_reference_id`;
- `invoice.paid` makes the plan paid until the end of the period paid for
  (`lines.data[0].period.end`);
- `customer.subscription.updated` says whether the subscription renews;
- `customer.subscription.deleted` ends the plan where the subscription ended.

An event's id is kept once handled, so a replay changes nothing. Stripe does not promise
the order of its events, so none of them undoes what a later one did: a paid period only
ever moves the plan's end later, an ended subscription stays ended (and pays for nothing
after its end), and a subscription's older update arriving late is not applied. The
subscription's metadata names the account too, so an invoice that comes before the
checkout's completion still finds it. Every plan change is `accounts.services.change_plan`
with no `changed_by`: Stripe made it.
"""

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts import plans
from accounts.models import Plan, User
from accounts.services import change_plan
from billing.models import Customer, StripeEvent, Subscription

logger = logging.getLogger(__name__)

ENDED_STATUSES = frozenset({"canceled", "incomplete_expired"})


@dataclass(frozen=True)
class Outcome:
    """What an event did, in a few words for the log and the admin."""

    text: str
    user: User | None = None
    changed: bool = False


REPLAYED = Outcome("already handled: nothing changed")
IGNORED = Outcome("not an event the site uses: ignored")


def _dig(value: Any, *path: str | int) -> Any:
    """The value at `path` in nested dicts and lists, or None where any step is missing."""
    for step in path:
        if isinstance(step, int):
            value = value[step] if isinstance(value, list) and len(value) > step else None
        else:
            value = value.get(step) if isinstance(value, dict) else None
        if value is None:
            return None
    return value


def _id(value: Any) -> str | None:
    """A Stripe object's id, whether the event gives the id or the whole object."""
    if isinstance(value, dict):
        value = value.get("id")
    return value if isinstance(value, str) and value else None


def _moment(value: Any) -> datetime | None:
    """A Stripe timestamp (seconds since 1970) as a date and time."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    try:
        return datetime.fromtimestamp(value, UTC)
    except (OverflowError, OSError, ValueError):
        return None


def _account(reference: Any) -> User | None:
    """The active account a `client_reference_id` or metadata `account` names."""
    if isinstance(reference, int) and not isinstance(reference, bool):
        reference = str(reference)
    if not isinstance(reference, str) or not reference.isascii() or not reference.isdigit():
        return None
    if len(reference) > 18:  # beyond any id the database hands out
        return None
    return User.objects.filter(pk=int(reference), is_active=True).first()


def _tie_customer(user: User, customer_id: str) -> bool:
    """Tie the Stripe customer to the account; False when it already pays for another."""
    existing = Customer.objects.filter(customer_id=customer_id).first()
    if existing is None:
        try:
            with transaction.atomic():
                Customer.objects.create(user=user, customer_id=customer_id)
            return True
        except IntegrityError:  # tied meanwhile by another delivery
            existing = Customer.objects.get(customer_id=customer_id)
    return existing.user_id == user.pk


def _payer(customer_id: str | None, account_reference: Any) -> tuple[User | None, str]:
    """The account an event is for: its customer's, else the one its metadata names (and
    the customer is then tied to it). With neither, None and why."""
    if customer_id:
        customer = Customer.objects.filter(customer_id=customer_id).select_related("user").first()
        if customer is not None:
            return customer.user, ""
    user = _account(account_reference)
    if user is None:
        return None, f"unknown customer {customer_id or '(none)'}: nothing changed"
    if customer_id and not _tie_customer(user, customer_id):
        return None, f"customer {customer_id} pays for another account: nothing changed"
    return user, ""


def _subscription(subscription_id: str, user: User) -> Subscription | None:
    """The subscription's row, locked (made on first sight); None if another account's."""
    row, _created = Subscription.objects.select_for_update().get_or_create(
        subscription_id=subscription_id, defaults={"user": user}
    )
    return row if row.user_id == user.pk else None


def _locked(user: User) -> User:
    return User.objects.select_for_update().get(pk=user.pk)


def _stripe_paid_until(user: User) -> datetime | None:
    """The latest end that the account's subscriptions have paid for."""
    ends = [row.effective_end for row in Subscription.objects.filter(user=user)]
    ends = [end for end in ends if end is not None]
    return max(ends) if ends else None


# --- The events -------------------------------------------------------------------------


def checkout_completed(session: dict, created: datetime) -> Outcome:
    if session.get("mode") != "subscription":
        return Outcome("not a subscription's checkout: ignored")
    reference = session.get("client_reference_id")
    user = _account(reference)
    if user is None:
        return Outcome(f"unknown account {reference!r}: nothing changed")
    customer_id = _id(session.get("customer"))
    if customer_id and not _tie_customer(user, customer_id):
        return Outcome(f"customer {customer_id} pays for another account: nothing changed", user)
    subscription_id = _id(session.get("subscription"))
    if subscription_id and _subscription(subscription_id, user) is None:
        return Outcome(f"subscription {subscription_id} is another account's: nothing changed")
    return Outcome(f"customer {customer_id} tied to the account", user, changed=True)


def _invoice_account_reference(invoice: dict) -> Any:
    # The subscription's metadata as the invoice carries it: on its line (every API
    # version), under `parent` (versions since 2025-03) or at the top (older ones).
    return (
        _dig(invoice, "lines", "data", 0, "metadata", "account")
        or _dig(invoice, "parent", "subscription_details", "metadata", "account")
        or _dig(invoice, "subscription_details", "metadata", "account")
    )


def invoice_paid(invoice: dict, created: datetime) -> Outcome:
    customer_id = _id(invoice.get("customer"))
    user, why = _payer(customer_id, _invoice_account_reference(invoice))
    if user is None:
        return Outcome(why)
    subscription_id = _id(invoice.get("subscription")) or _id(
        _dig(invoice, "parent", "subscription_details", "subscription")
    )
    if subscription_id is None:
        return Outcome("not a subscription's invoice: nothing changed", user)
    end = _moment(_dig(invoice, "lines", "data", 0, "period", "end"))
    if end is None:
        return Outcome("no paid period on the invoice: nothing changed", user)
    user = _locked(user)
    row = _subscription(subscription_id, user)
    if row is None:
        return Outcome(f"subscription {subscription_id} is another account's", user)
    if row.ended_at is not None:
        end = min(end, row.ended_at)  # it pays for nothing after it ended
    if row.paid_until is None or row.paid_until < end:
        row.paid_until = end
        row.save(update_fields=["paid_until"])
    return _extend_plan(user, end)


def _extend_plan(user: User, end: datetime) -> Outcome:
    now = timezone.now()
    if end <= now:
        return Outcome(f"paid until {end.isoformat()}, which has passed: plan unchanged", user)
    in_force = plans.effective_plan(user, now) is Plan.PAID
    if in_force and user.plan_until is None:
        return Outcome("the plan has no end already: unchanged", user)
    current = user.plan_until if in_force else None
    until = max(end, current) if current else end
    if in_force and current == until:
        return Outcome(f"already paid until {until.isoformat()}: unchanged", user)
    change_plan(user=user, plan=Plan.PAID, until=until, changed_by=None)
    return Outcome(f"plan paid until {until.isoformat()}", user, changed=True)


def _subscription_event_target(subscription: dict) -> tuple[User | None, Subscription | None, str]:
    subscription_id = _id(subscription.get("id"))
    if subscription_id is None:
        return None, None, "no subscription id: nothing changed"
    customer_id = _id(subscription.get("customer"))
    user, why = _payer(customer_id, _dig(subscription, "metadata", "account"))
    if user is None:
        return None, None, why
    user = _locked(user)
    row = _subscription(subscription_id, user)
    if row is None:
        return user, None, f"subscription {subscription_id} is another account's"
    return user, row, ""


def subscription_updated(subscription: dict, created: datetime) -> Outcome:
    user, row, why = _subscription_event_target(subscription)
    if row is None:
        return Outcome(why, user)
    if row.ended_at is not None or row.status in ENDED_STATUSES:
        return Outcome("the subscription has ended: nothing changed", user)
    if row.event_created_at is not None and created < row.event_created_at:
        return Outcome("older than what is known of the subscription: ignored", user)
    status = subscription.get("status")
    row.status = status if isinstance(status, str) and status else row.status
    # Stripe's portal cancels at the period's end, or at a date (`cancel_at`).
    row.cancel_at_period_end = bool(subscription.get("cancel_at_period_end")) or (
        subscription.get("cancel_at") is not None
    )
    row.event_created_at = created
    row.save(update_fields=["status", "cancel_at_period_end", "event_created_at"])
    renewal = "renews" if row.renews else "does not renew"
    return Outcome(f"subscription {row.subscription_id} {row.status}, {renewal}", user, True)


def subscription_deleted(subscription: dict, created: datetime) -> Outcome:
    user, row, why = _subscription_event_target(subscription)
    if row is None:
        return Outcome(why, user)
    if row.ended_at is not None:
        return Outcome("the subscription had ended already: nothing changed", user)
    ended = (
        _moment(subscription.get("ended_at")) or _moment(subscription.get("canceled_at")) or created
    )
    paid_by_stripe = _stripe_paid_until(user)
    row.status = "canceled"
    row.ended_at = ended
    row.cancel_at_period_end = False
    row.event_created_at = max(created, row.event_created_at or created)
    row.save(update_fields=["status", "ended_at", "cancel_at_period_end", "event_created_at"])
    text = f"subscription {row.subscription_id} ended {ended.isoformat()}"
    until = user.plan_until if user.plan == Plan.PAID else None
    if until is None or paid_by_stripe is None or until != paid_by_stripe:
        # A plan the site's staff set (or none): the subscription did not pay for it.
        return Outcome(text + "; the plan is not the subscription's: unchanged", user, True)
    still_paid = _stripe_paid_until(user)
    if still_paid is not None and still_paid >= until:
        return Outcome(text + f"; the plan ends {until.isoformat()} as paid", user, True)
    if still_paid is None or still_paid <= timezone.now():
        change_plan(user=user, plan=Plan.FREE, until=None, changed_by=None)
        return Outcome(text + "; the plan is free now", user, True)
    change_plan(user=user, plan=Plan.PAID, until=still_paid, changed_by=None)
    return Outcome(text + f"; the plan ends {still_paid.isoformat()}", user, True)


HANDLERS: dict[str, Callable[[dict, datetime], Outcome]] = {
    "checkout.session.completed": checkout_completed,
    "invoice.paid": invoice_paid,
    "customer.subscription.updated": subscription_updated,
    "customer.subscription.deleted": subscription_deleted,
}


def handle_event(event: dict) -> Outcome:
    """Apply one verified Stripe event, once; a replay or a type the site does not use
    changes nothing. An event for an account or customer the site does not know changes
    nothing either, and is logged."""
    kind = event.get("type")
    handler = HANDLERS.get(kind) if isinstance(kind, str) else None
    event_id = _id(event.get("id"))
    if handler is None or event_id is None:
        return IGNORED
    created = _moment(event.get("created")) or timezone.now()
    thing = _dig(event, "data", "object")
    if not isinstance(thing, dict):
        thing = {}
    with transaction.atomic():
        try:
            with transaction.atomic():
                record = StripeEvent.objects.create(
                    event_id=event_id[:255], type=kind, created_at=created, outcome="handling"
                )
        except IntegrityError:
            logger.info("Stripe event %s (%s) replayed: nothing changed", event_id, kind)
            return REPLAYED
        outcome = handler(thing, created)
        record.user = outcome.user
        record.outcome = outcome.text[:200]
        record.save(update_fields=["user", "outcome"])
    log = logger.info if outcome.user is not None else logger.warning
    log("Stripe event %s (%s): %s", event_id, kind, outcome.text)
    return outcome
