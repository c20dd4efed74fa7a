"""Sending a player to Stripe: to pay for the plan (Checkout) or to manage it (the portal)."""

from django.conf import settings
from django.urls import reverse
from django.utils import translation
from django.utils.text import get_text_list
from django.utils.translation import gettext as _

from accounts import guests
from accounts.models import User
from billing import selectors, stripe_api
from billing.errors import NotOnSale
from billing.models import Period
from infrastructure.errors import Conflict, DomainError, NotFound

# The languages of Stripe's pages that the site also speaks; others are left to Stripe.
CHECKOUT_LOCALES = frozenset({"en", "ru", "pl"})


def not_on_sale() -> NotOnSale:
    return NotOnSale(
        _("The paid plan is not on sale on this site; the site's staff can still grant it.")
    )


def checkout_params(user: User, period: Period) -> dict:
    """What the Checkout Session is made with: one subscription to the period's price, for
    this account (`client_reference_id`, and in the metadata that its invoices carry)."""
    account = str(user.pk)
    params: dict = {
        "mode": "subscription",
        "line_items": [{"price": selectors.price_of(period), "quantity": 1}],
        "client_reference_id": account,
        "metadata": {"account": account},
        "subscription_data": {"metadata": {"account": account}},
        "success_url": settings.SITE_URL + reverse("billing-paid"),
        "cancel_url": settings.SITE_URL + reverse("billing-cancelled"),
    }
    customer = selectors.newest_customer(user)
    if customer is not None:
        params["customer"] = customer.customer_id
    elif user.email:
        params["customer_email"] = user.email
    language = user.language or translation.get_language() or ""
    if language in CHECKOUT_LOCALES:
        params["locale"] = language
    return params


def start_checkout(user: User, period: str) -> str:
    """A Stripe Checkout Session for the paid plan over `period`; its payment page's address.

    Nothing changes here: the plan follows Stripe's events (`billing.services.events`).
    """
    guests.refuse_guest(user, guests.GuestRefusal.PLAN)
    if period not in Period.values:
        raise DomainError(_("Choose month or year."), field="period")
    on_sale = selectors.periods_on_sale()
    if not on_sale:
        raise not_on_sale()
    if period not in on_sale:
        raise DomainError(
            _("This period is not on sale here; choose %(periods)s.")
            % {"periods": get_text_list([p.value for p in on_sale], _("or"))},
            field="period",
        )
    if selectors.live_subscription(user) is not None:
        raise Conflict(
            _(
                "You already have a subscription to the paid plan; change, resume or cancel "
                "it in the customer portal."
            ),
            code="already_subscribed",
        )
    return stripe_api.create_checkout_session(checkout_params(user, Period(period)))


def open_portal(user: User) -> str:
    """A session of Stripe's customer portal for the player; its address."""
    if not selectors.stripe_configured():
        raise not_on_sale()
    customer = selectors.newest_customer(user)
    if customer is None:
        raise NotFound(
            _("You have not bought the paid plan here, so there is nothing to manage."),
            code="no_customer",
        )
    return stripe_api.create_portal_session(
        customer.customer_id, settings.SITE_URL + reverse("account")
    )
