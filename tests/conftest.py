"""Fixtures shared by the whole suite."""
import os

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from accounts.models import User
from accounts.services import api_token

# CI sets REQUIRE_SERVICES=1: a test that needs PostgreSQL, Redis or a worker then
# fails when it is missing instead of being skipped.
REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES", "") == "1"

TEST_PASSWORD = "a-long-and-unusual-passphrase"


def service_missing(reason: str) -> None:
    """Skip on a developer's machine without the service; fail in CI."""
    if REQUIRE_SERVICES:
        pytest.fail(f"{reason}, and REQUIRE_SERVICES=1 says it must be there")
    pytest.skip(reason)


@pytest.fixture(autouse=True)
def _fast_passwords_and_clean_cache(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def api() -> APIClient:
    return APIClient()


@pytest.fixture
def make_user(db):
    def make(username: str = "player", *, staff: bool = False, **fields) -> User:
        user = User.objects.create_user(username=username, password=TEST_PASSWORD, **fields)
        if staff:
            user.is_staff = True
            user.save(update_fields=["is_staff"])
        return user

    return make


@pytest.fixture
def player(make_user) -> User:
    return make_user("player")


@pytest.fixture
def staff(make_user) -> User:
    return make_user("organiser-staff", staff=True)


def client_with_token(user: User) -> APIClient:
    """An API client that authenticates as `user` with its real API token."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_token(user).key}")
    return client


@pytest.fixture
def player_api(player) -> APIClient:
    return client_with_token(player)


@pytest.fixture
def staff_api(staff) -> APIClient:
    return client_with_token(staff)
