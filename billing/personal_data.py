"""Billing's share of a player's data: what the export shows, what deletion does first."""

from django.utils.translation import gettext as _

from accounts.models import User
from accounts.personal_data import DeletedAccount, Part
from billing.models import Customer, Subscription
from billing.services.closing import cancel_subscriptions


def section(user: User) -> dict:
    """The account's Stripe customer ids and subscriptions (card details stay at Stripe)."""
    return {
        "stripe_customers": list(
            Customer.objects.filter(user=user).order_by("id").values_list("customer_id", flat=True)
        ),
        "subscriptions": [
            {
                "subscription": row.subscription_id,
                "status": row.status,
                "cancel_at_period_end": row.cancel_at_period_end,
                "paid_until": row.paid_until.isoformat() if row.paid_until else None,
                "ended_at": row.ended_at.isoformat() if row.ended_at else None,
            }
            for row in Subscription.objects.filter(user=user).order_by("id")
        ],
    }


def stop_charging(user: User) -> None:
    """Before the account goes, its running subscriptions are cancelled at Stripe: a
    deleted account must not go on paying. Stripe failing refuses the deletion."""
    cancel_subscriptions(user)


def consequences(user: User) -> list[str]:
    running = Subscription.objects.filter(user=user, ended_at__isnull=True).exclude(
        status__in=["canceled", "incomplete_expired"]
    )
    if not running.exists():
        return []
    return [_("Your subscription to the paid plan is cancelled at once: nothing more is charged.")]


def erase(gone: DeletedAccount) -> None:
    Customer.objects.filter(user=gone.user).delete()
    Subscription.objects.filter(user=gone.user).delete()


PART = Part(
    "billing", export=section, erase=erase, prepare=stop_charging, consequences=consequences
)
