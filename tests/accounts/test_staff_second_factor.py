"""Every path to a staff power demands the second factor: no API token for staff without
the authenticator app's code, and no staff power through a session or a token that did not
pass it. Without it a staff account is an ordinary player."""

import time

import pytest
from django.conf import settings
from django.http import HttpRequest
from django.test import Client
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts import stream_viewer
from accounts.models import Plan, User
from accounts.services import api_token
from accounts.staff import has_staff_powers
from tests.conftest import TEST_PASSWORD
from tests.support.championships import invite_and_accept
from tests.support.mfa import (
    SECRET,
    give_totp,
    log_in_with_second_factor,
    staff_token,
    totp_code,
)
from tournaments import services as championship_services

pytestmark = pytest.mark.django_db

TOKEN = "/api/accounts/token/"
ROTATE = "/api/accounts/token/rotate/"


def plan_url(username: str) -> str:
    return f"/api/accounts/{username}/plan/"


def with_token(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def error_code(response) -> str:
    return response.json()["error"]["code"]


def password_only_session(user: User) -> Client:
    """A staff session whose log-in took the password alone: made before the account had its
    authenticator app, which is set up afterwards."""
    client = Client()
    response = client.post("/login/", {"login": user.username, "password": TEST_PASSWORD})
    assert response.status_code == 302
    give_totp(user)
    return client


@pytest.fixture
def boss(make_user) -> User:
    return make_user("boss", staff=True)


@pytest.fixture
def private(make_user) -> int:
    organiser = make_user("olga", plan=Plan.PAID)
    championship = championship_services.create_championship(
        organiser=organiser,
        name="Hidden Cup",
        game="kropki",
        options={"width": 5, "height": 5},
        rated=False,
        visibility="private",
    )
    invite_and_accept(championship, organiser, make_user("anna"), make_user("boris"))
    return championship.pk


# --- the API token ------------------------------------------------------------------------


def test_a_staff_account_without_totp_gets_no_token(api, boss):
    response = api.post(TOKEN, {"username": "boss", "password": TEST_PASSWORD}, format="json")
    assert response.status_code == 403
    assert error_code(response) == "second_factor_setup_required"
    assert reverse("mfa_activate_totp") in response.json()["error"]["message"]
    assert not Token.objects.filter(user=boss).exists()


def test_a_staff_token_needs_the_second_factor(api, boss, player):
    secret = give_totp(boss)
    missing = api.post(TOKEN, {"username": "boss", "password": TEST_PASSWORD}, format="json")
    assert missing.status_code == 401
    assert error_code(missing) == "mfa_required"
    assert "code" in missing.json()["error"]["message"]
    wrong = api.post(
        TOKEN, {"username": "boss", "password": TEST_PASSWORD, "code": "000000"}, format="json"
    )
    assert (wrong.status_code, error_code(wrong)) == (401, "invalid_credentials")
    right = api.post(
        TOKEN,
        {"username": "boss", "password": TEST_PASSWORD, "code": totp_code(secret)},
        format="json",
    )
    assert right.status_code == 200
    changed = with_token(right.json()["token"]).post(
        plan_url("player"), {"plan": "paid"}, format="json"
    )
    assert changed.status_code == 200
    player.refresh_from_db()
    assert player.plan == Plan.PAID


def test_a_staff_token_issued_without_the_second_factor_confers_no_staff_powers(boss, player):
    old = api_token(boss).key  # as tokens were handed out before the second factor was asked
    refused = with_token(old).post(plan_url("player"), {"plan": "paid"}, format="json")
    assert refused.status_code == 403
    assert error_code(refused) == "second_factor_setup_required"
    give_totp(boss)
    refused = with_token(old).post(plan_url("player"), {"plan": "paid"}, format="json")
    assert (refused.status_code, error_code(refused)) == (403, "second_factor_required")
    assert "POST /api/accounts/token/" in refused.json()["error"]["message"]
    # Meanwhile it is an ordinary player's token, not an error.
    assert with_token(old).get("/api/accounts/me/").status_code == 200
    # The log-in with the code replaces it: the old key never gains staff powers.
    new = staff_token(boss)
    assert new != old
    assert with_token(old).get("/api/accounts/me/").status_code == 401
    assert (
        with_token(new).post(plan_url("player"), {"plan": "paid"}, format="json").status_code == 200
    )
    player.refresh_from_db()
    assert player.plan == Plan.PAID


def test_a_token_from_before_the_account_was_staff_confers_no_staff_powers(api, make_user):
    moderator = make_user("moderator")
    secret = give_totp(moderator)
    key = api.post(
        TOKEN,
        {"username": "moderator", "password": TEST_PASSWORD, "code": totp_code(secret)},
        format="json",
    ).json()["token"]
    moderator.is_staff = True
    moderator.save()
    refused = with_token(key).post(plan_url("moderator"), {"plan": "paid"}, format="json")
    assert (refused.status_code, error_code(refused)) == (403, "second_factor_required")


def test_a_staff_token_rotates_only_with_the_second_factor(boss, player):
    old = api_token(boss).key
    give_totp(boss)
    refused = with_token(old).post(ROTATE)
    assert (refused.status_code, error_code(refused)) == (403, "second_factor_required")
    assert with_token(old).get("/api/accounts/me/").status_code == 200  # nothing changed
    good = staff_token(boss)
    rotated = with_token(good).post(ROTATE)
    assert rotated.status_code == 200
    new = rotated.json()["token"]
    assert with_token(good).get("/api/accounts/me/").status_code == 401
    assert (
        with_token(new).post(plan_url("player"), {"plan": "paid"}, format="json").status_code == 200
    )


def test_the_account_page_gives_staff_a_token_only_after_the_second_factor(boss, player):
    browser = password_only_session(boss)
    page = browser.post("/account/token/", follow=True)
    assert "second factor" in page.content.decode()
    assert not Token.objects.filter(user=boss).exists()
    browser = log_in_with_second_factor(Client(), boss)
    browser.post("/account/token/")
    key = api_token(boss).key
    assert (
        with_token(key).post(plan_url("player"), {"plan": "paid"}, format="json").status_code == 200
    )


# --- sessions -----------------------------------------------------------------------------


def test_a_password_only_staff_session_cannot_change_a_plan(boss, player):
    refused = password_only_session(boss).post(
        plan_url("player"), {"plan": "paid"}, content_type="application/json"
    )
    assert (refused.status_code, error_code(refused)) == (403, "second_factor_required")
    player.refresh_from_db()
    assert player.plan == Plan.FREE
    allowed = log_in_with_second_factor(Client(), boss).post(
        plan_url("player"), {"plan": "paid"}, content_type="application/json"
    )
    assert allowed.status_code == 200
    player.refresh_from_db()
    assert player.plan == Plan.PAID


def test_a_staff_session_without_totp_is_told_to_set_it_up(make_user, player):
    make_user("newcomer", staff=True)
    client = Client()
    client.post("/login/", {"login": "newcomer", "password": TEST_PASSWORD})
    refused = client.post(plan_url("player"), {"plan": "paid"}, content_type="application/json")
    assert (refused.status_code, error_code(refused)) == (403, "second_factor_setup_required")


def test_a_password_only_staff_session_does_not_see_private_championships(boss, private):
    browser = password_only_session(boss)
    assert browser.get(reverse("championship", args=[private])).status_code == 404
    assert browser.get(f"/api/championships/{private}/").status_code == 404
    assert private not in [c["id"] for c in browser.get("/api/championships/").json()]
    assert browser.get(reverse("championship-organise", args=[private])).status_code == 404
    browser = log_in_with_second_factor(Client(), boss)
    assert browser.get(reverse("championship", args=[private])).status_code == 200
    assert browser.get(f"/api/championships/{private}/").status_code == 200
    assert browser.get(reverse("championship-organise", args=[private])).status_code == 200


def test_a_password_only_staff_token_does_not_see_private_championships(boss, private):
    old = with_token(api_token(boss).key)
    give_totp(boss)
    assert old.get(f"/api/championships/{private}/").status_code == 404
    assert private not in [c["id"] for c in old.get("/api/championships/").json()]
    good = with_token(staff_token(boss))
    assert good.get(f"/api/championships/{private}/").status_code == 200


def test_a_password_only_staff_session_organises_nothing(boss, make_user):
    organiser = make_user("olga", plan=Plan.PAID)
    public = championship_services.create_championship(
        organiser=organiser, name="Open Cup", game="kropki"
    )
    page = reverse("championship-organise", args=[public.pk])
    assert password_only_session(boss).get(page).status_code == 403  # as for any player
    assert log_in_with_second_factor(Client(), boss).get(page).status_code == 200


def test_a_staff_session_passes_the_second_factor_later_by_its_code(boss):
    browser = password_only_session(boss)
    asked = browser.get("/admin/")
    assert asked["Location"] == "/accounts/2fa/reauthenticate/?next=%2Fadmin%2F"
    code = totp_code(SECRET, at=time.time())
    assert browser.post(asked["Location"], {"code": code})["Location"] == "/admin/"
    assert browser.get("/admin/").status_code == 200


def test_the_stream_process_grants_staff_powers_only_to_a_session_that_passed(boss):
    """The stream process reads the session itself (no middleware): the same rule holds."""

    def viewer_of(browser: Client) -> User:
        request = HttpRequest()
        request.COOKIES[settings.SESSION_COOKIE_NAME] = browser.cookies[
            settings.SESSION_COOKIE_NAME
        ].value
        return stream_viewer.viewer(request)

    password_only = viewer_of(password_only_session(boss))
    assert password_only == boss and not has_staff_powers(password_only)
    passed = viewer_of(log_in_with_second_factor(Client(), boss))
    assert passed == boss and has_staff_powers(passed)
