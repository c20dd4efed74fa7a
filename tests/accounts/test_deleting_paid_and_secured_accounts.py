"""Deleting an account stops its subscription first and takes its sign-in data with it;
the export shows both."""

import pytest
from allauth.account.models import EmailAddress
from allauth.mfa.models import Authenticator
from django.test import Client

from accounts import services
from accounts.models import User
from billing.models import Customer, Subscription
from tests.conftest import TEST_PASSWORD, client_with_token
from tests.support import fake_stripe as stripe_stand_in

# Stripe's API served locally (tests/support/fake_stripe.py), as the billing tests have it.
fake_stripe, stripe_keys = stripe_stand_in.fake_stripe, stripe_stand_in.stripe_keys

pytestmark = pytest.mark.django_db

ME = "/api/accounts/me/"


@pytest.fixture
def subscriber(make_user) -> User:
    user = make_user("erin", email="erin@example.org")
    Customer.objects.create(user=user, customer_id="cus_test_erin")
    Subscription.objects.create(user=user, subscription_id="sub_test_erin")
    return user


def test_deleting_a_subscribers_account_cancels_the_subscription_at_stripe_first(
    fake_stripe, subscriber
):
    fake_stripe.answer_with({"id": "sub_test_erin", "object": "subscription", "status": "canceled"})
    answer = client_with_token(subscriber).delete(ME, {"password": TEST_PASSWORD}, format="json")
    assert answer.status_code == 204
    sent = fake_stripe.only_request()
    assert (sent.method, sent.path) == ("DELETE", "/v1/subscriptions/sub_test_erin")
    assert not Customer.objects.filter(user=subscriber).exists()
    assert not Subscription.objects.filter(user=subscriber).exists()
    assert User.objects.get(pk=subscriber.pk).deleted_at is not None


def test_an_account_whose_subscription_stripe_cannot_cancel_is_not_deleted(fake_stripe, subscriber):
    fake_stripe.answer_with({"error": {"type": "api_error", "message": "down"}}, status=500)
    client = client_with_token(subscriber)
    answer = client.delete(ME, {"password": TEST_PASSWORD}, format="json")
    assert answer.status_code == 502
    assert answer.json()["error"]["code"] == "payment_provider_error"
    kept = User.objects.get(pk=subscriber.pk)
    assert kept.deleted_at is None and kept.username == "erin" and kept.email
    assert Subscription.objects.filter(user=subscriber).exists()
    assert client.get(ME).status_code == 200  # the token still works


def test_the_delete_page_says_why_the_account_was_kept(fake_stripe, subscriber):
    fake_stripe.answer_with({"error": {"type": "api_error", "message": "down"}}, status=500)
    client = Client()
    client.force_login(subscriber)
    page = client.post("/account/delete/", {"password": TEST_PASSWORD})
    assert page.status_code == 200
    assert "nothing was changed" in page.content.decode()
    assert User.objects.get(pk=subscriber.pk).deleted_at is None


def test_the_delete_page_tells_a_subscriber_the_subscription_stops(subscriber):
    client = Client()
    client.force_login(subscriber)
    page = client.get("/account/delete/").content.decode()
    assert "Your subscription to the paid plan is cancelled at once" in page


def test_deleting_an_account_removes_its_addresses_and_second_factors(make_user):
    user = make_user("frank", email="frank@example.org")
    Authenticator.objects.create(user=user, type=Authenticator.Type.TOTP, data={"secret": "x"})
    assert EmailAddress.objects.filter(user=user).exists()
    services.delete_account(user, password=TEST_PASSWORD)
    assert not EmailAddress.objects.filter(user=user).exists()
    assert not Authenticator.objects.filter(user=user).exists()


def test_the_export_lists_addresses_second_factors_and_subscriptions_but_no_secret(
    subscriber,
):
    Authenticator.objects.create(
        user=subscriber, type=Authenticator.Type.TOTP, data={"secret": "JBSWY3DPEHPK3PXP"}
    )
    answer = client_with_token(subscriber).get("/api/accounts/me/export/")
    assert answer.status_code == 200
    data = answer.json()
    text = answer.content.decode()
    assert data["sign_in"]["email_addresses"][0]["email"] == "erin@example.org"
    assert [factor["type"] for factor in data["sign_in"]["second_factors"]] == ["totp"]
    assert "JBSWY3DPEHPK3PXP" not in text
    assert data["billing"]["stripe_customers"] == ["cus_test_erin"]
    assert data["billing"]["subscriptions"][0]["subscription"] == "sub_test_erin"
