"""Buying the paid plan: the API's Checkout Session, made against a local stand-in of Stripe."""

import pytest

from accounts.models import Plan, PlanChange
from billing.models import Customer, Subscription
from tests.conftest import client_with_token
from tests.support.fake_stripe import PRICE_MONTH, PRICE_YEAR, SECRET_KEY, checkout_session

pytestmark = pytest.mark.django_db

CHECKOUT = "/api/billing/checkout/"


def test_checkout_makes_a_subscription_session_for_the_account(fake_stripe, make_user):
    anna = make_user("anna", email="anna@example.org")
    fake_stripe.answer_with(checkout_session())

    response = client_with_token(anna).post(CHECKOUT, {"period": "month"}, format="json")

    assert response.status_code == 200, response.json()
    assert response.json() == {"url": "https://checkout.stripe.com/c/pay/cs_test_a1"}
    sent = fake_stripe.only_request()
    assert sent.path == "/v1/checkout/sessions"
    assert sent.headers["authorization"] == f"Bearer {SECRET_KEY}"
    assert sent.form["mode"] == ["subscription"]
    assert sent.form["line_items[0][price]"] == [PRICE_MONTH]
    assert sent.form["line_items[0][quantity]"] == ["1"]
    assert sent.form["client_reference_id"] == [str(anna.pk)]
    assert sent.form["subscription_data[metadata][account]"] == [str(anna.pk)]
    assert sent.form["customer_email"] == ["anna@example.org"]
    assert "customer" not in sent.form
    assert sent.form["success_url"] == ["https://championships.example.org/account/plan/paid/"]
    assert sent.form["cancel_url"] == ["https://championships.example.org/account/plan/cancelled/"]
    # Asking changes nothing: the plan follows Stripe's events.
    anna.refresh_from_db()
    assert anna.plan == Plan.FREE and not PlanChange.objects.exists()


def test_checkout_reuses_the_accounts_stripe_customer(fake_stripe, make_user):
    anna = make_user("anna", email="anna@example.org")
    Customer.objects.create(user=anna, customer_id="cus_test_old")
    fake_stripe.answer_with(checkout_session())

    response = client_with_token(anna).post(CHECKOUT, {"period": "year"}, format="json")

    assert response.status_code == 200
    sent = fake_stripe.only_request()
    assert sent.form["customer"] == ["cus_test_old"]
    assert sent.form["line_items[0][price]"] == [PRICE_YEAR]
    assert "customer_email" not in sent.form


def test_checkout_speaks_the_players_language(fake_stripe, make_user):
    olga = make_user("olga", language="pl")
    fake_stripe.answer_with(checkout_session())

    client_with_token(olga).post(CHECKOUT, {"period": "month"}, format="json")

    assert fake_stripe.only_request().form["locale"] == ["pl"]


@pytest.mark.parametrize("period", ["week", "", 12, None, ["month"]])
def test_checkout_names_a_bad_period(fake_stripe, player_api, period):
    response = player_api.post(CHECKOUT, {"period": period}, format="json")

    assert response.status_code == 400
    assert "period" in response.json()["error"]["details"]
    assert fake_stripe.requests == []


def test_checkout_without_a_period_names_it(fake_stripe, player_api):
    response = player_api.post(CHECKOUT, {}, format="json")

    assert response.status_code == 400
    assert "period" in response.json()["error"]["details"]


def test_a_period_without_a_price_is_not_on_sale(fake_stripe, stripe_keys, player_api):
    fake_stripe.answer_with(checkout_session())
    stripe_keys.STRIPE_PRICE_YEAR = ""

    response = player_api.post(CHECKOUT, {"period": "year"}, format="json")

    assert response.status_code == 400
    assert response.json()["error"]["details"]["period"] == [
        "This period is not on sale here; choose month."
    ]
    assert fake_stripe.requests == []


def test_without_stripe_keys_the_plan_is_not_on_sale(no_stripe_keys, player_api, player):
    response = player_api.post(CHECKOUT, {"period": "month"}, format="json")

    assert response.status_code == 403
    error = response.json()["error"]
    assert error["code"] == "not_on_sale"
    assert "not on sale" in error["message"]
    player.refresh_from_db()
    assert player.plan == Plan.FREE


def test_without_the_webhook_secret_nothing_is_sold(stripe_keys, player_api):
    stripe_keys.STRIPE_WEBHOOK_SECRET = ""

    response = player_api.post(CHECKOUT, {"period": "month"}, format="json")

    assert response.status_code == 403 and response.json()["error"]["code"] == "not_on_sale"


def test_stripe_unreachable_is_a_clear_503_and_changes_nothing(stripe_keys, player_api, player):
    # stripe_keys points the library at a port where nothing listens.
    response = player_api.post(CHECKOUT, {"period": "month"}, format="json")

    assert response.status_code == 503
    assert response.json()["error"]["code"] == "payment_provider_unavailable"
    assert not Customer.objects.exists() and not PlanChange.objects.exists()


def test_stripe_refusing_is_a_clear_502(fake_stripe, player_api):
    fake_stripe.answer_with(
        {"error": {"type": "invalid_request_error", "message": "No such price: 'price_x'"}},
        status=400,
    )

    response = player_api.post(CHECKOUT, {"period": "month"}, format="json")

    assert response.status_code == 502
    error = response.json()["error"]
    assert error["code"] == "payment_provider_error"
    assert "price_x" not in error["message"]  # Stripe's words are for the log, not the player


def test_stripe_failing_is_a_clear_502(fake_stripe, player_api):
    fake_stripe.answer_with({"error": {"type": "api_error", "message": "boom"}}, status=500)

    response = player_api.post(CHECKOUT, {"period": "month"}, format="json")

    assert response.status_code == 502
    assert response.json()["error"]["code"] == "payment_provider_error"


def test_a_session_without_a_payment_page_is_refused(fake_stripe, player_api):
    fake_stripe.answer_with({"id": "cs_test_a1", "object": "checkout.session", "url": None})

    response = player_api.post(CHECKOUT, {"period": "month"}, format="json")

    assert response.status_code == 502


def test_a_running_subscription_is_not_bought_twice(fake_stripe, player_api, player):
    Subscription.objects.create(user=player, subscription_id="sub_test_1", status="active")

    response = player_api.post(CHECKOUT, {"period": "month"}, format="json")

    assert response.status_code == 409
    assert response.json()["error"]["code"] == "already_subscribed"
    assert fake_stripe.requests == []


def test_an_ended_subscription_can_be_bought_again(fake_stripe, player_api, player):
    Subscription.objects.create(user=player, subscription_id="sub_test_1", status="canceled")
    fake_stripe.answer_with(checkout_session())

    response = player_api.post(CHECKOUT, {"period": "month"}, format="json")

    assert response.status_code == 200


def test_checkout_needs_an_account(fake_stripe, api):
    response = api.post(CHECKOUT, {"period": "month"}, format="json")

    assert response.status_code == 401
    assert fake_stripe.requests == []


def test_checkout_is_limited_per_account(fake_stripe, settings, player_api):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "billing": "2/hour",
        },
    }
    fake_stripe.answer_with(checkout_session())

    answers = [
        player_api.post(CHECKOUT, {"period": "month"}, format="json").status_code for _ in range(3)
    ]

    assert answers == [200, 200, 429]
    assert len(fake_stripe.requests) == 2


def test_the_portal_api_gives_the_portals_address(fake_stripe, player_api, player):
    Customer.objects.create(user=player, customer_id="cus_test_9")
    fake_stripe.answer_with({"id": "bps_1", "url": "https://billing.stripe.com/p/session/x"})

    response = player_api.post("/api/billing/portal/")

    assert response.status_code == 200
    assert response.json() == {"url": "https://billing.stripe.com/p/session/x"}
    sent = fake_stripe.only_request()
    assert sent.path == "/v1/billing_portal/sessions"
    assert sent.form["customer"] == ["cus_test_9"]
    assert sent.form["return_url"] == ["https://championships.example.org/account/"]


def test_the_portal_api_without_stripe_keys_is_refused(no_stripe_keys, player_api, player):
    Customer.objects.create(user=player, customer_id="cus_test_9")

    response = player_api.post("/api/billing/portal/")

    assert response.status_code == 403
    assert response.json()["error"]["code"] == "not_on_sale"


def test_the_portal_api_without_a_customer_is_404(fake_stripe, player_api):
    response = player_api.post("/api/billing/portal/")

    assert response.status_code == 404
    assert response.json()["error"]["code"] == "no_customer"
    assert fake_stripe.requests == []
