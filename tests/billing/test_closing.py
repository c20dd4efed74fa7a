"""An account that closes stops paying: its running subscription is cancelled at Stripe."""

import pytest

from billing import services
from billing.errors import PaymentProviderError
from billing.models import Subscription

pytestmark = pytest.mark.django_db


def test_closing_an_account_cancels_its_running_subscription_at_stripe(fake_stripe, player):
    Subscription.objects.create(user=player, subscription_id="sub_test_live")
    Subscription.objects.create(user=player, subscription_id="sub_test_old", status="canceled")
    fake_stripe.answer_with({"id": "sub_test_live", "object": "subscription", "status": "canceled"})

    assert services.cancel_subscriptions(player) == 1

    sent = fake_stripe.only_request()
    assert (sent.method, sent.path) == ("DELETE", "/v1/subscriptions/sub_test_live")


def test_closing_an_account_waits_when_stripe_cannot_cancel(fake_stripe, player):
    Subscription.objects.create(user=player, subscription_id="sub_test_live")
    fake_stripe.answer_with({"error": {"type": "api_error", "message": "down"}}, status=500)

    with pytest.raises(PaymentProviderError):
        services.cancel_subscriptions(player)
