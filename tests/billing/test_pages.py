"""The account page's part of the plan: what it offers, and its buttons that go to Stripe."""

import re
from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from accounts.models import Plan
from accounts.services import change_plan
from billing.models import Customer, Subscription
from tests.support.fake_stripe import PRICE_YEAR, checkout_session, portal_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def site(player) -> Client:
    client = Client(enforce_csrf_checks=False)
    client.force_login(player)
    return client


def plan_part(client) -> str:
    html = client.get("/account/").content.decode()
    found = re.search(r'<div class="plan-billing" id="plan-billing">(.*?)</div>', html, re.S)
    assert found, "the account page has no plan section"
    return " ".join(found.group(1).split())


def said(response) -> list[str]:
    return [str(message) for message in get_messages(response.wsgi_request)]


def test_the_page_offers_both_periods_when_on_sale(stripe_keys, site):
    part = plan_part(site)

    assert 'name="period" value="month"' in part and "Buy monthly" in part
    assert 'name="period" value="year"' in part and "Buy yearly" in part
    assert "not on sale" not in part
    assert "billing/portal" not in part  # nothing bought yet: no portal


def test_the_page_offers_only_the_periods_with_a_price(stripe_keys, site):
    stripe_keys.STRIPE_PRICE_MONTH = ""

    part = plan_part(site)

    assert "Buy yearly" in part and "Buy monthly" not in part


def test_without_stripe_keys_the_page_says_plans_are_not_on_sale(no_stripe_keys, site):
    part = plan_part(site)

    assert "The paid plan is not on sale on this site." in part
    assert "staff can still grant it" in part
    assert "<button" not in part


def test_a_renewing_subscription_shows_its_renewal_and_the_portal(stripe_keys, site, player):
    until = timezone.now() + timedelta(days=20)
    change_plan(user=player, plan=Plan.PAID, until=until, changed_by=None)
    Customer.objects.create(user=player, customer_id="cus_test_1")
    Subscription.objects.create(user=player, subscription_id="sub_test_1", paid_until=until)

    part = plan_part(site)

    assert "renews by itself on" in part
    assert "Manage or cancel your subscription" in part
    assert "Buy monthly" not in part  # one subscription at a time


def test_a_cancelled_subscription_shows_that_the_plan_ends(stripe_keys, site, player):
    until = timezone.now() + timedelta(days=20)
    change_plan(user=player, plan=Plan.PAID, until=until, changed_by=None)
    Customer.objects.create(user=player, customer_id="cus_test_1")
    Subscription.objects.create(
        user=player, subscription_id="sub_test_1", paid_until=until, cancel_at_period_end=True
    )

    part = plan_part(site)

    assert "will not renew" in part
    assert until.strftime("%Y") in part


def test_a_plan_with_no_end_offers_nothing_to_buy(stripe_keys, site, player):
    change_plan(user=player, plan=Plan.PAID, until=None, changed_by=None)

    part = plan_part(site)

    assert "<button" not in part and "not on sale" not in part


def test_the_buy_button_sends_the_player_to_stripes_checkout(fake_stripe, site, player):
    fake_stripe.answer_with(checkout_session("https://checkout.stripe.com/c/pay/cs_test_b2"))

    response = site.post("/account/plan/checkout/", {"period": "year"})

    assert response.status_code == 303
    assert response["Location"] == "https://checkout.stripe.com/c/pay/cs_test_b2"
    sent = fake_stripe.only_request()
    assert sent.form["line_items[0][price]"] == [PRICE_YEAR]
    assert sent.form["client_reference_id"] == [str(player.pk)]


def test_the_buy_button_without_keys_comes_back_with_why(no_stripe_keys, site):
    response = site.post("/account/plan/checkout/", {"period": "month"})

    assert response.status_code == 302
    assert response["Location"].startswith("/account/")
    assert any("not on sale" in text for text in said(response))


def test_the_buy_button_when_stripe_is_unreachable_comes_back_with_why(stripe_keys, site):
    response = site.post("/account/plan/checkout/", {"period": "month"})

    assert response.status_code == 302
    assert any("cannot be reached" in text for text in said(response))


def test_the_buy_button_needs_a_log_in(stripe_keys, client):
    response = client.post("/account/plan/checkout/", {"period": "month"})

    assert response.status_code == 302 and "/login/" in response["Location"]


def test_the_portal_button_redirects_to_stripes_portal(fake_stripe, site, player):
    Customer.objects.create(user=player, customer_id="cus_test_7")
    fake_stripe.answer_with(portal_session())

    response = site.post("/account/plan/portal/")

    assert response.status_code == 303
    assert response["Location"] == "https://billing.stripe.com/p/session/test_a1"
    sent = fake_stripe.only_request()
    assert sent.path == "/v1/billing_portal/sessions"
    assert sent.form["customer"] == ["cus_test_7"]
    assert sent.form["return_url"] == ["https://championships.example.org/account/"]


def test_the_portal_is_only_for_an_account_stripe_knows(fake_stripe, site):
    response = site.post("/account/plan/portal/")

    assert response.status_code == 302
    assert any("nothing to manage" in text for text in said(response))
    assert fake_stripe.requests == []


def test_the_portal_takes_only_a_post(stripe_keys, site):
    assert site.get("/account/plan/portal/").status_code == 405


def test_coming_back_from_stripe_says_what_happened(stripe_keys, site):
    paid = site.get("/account/plan/paid/")
    cancelled = site.get("/account/plan/cancelled/")

    assert paid.status_code == cancelled.status_code == 302
    assert any("payment went through" in text for text in said(paid))
    assert any("nothing was charged" in text for text in said(cancelled))


def test_the_buttons_post_with_the_csrf_token(stripe_keys, player):
    client = Client(enforce_csrf_checks=True)
    client.force_login(player)

    assert client.post("/account/plan/checkout/", {"period": "month"}).status_code == 403


def test_too_many_trips_to_stripe_from_the_page_send_the_player_back_with_when(
    stripe_keys, site, settings
):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "billing": "0/hour"
        },
    }  # fmt: skip
    response = site.post("/account/plan/checkout/", {"period": "month"})
    assert response.status_code == 302 and response["Location"].endswith("#plan-heading")
    assert any("Too many trips to the payment service." in text for text in said(response))
    assert any("Try again in" in text for text in said(response))
