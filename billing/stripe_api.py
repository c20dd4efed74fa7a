"""The calls the site makes to Stripe, through the official library; nothing else talks to it.

Stripe's own failures come out as the site's errors (`billing.errors`): unreachable is
`PaymentProviderUnavailable`, any error Stripe answers is `PaymentProviderError`.
"""

import logging
from collections.abc import Callable
from functools import lru_cache
from typing import Any, TypeVar

import stripe
from django.conf import settings
from django.utils.translation import gettext as _

from billing.errors import PaymentProviderError, PaymentProviderUnavailable

logger = logging.getLogger(__name__)

# One retry of a request that failed on the way (the library sends an idempotency key, so
# Stripe does it once); more would keep the player waiting.
NETWORK_RETRIES = 1

T = TypeVar("T")


@lru_cache(maxsize=4)
def _client(api_key: str, api_base: str, timeout: float) -> stripe.StripeClient:
    base_addresses = {"api": api_base} if api_base else {}
    return stripe.StripeClient(
        api_key,
        base_addresses=base_addresses,
        max_network_retries=NETWORK_RETRIES,
        http_client=stripe.RequestsClient(timeout=timeout),
    )


def client() -> stripe.StripeClient:
    """The Stripe client for the settings in force (kept, with its connections, per setting)."""
    return _client(
        settings.STRIPE_SECRET_KEY, settings.STRIPE_API_BASE, settings.STRIPE_TIMEOUT_SECONDS
    )


def _call(what: str, request: Callable[[], T]) -> T:
    try:
        return request()
    except stripe.APIConnectionError as error:
        logger.warning("Stripe could not be reached to %s: %s", what, error)
        raise PaymentProviderUnavailable(
            _("The payment service cannot be reached just now; nothing was changed. Try again.")
        ) from error
    except stripe.StripeError as error:
        logger.error("Stripe refused to %s: %s", what, error)
        raise PaymentProviderError(
            _("The payment service refused the request; nothing was changed. Try again later.")
        ) from error


def create_checkout_session(params: dict[str, Any]) -> str:
    """A Checkout Session made with `params`; the address of its payment page."""
    session = _call(
        "create a Checkout Session", lambda: client().v1.checkout.sessions.create(params)
    )
    return _session_url(session)


def create_portal_session(customer_id: str, return_url: str) -> str:
    """A customer portal session for the customer; the address of the portal."""
    session = _call(
        "create a customer portal session",
        lambda: client().v1.billing_portal.sessions.create(
            {"customer": customer_id, "return_url": return_url}
        ),
    )
    return _session_url(session)


def cancel_subscription(subscription_id: str) -> None:
    """End the subscription now: Stripe charges nothing more (its end comes as an event)."""
    _call(
        "cancel a subscription",
        lambda: client().v1.subscriptions.cancel(subscription_id),
    )


def _session_url(session: Any) -> str:
    url = session.to_dict().get("url") if isinstance(session, stripe.StripeObject) else None
    if not isinstance(url, str) or not url.startswith("https://"):
        logger.error("Stripe answered a session without a usable address: %r", url)
        raise PaymentProviderError(
            _("The payment service answered without a payment page; nothing was charged.")
        )
    return url


class BadSignature(Exception):
    """A webhook whose Stripe-Signature is missing, wrong or too old."""


def verified_event(payload: bytes, signature: str | None) -> dict[str, Any]:
    """The event of a webhook, as plain data, once its signature proves Stripe sent it."""
    try:
        event = stripe.Webhook.construct_event(
            payload, signature or "", settings.STRIPE_WEBHOOK_SECRET
        )
    except stripe.SignatureVerificationError as error:
        raise BadSignature(str(error)) from error
    except ValueError as error:  # signed, but not JSON (or not text)
        raise BadSignature(f"the payload is not a JSON event: {error}") from error
    return event.to_dict()
