"""Stripe's settings come from the environment, and a site with them stays deployable."""

import secrets

from tests.support.processes import PROJECT, bare_environment, manage

PRODUCTION = {
    "DJANGO_ENV": "production",
    "SECRET_KEY": secrets.token_urlsafe(50),
    "ALLOWED_HOSTS": "championships.example.org",
    "DATABASE_URL": "postgres://nobody@127.0.0.1:1/nothing",
}
STRIPE = {
    "STRIPE_SECRET_KEY": "sk_test_" + secrets.token_hex(12),
    "STRIPE_WEBHOOK_SECRET": "whsec_" + secrets.token_hex(12),
    "STRIPE_PRICE_MONTH": "price_month",
    "STRIPE_PRICE_YEAR": "price_year",
}
FORM_ACTION = (
    "from django.conf import settings; "
    "print(' '.join(settings.CONTENT_SECURITY_POLICY['DIRECTIVES']['form-action']))"
)


def test_deployment_check_is_clean_with_stripe_set():
    result = manage(
        PROJECT,
        bare_environment(**PRODUCTION, **STRIPE),
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
    )

    assert result.returncode == 0, result.stderr


def test_with_stripe_keys_the_forms_may_go_on_to_stripes_pages():
    result = manage(PROJECT, bare_environment(**STRIPE), "shell", "--no-imports", "-c", FORM_ACTION)

    assert result.returncode == 0, result.stderr
    allowed = result.stdout.split()
    assert "https://checkout.stripe.com" in allowed and "https://billing.stripe.com" in allowed


def test_without_stripe_keys_the_forms_stay_on_the_site():
    result = manage(PROJECT, bare_environment(), "shell", "--no-imports", "-c", FORM_ACTION)

    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["'self'"]


def test_an_api_base_that_is_not_an_address_is_refused():
    result = manage(PROJECT, bare_environment(STRIPE_API_BASE="localhost:12111"), "check")

    assert result.returncode != 0
    assert "STRIPE_API_BASE" in result.stderr
