"""What billing does for an account that is being deleted: no more charges."""

from django.utils.translation import gettext as _

from accounts.models import User
from billing import selectors, stripe_api
from billing.errors import PaymentProviderUnavailable
from billing.models import Subscription


def cancel_subscriptions(user: User) -> int:
    """Cancel at once, at Stripe, every subscription of the account that has not ended;
    how many. Stripe failing raises (`billing.errors`), so that the deletion can wait."""
    running = [
        row.subscription_id
        for row in Subscription.objects.filter(user=user, ended_at__isnull=True).exclude(
            status__in=["canceled", "incomplete_expired"]
        )
    ]
    if running and not selectors.stripe_configured():
        raise PaymentProviderUnavailable(
            _("Your subscription cannot be cancelled here just now; try again later.")
        )
    for subscription_id in running:
        stripe_api.cancel_subscription(subscription_id)
    return len(running)
