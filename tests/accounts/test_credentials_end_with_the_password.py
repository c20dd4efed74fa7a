"""A new password ends every other credential of the account, by whatever path it is set:
the API, the account pages (change, reset by e-mail), the admin, `manage.py changepassword`.
API tokens end, sessions end (but the one that changed it), the private calendar gets a new
address, a change of e-mail address waiting for its link is cancelled, and the confirmed
address is told. A new address asks for the password, in the API and on the page."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.core.management import call_command
from django.test import Client
from rest_framework.authtoken.models import Token

from accounts.models import User
from tests.accounts.test_passwords import (
    CHANGE_API,
    CHANGE_PAGE,
    NEW,
    RESET_PAGE,
    SITE,
    choose_new_password,
    logged_in_elsewhere,
    reset_link,
    still_logged_in,
)
from tests.conftest import TEST_PASSWORD, client_with_token
from tests.support.mfa import log_in_with_second_factor

pytestmark = pytest.mark.django_db

ME = "/api/accounts/me/"
CALENDAR_API = "/api/accounts/me/calendar/"


@pytest.fixture(autouse=True)
def _site_address(settings):
    settings.SITE_URL = SITE


@pytest.fixture
def anna(make_user) -> User:
    return make_user("anna", email="anna@example.org")


# --- the paths that set a password ----------------------------------------------------------


def change_through_the_api(user: User) -> None:
    # A client of its own: the token that asks ends with the others.
    answer = client_with_token(user).post(
        CHANGE_API, {"old_password": TEST_PASSWORD, "new_password": NEW}
    )
    assert answer.status_code == 204


def change_on_the_page(user: User, client: Client | None = None) -> None:
    client = client or Client()
    client.force_login(user)
    answer = client.post(
        CHANGE_PAGE, {"oldpassword": TEST_PASSWORD, "password1": NEW, "password2": NEW}
    )
    assert answer.status_code == 302


def reset_by_e_mail(user: User, client: Client | None = None) -> None:
    client = client or Client()
    mail.outbox.clear()
    client.post(RESET_PAGE, {"email": user.email})
    [message] = mail.outbox
    done = choose_new_password(client, reset_link(message))
    assert done.status_code == 302


def set_in_the_admin(user: User) -> None:
    admin = User.objects.create_user("boss", password=TEST_PASSWORD, is_staff=True)
    admin.is_superuser = True
    admin.save()
    # Staff powers need a session that passed the second factor.
    client = log_in_with_second_factor(Client(), admin)
    answer = client.post(
        f"/admin/accounts/user/{user.pk}/password/",
        {"password1": NEW, "password2": NEW, "usable_password": "true"},
    )
    assert answer.status_code == 302, answer.content.decode()


def change_with_the_command(user: User, monkeypatch) -> None:
    monkeypatch.setattr(
        "django.contrib.auth.management.commands.changepassword.getpass.getpass",
        lambda prompt="": NEW,
    )
    call_command("changepassword", user.username, stdout=None)


PATHS = {
    "api": lambda user, monkeypatch: change_through_the_api(user),
    "page": lambda user, monkeypatch: change_on_the_page(user),
    "reset": lambda user, monkeypatch: reset_by_e_mail(user),
    "admin": lambda user, monkeypatch: set_in_the_admin(user),
    "command": change_with_the_command,
}


def new_password_by(path: str, user: User, monkeypatch) -> None:
    PATHS[path](user, monkeypatch)
    user.refresh_from_db()
    assert user.check_password(NEW)


# --- API tokens -----------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["api", "page", "admin", "command"])
def test_a_password_change_ends_every_api_token_of_the_account(anna, path, monkeypatch, api):
    bot = client_with_token(anna)
    assert bot.get(ME).status_code == 200
    new_password_by(path, anna, monkeypatch)
    assert bot.get(ME).status_code == 401
    assert not Token.objects.filter(user=anna).exists()
    # The new password gets a new token.
    answer = api.post("/api/accounts/token/", {"username": "anna", "password": NEW})
    assert answer.status_code == 200
    assert client_with_token(anna).get(ME).status_code == 200


def test_a_password_reset_ends_every_api_token_of_the_account(anna, api):
    bot = client_with_token(anna)
    assert bot.get(ME).status_code == 200
    api.post("/api/accounts/password/reset/", {"email": "anna@example.org"})
    [message] = mail.outbox
    choose_new_password(Client(), reset_link(message))
    assert bot.get(ME).status_code == 401


def test_a_password_checked_at_log_in_ends_nothing(anna, settings):
    # A hasher made stronger hashes the password again at the next log-in: the same password.
    token = client_with_token(anna)
    settings.PASSWORD_HASHERS = [
        "django.contrib.auth.hashers.PBKDF2PasswordHasher",
        *settings.PASSWORD_HASHERS,
    ]
    old_hash = anna.password
    assert Client().post("/login/", {"login": "anna", "password": TEST_PASSWORD}).status_code == 302
    anna.refresh_from_db()
    assert anna.password != old_hash  # hashed again
    assert token.get(ME).status_code == 200


# --- sessions -------------------------------------------------------------------------------


def test_a_password_change_keeps_only_the_session_that_made_it(anna):
    phone, laptop = logged_in_elsewhere(anna), logged_in_elsewhere(anna)
    browser = Client()
    change_on_the_page(anna, browser)
    assert still_logged_in(browser)
    assert not still_logged_in(phone)
    assert not still_logged_in(laptop)


def test_a_password_reset_ends_every_session(anna):
    elsewhere = logged_in_elsewhere(anna)
    # Even the browser that follows the link, when it is logged in to the account.
    browser = logged_in_elsewhere(anna)
    reset_by_e_mail(anna, browser)
    assert not still_logged_in(elsewhere)
    assert not still_logged_in(browser)


@pytest.mark.parametrize("path", ["admin", "command"])
def test_a_password_set_for_the_account_ends_its_sessions(anna, path, monkeypatch):
    elsewhere = logged_in_elsewhere(anna)
    new_password_by(path, anna, monkeypatch)
    assert not still_logged_in(elsewhere)


# --- the private calendar -------------------------------------------------------------------


@pytest.mark.parametrize("path", ["api", "page", "reset"])
def test_a_password_change_gives_new_calendar_feed_addresses(anna, path, monkeypatch):
    old = client_with_token(anna).get(CALENDAR_API).json()["url"]
    assert Client().get(old).status_code == 200
    new_password_by(path, anna, monkeypatch)
    assert Client().get(old).status_code == 404
    new = client_with_token(anna).get(CALENDAR_API).json()["url"]
    assert new != old
    assert Client().get(new).status_code == 200


def test_a_password_change_makes_no_calendar_for_a_player_without_one(anna):
    change_on_the_page(anna)
    assert not User.objects.filter(pk=anna.pk, calendar_feed__isnull=False).exists()


# --- a change of address waiting for its link ------------------------------------------------


def confirmation_link(message) -> str:
    found = re.search(r"https?://\S+/accounts/confirm-email/\S+/", message.body)
    assert found, message.body
    return found.group(0)[len(SITE) :]


@pytest.mark.parametrize("path", ["api", "page", "reset", "admin"])
def test_a_password_change_cancels_a_pending_email_change(anna, path, monkeypatch):
    answer = client_with_token(anna).patch(
        ME, {"email": "thief@example.net", "password": TEST_PASSWORD}, format="json"
    )
    assert answer.json()["email_pending"] == "thief@example.net"
    link = confirmation_link(mail.outbox[-1])
    new_password_by(path, anna, monkeypatch)
    assert client_with_token(anna).get(ME).json()["email_pending"] is None
    Client().post(link)  # the link no longer confirms anything
    anna.refresh_from_db()
    assert anna.email == "anna@example.org"
    assert list(EmailAddress.objects.filter(user=anna).values_list("email", "verified")) == [
        ("anna@example.org", True)
    ]


def test_a_password_change_keeps_the_accounts_own_unconfirmed_address(make_user):
    anna = make_user("anna", email="anna@example.org", email_verified=False)
    change_on_the_page(anna)
    assert list(EmailAddress.objects.filter(user=anna).values_list("email", "verified")) == [
        ("anna@example.org", False)
    ]


# --- the confirmed address is told ------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("api", "Your password has been changed."),
        ("page", "Your password has been changed."),
        ("admin", "Your password has been changed."),
        ("reset", "Your password has been reset."),
    ],
)
def test_the_confirmed_address_is_told_of_a_password_change(anna, path, words, monkeypatch):
    new_password_by(path, anna, monkeypatch)
    told = [m for m in mail.outbox if words in m.body]
    assert [m.to for m in told] == [["anna@example.org"]]


@pytest.mark.parametrize("path", ["page", "admin", "reset"])
def test_the_notice_of_a_new_password_speaks_the_accounts_language(make_user, path, monkeypatch):
    anya = make_user("anya", email="anya@example.org", language="ru")
    new_password_by(path, anya, monkeypatch)
    notice = mail.outbox[-1]
    assert notice.to == ["anya@example.org"]
    assert re.search("[а-яА-Я]", notice.subject), notice.subject


# --- a new address asks for the password ------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({}, "Type your password to change your e-mail address."),
        ({"password": ""}, "This field may not be blank."),
        ({"password": "not-my-password"}, "Wrong password."),
    ],
    ids=["missing", "blank", "wrong"],
)
def test_changing_the_email_through_the_api_asks_for_the_password(anna, body, message):
    api = client_with_token(anna)
    answer = api.patch(
        ME,
        {"email": "anna@new.example", "notifications": {"your_move": False}, **body},
        format="json",
    )
    assert answer.status_code == 400
    assert answer.json()["error"]["details"] == {"password": [message]}
    me = api.get(ME).json()
    assert me["email_pending"] is None
    assert me["notifications"]["your_move"] is True  # nothing of the body was changed
    assert mail.outbox == []


def test_the_api_change_of_address_counts_passwords_as_log_in_attempts(anna, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "token_username": "3/minute",
        },
    }
    api = client_with_token(anna)
    for i in range(3):
        api.patch(ME, {"email": "anna@new.example", "password": f"guess-{i}"}, format="json")
    answer = api.patch(ME, {"email": "anna@new.example", "password": TEST_PASSWORD}, format="json")
    assert answer.status_code == 429
    assert api.get(ME).json()["email_pending"] is None


def test_the_email_page_asks_for_the_password_before_a_new_address(anna):
    browser = Client()
    browser.force_login(anna)
    answer = browser.post("/accounts/email/", {"email": "anna@new.example", "action_add": ""})
    assert answer.status_code == 302
    assert answer["Location"].startswith("/accounts/reauthenticate/")
    assert not EmailAddress.objects.filter(email="anna@new.example").exists()
    # The password typed again, the change asked for goes on.
    again = browser.post(answer["Location"], {"password": TEST_PASSWORD})
    assert again.status_code == 302
    assert EmailAddress.objects.filter(email="anna@new.example", verified=False).exists()
    assert [m.to for m in mail.outbox] == [["anna@new.example"]]


# --- links e-mailed before ----------------------------------------------------------------------


def test_a_password_change_ends_the_reset_links_sent_before(anna):
    Client().post(RESET_PAGE, {"email": "anna@example.org"})
    link = reset_link(mail.outbox[-1])
    change_on_the_page(anna)
    answer = Client().get(link, follow=True)
    assert "The link has expired or has already been used." in answer.content.decode()
