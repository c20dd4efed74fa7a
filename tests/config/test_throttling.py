"""Register and log-in are throttled per address, and log-in per username too."""

import pytest

from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def rates(settings):
    def set_rates(**rates: str) -> None:
        settings.REST_FRAMEWORK = {
            **settings.REST_FRAMEWORK,
            "DEFAULT_THROTTLE_RATES": {
                **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
                **rates,
            },
        }

    return set_rates


def test_register_is_throttled_per_address(api, rates):
    rates(register="3/hour")
    answers = [
        api.post(
            "/api/accounts/register/",
            {"username": f"newcomer{i}", "password": TEST_PASSWORD},
            format="json",
            REMOTE_ADDR="198.51.100.7",
        ).status_code
        for i in range(4)
    ]
    assert answers == [201, 201, 201, 429]
    other_address = api.post(
        "/api/accounts/register/",
        {"username": "newcomer9", "password": TEST_PASSWORD},
        format="json",
        REMOTE_ADDR="198.51.100.8",
    )
    assert other_address.status_code == 201


def test_token_is_throttled_per_address(api, rates, player):
    rates(token="2/minute", token_username="100/minute")
    answers = [
        api.post(
            "/api/accounts/token/",
            {"username": "player", "password": TEST_PASSWORD},
            format="json",
            REMOTE_ADDR="203.0.113.5",
        ).status_code
        for _ in range(3)
    ]
    assert answers == [200, 200, 429]


def test_password_guessing_is_throttled_per_username_across_addresses(api, rates, player):
    rates(token="100/minute", token_username="3/minute")
    answers = [
        api.post(
            "/api/accounts/token/",
            {"username": "PLAYER" if i % 2 else "player", "password": f"guess-{i}"},
            format="json",
            REMOTE_ADDR=f"203.0.113.{i + 10}",
        ).status_code
        for i in range(4)
    ]
    assert answers == [401, 401, 401, 429]
