"""Passwords: changed with the old one, reset through a link e-mailed to the account's address;
on the pages and through the API, by the same rules and with the same e-mail."""

import re

import pytest
from django.contrib.auth import SESSION_KEY
from django.core import mail
from django.test import Client

from accounts.models import User
from tests.conftest import TEST_PASSWORD, client_with_token

pytestmark = pytest.mark.django_db

NEW = "another-long-passphrase"
SITE = "https://dots.example.org"
CHANGE_PAGE = "/accounts/password/change/"
RESET_PAGE = "/accounts/password/reset/"
CHANGE_API = "/api/accounts/password/"
RESET_API = "/api/accounts/password/reset/"


@pytest.fixture(autouse=True)
def _site_address(settings):
    settings.SITE_URL = SITE


@pytest.fixture
def anna(make_user) -> User:
    return make_user("anna", email="anna@example.org")


def logged_in(client) -> bool:
    return SESSION_KEY in client.session


def field_errors(response, field: str) -> list[str]:
    html = response.content.decode()
    found = re.search(rf'<ul class="errorlist" id="id_{field}_error">(.*?)</ul>', html, re.S)
    return re.findall(r"<li>(.*?)</li>", found.group(1), re.S) if found else []


def reset_link(message) -> str:
    found = re.search(r"https?://\S+/accounts/password/reset/key/\S+/", message.body)
    assert found, message.body
    assert found.group(0).startswith(SITE + "/"), found.group(0)
    return found.group(0)[len(SITE) :]


def logged_in_elsewhere(user: User) -> Client:
    other = Client()
    other.force_login(user)
    assert logged_in(other)
    return other


def still_logged_in(client: Client) -> bool:
    """Whether the session still opens the account (a page that needs a log-in opens)."""
    return client.get("/account/").status_code == 200


def choose_new_password(client: Client, link: str, password: str = NEW):
    """Follow the reset link and set `password`; the answer to the form."""
    form_page = client.get(link)
    assert form_page.status_code == 302  # the key moves into the session, off the address
    return client.post(form_page["Location"], {"password1": password, "password2": password})


# --- changing it on the page ---------------------------------------------------------------


def test_password_change_page_needs_a_log_in(client):
    response = client.get(CHANGE_PAGE)
    assert response.status_code == 302
    assert response["Location"].startswith("/login/?next=")


def test_password_change_page_has_labelled_fields(client, anna):
    client.force_login(anna)
    html = client.get(CHANGE_PAGE).content.decode()
    for field in ("oldpassword", "password1", "password2"):
        assert f'<label for="id_{field}">' in html
    assert 'aria-current="page">Password</a>' in html


def test_password_change_keeps_this_session_and_ends_the_others(client, anna):
    client.force_login(anna)
    elsewhere = logged_in_elsewhere(anna)
    response = client.post(
        CHANGE_PAGE, {"oldpassword": TEST_PASSWORD, "password1": NEW, "password2": NEW}
    )
    assert response.status_code == 302
    anna.refresh_from_db()
    assert anna.check_password(NEW)
    assert still_logged_in(client)
    assert not still_logged_in(elsewhere)


def test_password_change_with_a_wrong_old_password_is_an_error_there(client, anna):
    client.force_login(anna)
    response = client.post(
        CHANGE_PAGE, {"oldpassword": "not-my-password", "password1": NEW, "password2": NEW}
    )
    assert response.status_code == 200
    assert field_errors(response, "oldpassword") == ["Please type your current password."]
    anna.refresh_from_db()
    assert anna.check_password(TEST_PASSWORD)


def test_password_change_runs_the_password_validators(client, anna):
    client.force_login(anna)
    short = "kropki-7"
    response = client.post(
        CHANGE_PAGE, {"oldpassword": TEST_PASSWORD, "password1": short, "password2": short}
    )
    assert field_errors(response, "password1") == [
        "This password is too short. It must contain at least 10 characters."
    ]
    anna.refresh_from_db()
    assert anna.check_password(TEST_PASSWORD)


# --- resetting it through the e-mail --------------------------------------------------------


def test_password_reset_e_mails_a_link_on_the_sites_address_that_sets_a_new_password(client, anna):
    elsewhere = logged_in_elsewhere(anna)
    response = client.post(RESET_PAGE, {"email": "Anna@Example.org"})
    assert (response.status_code, response["Location"]) == (302, "/accounts/password/reset/done/")
    [message] = mail.outbox
    assert message.to == ["anna@example.org"]
    assert "In case you forgot, your username is anna." in message.body
    done = choose_new_password(client, reset_link(message))
    assert (done.status_code, done["Location"]) == (302, "/accounts/password/reset/key/done/")
    anna.refresh_from_db()
    assert anna.check_password(NEW)
    assert not still_logged_in(elsewhere)
    assert client.post("/login/", {"login": "anna", "password": TEST_PASSWORD}).status_code == 200
    assert client.post("/login/", {"login": "anna", "password": NEW}).status_code == 302


def test_password_reset_link_works_once(client, anna):
    client.post(RESET_PAGE, {"email": "anna@example.org"})
    link = reset_link(mail.outbox[0])
    choose_new_password(client, link)
    again = Client().get(link)
    assert again.status_code == 200
    assert "The link has expired or has already been used." in again.content.decode()


def test_password_reset_for_an_unknown_address_looks_the_same_and_sends_nothing(client, anna):
    known = client.post(RESET_PAGE, {"email": "anna@example.org"})
    unknown = client.post(RESET_PAGE, {"email": "nobody@example.org"})
    assert (unknown.status_code, unknown["Location"]) == (known.status_code, known["Location"])
    assert [message.to for message in mail.outbox] == [["anna@example.org"]]


def test_password_reset_e_mail_speaks_the_accounts_language(client, make_user):
    make_user("anya", email="anya@example.org", language="ru")
    client.post(RESET_PAGE, {"email": "anya@example.org"})
    [message] = mail.outbox
    assert re.search("[а-яА-Я]", message.subject), message.subject
    assert re.search("[а-яА-Я]", message.body)


def test_password_reset_page_is_throttled_per_address_written_to(client, anna, settings):
    settings.ACCOUNT_RATE_LIMITS = {**settings.ACCOUNT_RATE_LIMITS, "reset_password": "2/h/key"}
    for _ in range(2):
        client.post(RESET_PAGE, {"email": "anna@example.org"})
    response = client.post(RESET_PAGE, {"email": "anna@example.org"})
    assert response.status_code == 429
    assert len(mail.outbox) == 2


# --- the API: changing it ---------------------------------------------------------------------


def test_api_password_change_needs_authentication(api):
    response = api.post(CHANGE_API, {"old_password": TEST_PASSWORD, "new_password": NEW})
    assert response.status_code == 401


def test_api_password_change_sets_it_and_ends_every_session_and_token(anna):
    elsewhere = logged_in_elsewhere(anna)
    api = client_with_token(anna)
    response = api.post(CHANGE_API, {"old_password": TEST_PASSWORD, "new_password": NEW})
    assert response.status_code == 204
    anna.refresh_from_db()
    assert anna.check_password(NEW)
    assert not still_logged_in(elsewhere)
    assert api.get("/api/accounts/me/").status_code == 401  # the token that asked ends too
    assert "sessionid" not in response.cookies


def test_api_password_change_from_a_session_keeps_that_session(anna):
    browser = Client(enforce_csrf_checks=False)
    browser.force_login(anna)
    elsewhere = logged_in_elsewhere(anna)
    response = browser.post(
        CHANGE_API,
        {"old_password": TEST_PASSWORD, "new_password": NEW},
        content_type="application/json",
    )
    assert response.status_code == 204
    assert still_logged_in(browser)
    assert not still_logged_in(elsewhere)


def test_api_password_change_with_a_wrong_old_password_is_a_field_error(anna):
    response = client_with_token(anna).post(
        CHANGE_API, {"old_password": "not-my-password", "new_password": NEW}
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["details"] == {"old_password": ["Please type your current password."]}
    assert error["message"] == "old_password: Please type your current password."
    anna.refresh_from_db()
    assert anna.check_password(TEST_PASSWORD)


@pytest.mark.parametrize(
    ("password", "message"),
    [
        ("short1abc", "This password is too short. It must contain at least 10 characters."),
        ("password123", "This password is too common."),
        ("anna@example", "The password is too similar to the email address."),
    ],
)
def test_api_password_change_runs_the_password_validators(anna, password, message):
    response = client_with_token(anna).post(
        CHANGE_API, {"old_password": TEST_PASSWORD, "new_password": password}
    )
    assert response.status_code == 400
    assert message in response.json()["error"]["details"]["new_password"]
    anna.refresh_from_db()
    assert anna.check_password(TEST_PASSWORD)


@pytest.mark.parametrize(
    "body",
    [{}, {"old_password": TEST_PASSWORD}, {"old_password": 1, "new_password": NEW}],
    ids=["empty", "no-new-password", "not-a-string"],
)
def test_api_password_change_with_missing_fields_is_400(anna, body):
    response = client_with_token(anna).post(CHANGE_API, body, format="json")
    assert response.status_code == 400
    anna.refresh_from_db()
    assert anna.check_password(TEST_PASSWORD)


def test_api_password_change_cannot_be_used_to_guess_the_password(anna, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "token_username": "3/minute",
        },
    }
    api = client_with_token(anna)
    for i in range(3):
        api.post(CHANGE_API, {"old_password": f"guess-{i}", "new_password": NEW})
    response = api.post(CHANGE_API, {"old_password": TEST_PASSWORD, "new_password": NEW})
    assert response.status_code == 429
    assert int(response["Retry-After"]) > 0
    anna.refresh_from_db()
    assert anna.check_password(TEST_PASSWORD)


def test_api_password_change_tells_a_confirmed_address(anna):
    client_with_token(anna).post(CHANGE_API, {"old_password": TEST_PASSWORD, "new_password": NEW})
    [message] = mail.outbox
    assert message.to == ["anna@example.org"]
    assert "Your password has been changed." in message.body


# --- the API: resetting it -------------------------------------------------------------------


def test_api_password_reset_answers_202_alike_for_a_known_and_an_unknown_address(api, anna):
    known = api.post(RESET_API, {"email": "anna@example.org"}, REMOTE_ADDR="192.0.2.1")
    unknown = api.post(RESET_API, {"email": "nobody@example.org"}, REMOTE_ADDR="192.0.2.2")
    assert known.status_code == unknown.status_code == 202
    assert known.json() == unknown.json()
    assert [message.to for message in mail.outbox] == [["anna@example.org"]]


def test_api_password_reset_sends_the_pages_e_mail_whose_link_sets_a_new_password(
    api, client, anna
):
    api.post(RESET_API, {"email": "anna@example.org"})
    client.post(RESET_PAGE, {"email": "anna@example.org"})
    by_api, by_page = mail.outbox
    assert by_api.subject == by_page.subject
    assert re.sub(r"/key/\S+/", "", by_api.body) == re.sub(r"/key/\S+/", "", by_page.body)
    choose_new_password(Client(), reset_link(by_api))
    anna.refresh_from_db()
    assert anna.check_password(NEW)


def test_api_password_reset_of_a_closed_account_sends_nothing(api, make_user):
    make_user("gone", email="gone@example.org", is_active=False)
    assert api.post(RESET_API, {"email": "gone@example.org"}).status_code == 202
    assert mail.outbox == []


@pytest.mark.parametrize("body", [{}, {"email": "not-an-address"}, {"email": ["a@b.org"]}])
def test_api_password_reset_without_a_usable_address_is_a_field_error(api, body):
    response = api.post(RESET_API, body, format="json")
    assert response.status_code == 400
    assert list(response.json()["error"]["details"]) == ["email"]
    assert mail.outbox == []


def test_api_password_reset_is_throttled_per_address_written_to(api, anna, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "password_reset_email": "2/hour",
        },
    }
    answers = [
        api.post(RESET_API, {"email": email}, REMOTE_ADDR=f"192.0.2.{i}").status_code
        for i, email in enumerate(["anna@example.org", "ANNA@example.org ", "anna@example.org"])
    ]
    assert answers == [202, 202, 429]
    assert len(mail.outbox) == 2
    other = api.post(RESET_API, {"email": "nobody@example.org"}, REMOTE_ADDR="192.0.2.9")
    assert other.status_code == 202


def test_api_password_reset_is_throttled_per_client_address(api, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "password_reset": "2/hour",
        },
    }
    answers = [
        api.post(RESET_API, {"email": f"someone{i}@example.org"}, REMOTE_ADDR="192.0.2.7")
        for i in range(3)
    ]
    assert [answer.status_code for answer in answers] == [202, 202, 429]
    assert int(answers[-1]["Retry-After"]) > 0
    elsewhere = api.post(RESET_API, {"email": "x@example.org"}, REMOTE_ADDR="192.0.2.8")
    assert elsewhere.status_code == 202
