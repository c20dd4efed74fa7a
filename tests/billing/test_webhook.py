"""Stripe's webhook: signed events move the plan, once each, in whatever order they come."""

import json
import logging
import time
from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from accounts import plans
from accounts.models import Plan, PlanChange
from accounts.services import change_plan
from billing.models import Customer, StripeEvent, Subscription
from tests.support.fake_stripe import (
    checkout_completed,
    event,
    invoice_paid,
    post_event,
    signature,
    subscription_event,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("stripe_keys")]


@pytest.fixture
def stripe_side() -> APIClient:
    """Stripe's deliveries: no log-in, and CSRF checked as a browser's would be."""
    return APIClient(enforce_csrf_checks=True)


@pytest.fixture
def anna(make_user):
    return make_user("anna", email="anna@example.org")


def next_month():
    return (timezone.now() + timedelta(days=30)).replace(microsecond=0)


def subscribed(client, user, until=None, **ids) -> None:
    """Anna's checkout completes and her first invoice is paid."""
    assert post_event(client, checkout_completed(user, **ids)).status_code == 200
    assert post_event(client, invoice_paid(until or next_month(), **ids)).status_code == 200


def plan_of(user):
    user.refresh_from_db()
    return plans.effective_plan(user), user.plan_until


# --- What the events do ----------------------------------------------------------------------


def test_checkout_completed_ties_the_customer_to_the_account(stripe_side, anna):
    response = post_event(stripe_side, checkout_completed(anna, customer="cus_test_anna"))

    assert response.status_code == 200
    assert response.json()["received"] is True
    assert Customer.objects.get(customer_id="cus_test_anna").user == anna
    assert Subscription.objects.get(subscription_id="sub_test_1").user == anna
    assert plan_of(anna) == (Plan.FREE, None)  # paid once the invoice is


def test_invoice_paid_makes_the_plan_paid_until_the_periods_end(stripe_side, anna):
    end = next_month()

    subscribed(stripe_side, anna, until=end)

    assert plan_of(anna) == (Plan.PAID, end)
    change = PlanChange.objects.get(user=anna)
    assert (change.plan, change.plan_until, change.changed_by) == (Plan.PAID, end, None)
    assert Subscription.objects.get(subscription_id="sub_test_1").paid_until == end


def test_each_paid_invoice_moves_the_plans_end(stripe_side, anna):
    first = next_month()
    subscribed(stripe_side, anna, until=first)

    post_event(stripe_side, invoice_paid(first + timedelta(days=30)))

    assert plan_of(anna) == (Plan.PAID, first + timedelta(days=30))
    assert PlanChange.objects.filter(user=anna).count() == 2


def test_invoices_of_the_older_api_version_are_read_too(stripe_side, anna):
    post_event(stripe_side, checkout_completed(anna))
    end = next_month()
    paid = invoice_paid(end)
    invoice = paid["data"]["object"]
    del invoice["parent"]
    invoice["subscription"] = "sub_test_1"  # where versions before 2025-03 put it

    post_event(stripe_side, paid)

    assert plan_of(anna) == (Plan.PAID, end)
    assert Subscription.objects.get().paid_until == end


def test_a_cancelled_subscription_does_not_renew_and_the_plan_runs_to_its_end(stripe_side, anna):
    end = next_month()
    subscribed(stripe_side, anna, until=end)

    post_event(stripe_side, subscription_event("updated", cancel_at_period_end=True))

    assert not Subscription.objects.get().renews
    assert plan_of(anna) == (Plan.PAID, end)


def test_subscription_deleted_at_the_periods_end_leaves_the_plan_to_end_then(stripe_side, anna):
    end = next_month()
    subscribed(stripe_side, anna, until=end)

    post_event(stripe_side, subscription_event("deleted", status="canceled", ended_at=end))

    assert plan_of(anna) == (Plan.PAID, end)
    assert Subscription.objects.get().ended_at == end


def test_subscription_deleted_at_once_ends_the_plan_now(stripe_side, anna):
    subscribed(stripe_side, anna)
    ended = timezone.now().replace(microsecond=0) - timedelta(seconds=1)

    response = post_event(
        stripe_side, subscription_event("deleted", status="canceled", ended_at=ended)
    )

    assert response.status_code == 200
    assert plan_of(anna) == (Plan.FREE, None)
    last = PlanChange.objects.filter(user=anna).first()
    assert (last.plan, last.changed_by) == (Plan.FREE, None)


def test_subscription_deleted_before_its_paid_end_moves_the_end_earlier(stripe_side, anna):
    subscribed(stripe_side, anna, until=next_month())
    ended = (timezone.now() + timedelta(days=3)).replace(microsecond=0)

    post_event(stripe_side, subscription_event("deleted", status="canceled", ended_at=ended))

    assert plan_of(anna) == (Plan.PAID, ended)


def test_a_plan_the_staff_granted_outlives_the_subscription(stripe_side, anna, staff):
    subscribed(stripe_side, anna, until=next_month())
    change_plan(user=anna, plan=Plan.PAID, until=None, changed_by=staff)  # for ever

    post_event(
        stripe_side,
        subscription_event("deleted", status="canceled", ended_at=timezone.now()),
    )

    assert plan_of(anna) == (Plan.PAID, None)


def test_unknown_event_types_are_answered_and_ignored(stripe_side, anna):
    response = post_event(stripe_side, event("customer.created", {"id": "cus_test_x"}))

    assert response.status_code == 200
    assert not StripeEvent.objects.exists() and not Customer.objects.exists()


# --- Replays ---------------------------------------------------------------------------------


def test_a_replayed_event_changes_nothing(stripe_side, anna, staff):
    post_event(stripe_side, checkout_completed(anna))
    paid = invoice_paid(next_month())
    post_event(stripe_side, paid)
    # Meanwhile the staff shorten the plan; Stripe sending the invoice again must not undo it.
    shorter = next_month() - timedelta(days=10)
    change_plan(user=anna, plan=Plan.PAID, until=shorter, changed_by=staff)
    changes = PlanChange.objects.count()

    response = post_event(stripe_side, paid)

    assert response.status_code == 200
    assert "already handled" in response.json()["outcome"]
    assert plan_of(anna) == (Plan.PAID, shorter)
    assert PlanChange.objects.count() == changes
    assert StripeEvent.objects.filter(event_id=paid["id"]).count() == 1


def test_a_replayed_deletion_does_not_end_a_plan_bought_again(stripe_side, anna):
    subscribed(stripe_side, anna)
    deleted = subscription_event("deleted", status="canceled", ended_at=timezone.now())
    post_event(stripe_side, deleted)
    end = next_month()
    subscribed(stripe_side, anna, until=end, subscription="sub_test_2")
    assert plan_of(anna) == (Plan.PAID, end)

    post_event(stripe_side, deleted)

    assert plan_of(anna) == (Plan.PAID, end)


# --- Signatures ------------------------------------------------------------------------------


def test_a_bad_signature_is_400_and_changes_nothing(stripe_side, anna):
    response = post_event(stripe_side, checkout_completed(anna), secret="whsec_someone_else")

    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "bad_signature"
    assert "Stripe-Signature" in error["details"]
    assert not Customer.objects.exists() and not StripeEvent.objects.exists()


def test_a_body_changed_after_signing_is_refused(stripe_side, anna, make_user):
    mallory = make_user("mallory")
    genuine = json.dumps(invoice_paid(next_month(), account=anna)).encode()
    forged = genuine.replace(str(anna.pk).encode(), str(mallory.pk).encode())

    response = post_event(stripe_side, forged, HTTP_STRIPE_SIGNATURE=signature(genuine))

    assert response.status_code == 400
    assert plan_of(mallory) == (Plan.FREE, None)


def test_a_missing_signature_is_400(stripe_side, anna):
    response = post_event(stripe_side, checkout_completed(anna), HTTP_STRIPE_SIGNATURE=None)

    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_signature"
    assert not Customer.objects.exists()


@pytest.mark.parametrize("header", ["", "garbage", "t=abc,v1=00", "t=1,v0=00", "v1=" + "0" * 64])
def test_an_unreadable_signature_is_400(stripe_side, anna, header):
    response = post_event(stripe_side, checkout_completed(anna), HTTP_STRIPE_SIGNATURE=header)

    assert response.status_code == 400


def test_an_old_signature_is_refused(stripe_side, anna):
    body = json.dumps(checkout_completed(anna)).encode()
    an_hour_ago = int(time.time()) - 3600

    response = post_event(
        stripe_side, body, HTTP_STRIPE_SIGNATURE=signature(body, timestamp=an_hour_ago)
    )

    assert response.status_code == 400


def test_a_signed_body_that_is_not_json_is_400(stripe_side):
    response = post_event(stripe_side, b"\xff not json")

    assert response.status_code == 400


def test_without_a_webhook_secret_events_are_refused(stripe_side, stripe_keys, anna):
    stripe_keys.STRIPE_WEBHOOK_SECRET = ""

    response = post_event(stripe_side, checkout_completed(anna), secret="")

    assert response.status_code == 400
    assert response.json()["error"]["code"] == "not_configured"
    assert not Customer.objects.exists()


# --- Accounts and customers the site does not know ------------------------------------------


def test_an_event_for_an_unknown_account_is_answered_and_logged(stripe_side, anna, caplog):
    with caplog.at_level(logging.WARNING, logger="billing"):
        response = post_event(stripe_side, checkout_completed("999999", customer="cus_test_x"))

    assert response.status_code == 200
    assert "unknown account" in response.json()["outcome"]
    assert not Customer.objects.exists()
    assert any("unknown account" in record.getMessage() for record in caplog.records)


@pytest.mark.parametrize("reference", ["", "anna", "-1", "١٢", "9" * 40, None])
def test_an_unreadable_account_reference_changes_nothing(stripe_side, anna, reference):
    response = post_event(stripe_side, checkout_completed(reference))

    assert response.status_code == 200
    assert not Customer.objects.exists()


def test_an_invoice_of_an_unknown_customer_changes_nothing(stripe_side, anna, caplog):
    with caplog.at_level(logging.WARNING, logger="billing"):
        response = post_event(stripe_side, invoice_paid(next_month(), customer="cus_test_x"))

    assert response.status_code == 200
    assert "unknown customer" in response.json()["outcome"]
    assert plan_of(anna) == (Plan.FREE, None)
    assert not PlanChange.objects.exists()
    assert any("cus_test_x" in record.getMessage() for record in caplog.records)


def test_a_customer_of_one_account_cannot_pay_for_another(stripe_side, anna, make_user):
    mallory = make_user("mallory")
    post_event(stripe_side, checkout_completed(anna, customer="cus_test_anna"))

    response = post_event(stripe_side, checkout_completed(mallory, customer="cus_test_anna"))

    assert response.status_code == 200
    assert Customer.objects.get(customer_id="cus_test_anna").user == anna


# --- Out of order ----------------------------------------------------------------------------


def test_an_invoice_before_the_checkout_finds_the_account_by_its_metadata(stripe_side, anna):
    end = next_month()

    post_event(stripe_side, invoice_paid(end, customer="cus_test_anna", account=anna))
    post_event(stripe_side, checkout_completed(anna, customer="cus_test_anna"))

    assert plan_of(anna) == (Plan.PAID, end)
    assert Customer.objects.get().user == anna


def test_an_older_invoice_arriving_late_does_not_shorten_the_plan(stripe_side, anna):
    first, second = next_month(), next_month() + timedelta(days=30)
    post_event(stripe_side, checkout_completed(anna))
    late = invoice_paid(first)
    post_event(stripe_side, invoice_paid(second))

    post_event(stripe_side, late)

    assert plan_of(anna) == (Plan.PAID, second)


def test_an_invoice_after_the_subscriptions_end_pays_nothing_past_it(stripe_side, anna):
    post_event(stripe_side, checkout_completed(anna))
    ended = timezone.now() - timedelta(seconds=5)
    post_event(
        stripe_side,
        subscription_event("deleted", status="canceled", ended_at=ended, account=anna),
    )

    post_event(stripe_side, invoice_paid(next_month()))

    assert plan_of(anna) == (Plan.FREE, None)
    assert not PlanChange.objects.exists()


def test_an_older_update_arriving_late_is_not_applied(stripe_side, anna):
    subscribed(stripe_side, anna)
    now = int(time.time())
    cancelled = subscription_event("updated", cancel_at_period_end=True, created=now - 60)
    resumed = subscription_event("updated", cancel_at_period_end=False, created=now)

    post_event(stripe_side, resumed)
    post_event(stripe_side, cancelled)

    assert Subscription.objects.get().renews


def test_an_update_after_the_deletion_does_not_bring_the_subscription_back(stripe_side, anna):
    subscribed(stripe_side, anna)
    now = int(time.time())
    post_event(
        stripe_side,
        subscription_event("deleted", status="canceled", ended_at=timezone.now(), created=now),
    )

    post_event(stripe_side, subscription_event("updated", status="active", created=now - 60))

    subscription = Subscription.objects.get()
    assert subscription.status == "canceled" and not subscription.renews


def test_an_invoice_that_is_no_subscriptions_changes_nothing(stripe_side, anna):
    post_event(stripe_side, checkout_completed(anna))
    paid = invoice_paid(next_month())
    del paid["data"]["object"]["parent"]  # a one-off invoice

    response = post_event(stripe_side, paid)

    assert "not a subscription" in response.json()["outcome"]
    assert plan_of(anna) == (Plan.FREE, None)
