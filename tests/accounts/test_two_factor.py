"""Two-factor authentication with an authenticator app (TOTP): anyone may turn it on; staff
must, before the admin opens for them. Codes are computed here from the app's secret."""

import re
import time

import pytest
from allauth.mfa.models import Authenticator
from allauth.mfa.recovery_codes.internal.auth import RecoveryCodes
from django.contrib.auth import SESSION_KEY

from accounts.models import User
from tests.conftest import TEST_PASSWORD
from tests.support.mfa import give_totp, totp_code

pytestmark = pytest.mark.django_db

ACTIVATE = "/accounts/2fa/totp/activate/"
DEACTIVATE = "/accounts/2fa/totp/deactivate/"
AUTHENTICATE = "/accounts/2fa/authenticate/"
TOKEN = "/api/accounts/token/"


def logged_in_as(client) -> User | None:
    user_id = client.session.get(SESSION_KEY)
    return User.objects.get(pk=user_id) if user_id else None


def log_in(client, username: str, next_url: str = ""):
    address = "/login/" + (f"?next={next_url}" if next_url else "")
    return client.post(address, {"login": username, "password": TEST_PASSWORD})


def confirm_password(client) -> None:
    """Changes to the second factor ask for the password once more (for a few minutes)."""
    response = client.post("/accounts/reauthenticate/", {"password": TEST_PASSWORD})
    assert response.status_code == 302, response.content.decode()[:2000]


def set_up_app(client) -> str:
    """Scan the set-up page's key into an 'app' and confirm with its code; the secret."""
    confirm_password(client)
    page = client.get(ACTIVATE)
    assert page.status_code == 200, page
    secret = re.search(r'id="authenticator_secret" value="([A-Z2-7=]+)"', page.content.decode())[1]
    response = client.post(ACTIVATE, {"code": totp_code(secret)})
    assert response.status_code == 302, response.content.decode()[:2000]
    return secret


def has_app(user: User) -> bool:
    return Authenticator.objects.filter(user=user, type=Authenticator.Type.TOTP).exists()


def error_list(response) -> str:
    found = re.search(r'<ul class="errorlist"[^>]*>(.*?)</ul>', response.content.decode(), re.S)
    return found.group(1) if found else ""


# --- players: optional ---------------------------------------------------------------------


def test_without_an_app_logging_in_asks_only_for_the_password(client, player):
    response = log_in(client, "player")
    assert response["Location"] == "/"
    assert logged_in_as(client) == player


def test_setting_up_an_app_asks_for_the_password_again(client, player):
    log_in(client, "player")
    response = client.get(ACTIVATE)
    assert (
        response["Location"]
        == "/accounts/reauthenticate/?next=%2Faccounts%2F2fa%2Ftotp%2Factivate%2F"
    )
    wrong = client.post(response["Location"], {"password": "not-the-password"})
    assert "Incorrect password." in error_list(wrong)
    right = client.post(response["Location"], {"password": TEST_PASSWORD})
    assert right["Location"] == ACTIVATE
    assert client.get(ACTIVATE).status_code == 200


def test_a_player_sets_up_an_app_and_gets_recovery_codes(client, player):
    log_in(client, "player")
    confirm_password(client)
    page = client.get(ACTIVATE).content.decode()
    assert 'src="data:image/svg+xml;base64,' in page  # the QR code, no script needed
    secret = re.search(r'id="authenticator_secret" value="([A-Z2-7=]+)"', page)[1]
    response = client.post(ACTIVATE, {"code": totp_code(secret)})
    assert response["Location"] == "/accounts/2fa/recovery-codes/"
    assert has_app(player)
    codes = client.get(response["Location"]).content.decode()
    assert len(re.findall(r"<li><code>\w+</code></li>", codes)) == 10
    assert "Two-factor authentication" in client.get("/account/").content.decode()


def test_a_wrong_code_sets_nothing_up(client, player):
    log_in(client, "player")
    confirm_password(client)
    client.get(ACTIVATE)
    response = client.post(ACTIVATE, {"code": "000000"})
    assert response.status_code == 200
    assert "Incorrect code." in error_list(response)
    assert not has_app(player)


def test_with_an_app_logging_in_asks_for_its_code_too(client, player):
    secret = give_totp(player)
    response = log_in(client, "player", next_url="/rules/")
    assert response["Location"] == AUTHENTICATE
    assert logged_in_as(client) is None
    wrong = client.post(AUTHENTICATE, {"code": "123456"})
    assert "Incorrect code." in error_list(wrong)
    assert logged_in_as(client) is None
    right = client.post(AUTHENTICATE, {"code": totp_code(secret)})
    assert right["Location"] == "/rules/"
    assert logged_in_as(client) == player


def test_a_recovery_code_stands_in_for_the_app_once(client, player):
    give_totp(player)
    code = RecoveryCodes.activate(player).get_unused_codes()[0]
    log_in(client, "player")
    assert client.post(AUTHENTICATE, {"code": code})["Location"] == "/"
    assert logged_in_as(client) == player
    client.logout()
    log_in(client, "player")
    assert "Incorrect code." in error_list(client.post(AUTHENTICATE, {"code": code}))
    assert logged_in_as(client) is None


def test_a_player_may_turn_the_app_off(client, player):
    secret = give_totp(player)
    log_in(client, "player")
    client.post(AUTHENTICATE, {"code": totp_code(secret)})
    confirm_password(client)
    assert client.post(DEACTIVATE)["Location"] == "/accounts/2fa/"
    assert not has_app(player)


# --- staff: required ----------------------------------------------------------------------


def test_staff_without_an_app_are_sent_to_set_one_up_before_the_admin_opens(client, make_user):
    make_user("boss", staff=True, is_superuser=True)
    response = log_in(client, "boss", next_url="/admin/")
    assert response["Location"] == "/admin/"
    for page in ("/admin/", "/admin/accounts/user/", "/admin/games/game/"):
        refused = client.get(page)
        assert (refused.status_code, refused["Location"]) == (302, ACTIVATE), page
    told = client.get(ACTIVATE, follow=True).content.decode()  # by way of the password
    assert "The admin asks staff for a second factor" in told
    secret = set_up_app(client)
    # This session's log-in took no code: the admin asks for one now, then opens.
    asked = client.get("/admin/")
    assert asked["Location"] == "/accounts/2fa/reauthenticate/?next=%2Fadmin%2F"
    response = client.post(asked["Location"], {"code": totp_code(secret, at=time.time() - 30)})
    assert response["Location"] == "/admin/"
    assert client.get("/admin/").status_code == 200
    assert client.get("/admin/accounts/user/").status_code == 200


def test_staff_with_an_app_log_in_to_the_admin_with_its_code(client, make_user):
    boss = make_user("boss", staff=True, is_superuser=True)
    secret = give_totp(boss)
    assert log_in(client, "boss", next_url="/admin/")["Location"] == AUTHENTICATE
    assert client.get("/admin/")["Location"].startswith("/admin/login/")
    response = client.post(AUTHENTICATE, {"code": totp_code(secret)})
    assert response["Location"] == "/admin/"
    assert client.get("/admin/").status_code == 200


def test_staff_cannot_turn_their_app_off(client, make_user):
    boss = make_user("boss", staff=True)
    secret = give_totp(boss)
    log_in(client, "boss")
    client.post(AUTHENTICATE, {"code": totp_code(secret)})
    confirm_password(client)
    response = client.post(DEACTIVATE)
    assert response.status_code == 200
    assert "You cannot deactivate two-factor authentication." in response.content.decode()
    assert has_app(boss)


def test_a_player_made_staff_is_asked_for_an_app_too(client, player):
    log_in(client, "player")
    player.is_staff = True
    player.save()
    assert client.get("/admin/")["Location"] == ACTIVATE


def test_staff_without_an_app_may_still_log_out_of_the_admin(client, make_user):
    make_user("boss", staff=True)
    log_in(client, "boss")
    response = client.post("/admin/logout/")
    assert response["Location"] != ACTIVATE
    assert logged_in_as(client) is None


# --- the API token ------------------------------------------------------------------------


def test_the_token_of_an_account_with_an_app_needs_its_code(api, player):
    secret = give_totp(player)
    missing = api.post(TOKEN, {"username": "player", "password": TEST_PASSWORD})
    assert missing.status_code == 401
    assert missing.json()["error"]["code"] == "mfa_required"
    wrong = api.post(TOKEN, {"username": "player", "password": TEST_PASSWORD, "code": "123456"})
    assert wrong.status_code == 401
    assert wrong.json()["error"]["code"] == "invalid_credentials"
    right = api.post(
        TOKEN, {"username": "player", "password": TEST_PASSWORD, "code": totp_code(secret)}
    )
    assert right.status_code == 200
    assert right.json()["token"]


def test_a_code_with_a_wrong_password_gives_no_token(api, player):
    secret = give_totp(player)
    response = api.post(
        TOKEN, {"username": "player", "password": "not-the-password", "code": totp_code(secret)}
    )
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "invalid_credentials"


def test_wrong_codes_for_the_token_are_throttled(api, player, settings):
    settings.ACCOUNT_RATE_LIMITS = {
        **settings.ACCOUNT_RATE_LIMITS,
        "login_failed": "100/m/ip,3/5m/key",
    }
    secret = give_totp(player)
    for guess in ("111111", "222222", "333333"):
        api.post(TOKEN, {"username": "player", "password": TEST_PASSWORD, "code": guess})
    response = api.post(
        TOKEN, {"username": "player", "password": TEST_PASSWORD, "code": totp_code(secret)}
    )
    assert response.status_code == 429


def test_an_account_without_an_app_gets_its_token_without_a_code(api, player):
    response = api.post(TOKEN, {"username": "player", "password": TEST_PASSWORD})
    assert response.status_code == 200
