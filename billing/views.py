"""Billing's pages: the account page's buttons that send a player to Stripe, and back."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from billing import services
from billing.api import BillingThrottle
from infrastructure import throttling
from infrastructure.errors import DomainError

PLAN_SECTION = "#plan-heading"


def _back_to_plan() -> HttpResponseRedirect:
    return HttpResponseRedirect(reverse("account") + PLAN_SECTION)


def _to_stripe(request: HttpRequest, send) -> HttpResponse:
    """Off to Stripe's page that `send()` makes, or back to the plan with why not."""
    throttle = BillingThrottle()
    if not throttle.allow_request(request, None):
        messages.error(
            request,
            _("Too many trips to the payment service.")
            + " "
            + throttling.try_again_in(throttle.wait() or 60),
        )
        return _back_to_plan()
    try:
        url = send()
    except (DomainError, ValidationError) as error:
        messages.error(request, getattr(error, "message", None) or " ".join(error.messages))
        return _back_to_plan()
    # 303: the browser follows with a GET, whatever the form's method was.
    return HttpResponseRedirect(url, status=303)


@login_required
@require_POST
def checkout(request: HttpRequest) -> HttpResponse:
    """The "buy" buttons: a Stripe Checkout page for the period chosen."""
    period = request.POST.get("period", "")
    return _to_stripe(request, lambda: services.start_checkout(request.user, period))


@login_required
@require_POST
def portal(request: HttpRequest) -> HttpResponse:
    """The "manage or cancel" button: Stripe's customer portal."""
    return _to_stripe(request, lambda: services.open_portal(request.user))


@login_required
@require_GET
def paid(request: HttpRequest) -> HttpResponse:
    """Where Stripe sends the player after paying."""
    messages.success(
        request,
        _(
            "Thank you! Your payment went through. The paid plan shows here as soon as "
            "Stripe confirms it, usually within a minute."
        ),
    )
    return _back_to_plan()


@login_required
@require_GET
def cancelled(request: HttpRequest) -> HttpResponse:
    """Where Stripe sends the player who leaves the payment page without paying."""
    messages.info(request, _("You left the payment page; nothing was charged."))
    return _back_to_plan()
