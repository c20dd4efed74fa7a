"""Buying the paid plan in Chromium: the account page's button leads on to Stripe Checkout.

Stripe's page itself is answered by the test (Playwright's routing): no network.
"""

import copy
import re

import pytest
from django.conf import settings as django_settings

from tests.browser.conftest import log_in, screenshot
from tests.support.fake_stripe import (
    PRICE_MONTH,
    checkout_session,
    fake_stripe,
    no_stripe_keys,
    stripe_keys,
)

__all__ = ["fake_stripe", "no_stripe_keys", "stripe_keys"]

STRIPE = "https://checkout.stripe.com/"
CHECKOUT_PAGE = f"{STRIPE}c/pay/cs_test_a1"


@pytest.fixture
def policy_with_stripe(stripe_keys):
    """The Content-Security-Policy the site builds when its Stripe keys are set."""
    policy = copy.deepcopy(django_settings.CONTENT_SECURITY_POLICY)
    form_action = policy["DIRECTIVES"]["form-action"]
    form_action += [page for page in django_settings.STRIPE_PAGES if page not in form_action]
    stripe_keys.CONTENT_SECURITY_POLICY = policy


def stripe_answers(page) -> list[str]:
    """Stand in for Stripe's Checkout page; the addresses the browser asked for there.

    Every request the browser makes there is counted, answered or not: the headless shell
    looks the host up before a redirect reaches the stand-in."""
    visited = []
    page.on(
        "request",
        lambda request: request.url.startswith(STRIPE) and visited.append(request.url),
    )

    def checkout(route) -> None:
        route.fulfill(status=200, content_type="text/html", body="<h1>Stripe Checkout (test)</h1>")

    page.route(f"{STRIPE}**", checkout)
    return visited


def test_the_buy_button_takes_the_player_to_stripe_checkout(
    site, open_page, make_user, fake_stripe, policy_with_stripe
):
    anna = make_user("anna", email="anna@example.org")
    fake_stripe.answer_with(checkout_session(CHECKOUT_PAGE))
    page = open_page()
    visited = stripe_answers(page)
    log_in(page, site, "anna")

    page.goto(f"{site}/account/")
    screenshot(page, "account-plan-on-sale")
    with page.expect_request(CHECKOUT_PAGE):
        page.get_by_role("button", name="Buy monthly").click()

    assert visited == [CHECKOUT_PAGE]
    sent = fake_stripe.only_request()
    assert sent.form["line_items[0][price]"] == [PRICE_MONTH]
    assert sent.form["client_reference_id"] == [str(anna.pk)]


def test_without_stripe_in_the_policy_the_browser_would_not_go_on(
    site, open_page, make_user, fake_stripe
):
    # Why the policy names Stripe's pages: the redirect after the form is held to it.
    make_user("anna")
    fake_stripe.answer_with(checkout_session(CHECKOUT_PAGE))
    page = open_page()
    visited = stripe_answers(page)
    log_in(page, site, "anna")
    page.goto(f"{site}/account/")

    page.get_by_role("button", name="Buy monthly").click()
    page.wait_for_timeout(1500)

    assert len(fake_stripe.requests) == 1  # the site asked Stripe and redirected ...
    assert visited == []  # ... and the browser refused to follow
    assert not re.match(r"https://checkout\.stripe\.com", page.url)


def test_without_keys_the_account_page_says_the_plan_is_not_on_sale(
    site, open_page, make_user, no_stripe_keys
):
    make_user("anna")
    page = open_page()
    log_in(page, site, "anna")

    page.goto(f"{site}/account/")

    assert page.get_by_text("The paid plan is not on sale on this site.").is_visible()
    assert page.get_by_role("button", name="Buy monthly").count() == 0
