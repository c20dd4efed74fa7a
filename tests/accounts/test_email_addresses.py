"""A player's e-mail address: given at sign-up or later, confirmed by the link e-mailed to it,
changed only once the new one is confirmed; nothing else is e-mailed to an unconfirmed one."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import SESSION_KEY
from django.core import mail

from accounts.models import User
from notifications.kinds import Kind
from tests.conftest import TEST_PASSWORD, client_with_token
from tests.notifications.conftest import tell

pytestmark = pytest.mark.django_db

PASSWORD = "kropki-on-a-rainy-day"
SITE = "https://dots.example.org"


@pytest.fixture(autouse=True)
def _site_address(settings):
    settings.SITE_URL = SITE


def sign_up(client, username: str = "anna", email: str = "anna@example.org"):
    return client.post(
        "/signup/",
        {"username": username, "email": email, "password1": PASSWORD, "password2": PASSWORD},
    )


def link_in(message) -> str:
    found = re.search(r"https?://\S+/accounts/confirm-email/\S+/", message.body)
    assert found, message.body
    return found.group(0)


def path_of(link: str) -> str:
    assert link.startswith(SITE + "/"), link
    return link[len(SITE) :]


def addresses(user: User) -> list[tuple[str, bool, bool]]:
    return list(
        EmailAddress.objects.filter(user=user)
        .order_by("email")
        .values_list("email", "verified", "primary")
    )


def logged_in(client) -> bool:
    return SESSION_KEY in client.session


def type_password_again(client, password: str = TEST_PASSWORD) -> None:
    """What the e-mail page asks first: the password, typed again (allauth's
    reauthentication), good for a few minutes."""
    response = client.post("/accounts/reauthenticate/", {"password": password})
    assert response.status_code == 302, response.content.decode()


# --- at sign-up ----------------------------------------------------------------------------


def test_sign_up_with_an_address_records_it_unconfirmed_and_e_mails_its_link(client):
    sign_up(client)
    anna = User.objects.get(username="anna")
    assert addresses(anna) == [("anna@example.org", False, True)]
    [message] = mail.outbox
    assert message.to == ["anna@example.org"]
    assert message.subject == "[Dots Championships] Please Confirm Your Email Address"
    assert "Hello from Dots Championships!" in message.body
    assert "dots.example.org" in message.body
    assert path_of(link_in(message)).startswith("/accounts/confirm-email/")


def test_a_newcomer_plays_at_once_without_confirming_the_address(client):
    response = sign_up(client)
    assert response["Location"] == "/games/new/"  # sign-up lands on the new-game page
    assert logged_in(client)
    assert client.get("/games/new/").status_code == 200
    html = client.get("/account/").content.decode()
    assert "not confirmed" in html
    assert "Your e-mail address is not confirmed yet, so nothing is e-mailed to it" in html


def test_sign_up_without_an_address_e_mails_nothing(client):
    sign_up(client, email="")
    assert addresses(User.objects.get(username="anna")) == []
    assert mail.outbox == []


def test_following_the_link_confirms_the_address(client):
    sign_up(client)
    link = path_of(link_in(mail.outbox[0]))
    page = client.get(link)
    assert page.status_code == 200
    assert "Is <strong>anna@example.org</strong> the address of the player" in page.content.decode()
    response = client.post(link)
    assert (response.status_code, response["Location"]) == (302, "/account/")
    anna = User.objects.get(username="anna")
    assert addresses(anna) == [("anna@example.org", True, True)]
    html = client.get("/account/").content.decode()
    assert "we e-mail you at <strong>anna@example.org</strong>" in html


def test_the_link_works_on_a_device_that_is_not_logged_in(client):
    sign_up(client)
    link = path_of(link_in(mail.outbox[0]))
    client.logout()
    response = client.post(link)
    assert (response.status_code, response["Location"]) == (302, "/login/")
    assert addresses(User.objects.get(username="anna"))[0][1] is True
    assert not logged_in(client)


def test_a_broken_link_says_so_and_confirms_nothing(client, make_user):
    make_user("anna", email="anna@example.org", email_verified=False)
    page = client.get("/accounts/confirm-email/not-a-key/")
    assert page.status_code == 200
    assert "This link has expired or is not valid." in page.content.decode()
    assert client.post("/accounts/confirm-email/not-a-key/").status_code == 404
    assert not EmailAddress.objects.filter(verified=True).exists()


def test_an_address_another_account_confirmed_can_be_given_but_not_confirmed(client, make_user):
    make_user("owner", email="shared@example.org")
    response = sign_up(client, email="shared@example.org")
    assert response["Location"] == "/games/new/"  # nothing tells the newcomer whose it is
    anna = User.objects.get(username="anna")
    assert addresses(anna) == [("shared@example.org", False, True)]
    page = client.get(path_of(link_in(mail.outbox[0])))
    assert "another account has already confirmed it" in page.content.decode()
    client.post(path_of(link_in(mail.outbox[0])))
    assert addresses(anna) == [("shared@example.org", False, True)]


# --- changing it ---------------------------------------------------------------------------


def test_a_new_address_replaces_the_old_only_once_its_link_is_followed(client, make_user):
    anna = make_user("anna", email="anna@example.org")
    client.force_login(anna)
    type_password_again(client)
    response = client.post("/accounts/email/", {"email": "anna@new.example", "action_add": ""})
    assert response.status_code == 302
    anna.refresh_from_db()
    assert anna.email == "anna@example.org"
    assert addresses(anna) == [("anna@example.org", True, True), ("anna@new.example", False, False)]
    page = client.get("/accounts/email/").content.decode()
    assert "You are changing it to <strong>anna@new.example</strong>" in page
    [message] = mail.outbox
    assert message.to == ["anna@new.example"]
    client.post(path_of(link_in(message)))
    anna.refresh_from_db()
    assert anna.email == "anna@new.example"
    assert addresses(anna) == [("anna@new.example", True, True)]
    # The old address is told of the change.
    assert [m.to for m in mail.outbox[1:]] == [["anna@example.org"]]


def test_the_link_of_a_change_can_be_sent_again_or_the_change_dropped(client, make_user, settings):
    settings.ACCOUNT_RATE_LIMITS = {**settings.ACCOUNT_RATE_LIMITS, "confirm_email": ""}
    anna = make_user("anna", email="anna@example.org")
    client.force_login(anna)
    type_password_again(client)
    client.post("/accounts/email/", {"email": "anna@new.example", "action_add": ""})
    client.post("/accounts/email/", {"email": "anna@new.example", "action_send": ""})
    assert [m.to for m in mail.outbox] == [["anna@new.example"], ["anna@new.example"]]
    client.post("/accounts/email/", {"email": "anna@new.example", "action_remove": ""})
    assert addresses(anna) == [("anna@example.org", True, True)]


def test_changing_to_the_address_it_has_is_an_error_at_the_field(client, make_user):
    anna = make_user("anna", email="anna@example.org")
    client.force_login(anna)
    type_password_again(client)
    page = client.post("/accounts/email/", {"email": "ANNA@example.org", "action_add": ""})
    assert page.status_code == 200
    assert "This email address is already associated with this account." in (page.content.decode())
    assert mail.outbox == []


def test_the_e_mail_page_needs_a_log_in(client):
    response = client.get("/accounts/email/")
    assert response.status_code == 302
    assert response["Location"].startswith("/login/?next=")


# --- what goes to an address -----------------------------------------------------------------


# The e-mail task runs once the notification has committed.
@pytest.mark.django_db
@pytest.mark.usefixtures("embedded", "after_commit")
def test_notifications_are_e_mailed_only_once_the_address_is_confirmed(make_user):
    anna = make_user("anna", email="anna@example.org", email_verified=False)
    tell([anna], Kind.CHAMPIONSHIP_STARTED)
    assert mail.outbox == []
    EmailAddress.objects.filter(user=anna).update(verified=True)
    tell([anna], Kind.CHAMPIONSHIP_STARTED)
    assert [message.to for message in mail.outbox] == [["anna@example.org"]]


@pytest.mark.django_db
@pytest.mark.usefixtures("embedded", "after_commit")
def test_an_address_set_by_staff_and_never_confirmed_gets_no_notification(make_user):
    anna = make_user("anna", email="anna@example.org")
    anna.email = "elsewhere@example.org"  # changed in the admin, say
    anna.save()
    tell([anna], Kind.CHAMPIONSHIP_STARTED)
    assert mail.outbox == []


@pytest.mark.parametrize(("verified", "told"), [(False, []), (True, [["anna@example.org"]])])
def test_a_password_change_is_told_only_to_a_confirmed_address(client, make_user, verified, told):
    anna = make_user("anna", email="anna@example.org", email_verified=verified)
    client.force_login(anna)
    new = "another-long-passphrase"
    client.post(
        "/accounts/password/change/",
        {"oldpassword": TEST_PASSWORD, "password1": new, "password2": new},
    )
    anna.refresh_from_db()
    assert anna.check_password(new)
    assert [message.to for message in mail.outbox] == told


# --- through the API -------------------------------------------------------------------------


def test_registering_with_an_address_records_it_and_e_mails_its_link(api):
    body = {"username": "anna", "password": PASSWORD, "email": "anna@example.org"}
    response = api.post("/api/accounts/register/", body, format="json")
    assert response.status_code == 201
    assert set(response.json()) >= {"username", "plan", "token"}
    anna = User.objects.get(username="anna")
    assert addresses(anna) == [("anna@example.org", False, True)]
    [message] = mail.outbox
    assert message.to == ["anna@example.org"]
    assert path_of(link_in(message)).startswith("/accounts/confirm-email/")


def test_registering_without_an_address_e_mails_nothing(api):
    body = {"username": "anna", "password": PASSWORD}
    assert api.post("/api/accounts/register/", body, format="json").status_code == 201
    assert addresses(User.objects.get(username="anna")) == []
    assert mail.outbox == []


def test_me_tells_whether_the_address_is_confirmed(make_user):
    anna = make_user("anna", email="anna@example.org", email_verified=False)
    me = client_with_token(anna).get("/api/accounts/me/").json()
    assert (me["email"], me["email_verified"], me["email_pending"]) == (
        "anna@example.org",
        False,
        None,
    )
    EmailAddress.objects.filter(user=anna).update(verified=True)
    assert client_with_token(anna).get("/api/accounts/me/").json()["email_verified"] is True


def test_patching_me_with_an_address_starts_its_change(make_user):
    anna = make_user("anna", email="anna@example.org")
    response = client_with_token(anna).patch(
        "/api/accounts/me/",
        {"email": "anna@new.example", "password": TEST_PASSWORD},
        format="json",
    )
    assert response.status_code == 200
    body = response.json()
    assert (body["email"], body["email_verified"], body["email_pending"]) == (
        "anna@example.org",
        True,
        "anna@new.example",
    )
    [message] = mail.outbox
    assert message.to == ["anna@new.example"]
    anna.refresh_from_db()
    assert anna.email == "anna@example.org"


@pytest.mark.parametrize(
    ("email", "message"),
    [
        ("not-an-address", "Enter a valid email address."),
        ("ANNA@example.org", "This email address is already associated with this account."),
        ("", "This field may not be blank."),
    ],
)
def test_patching_me_with_an_unusable_address_is_a_field_error(make_user, email, message):
    anna = make_user("anna", email="anna@example.org")
    response = client_with_token(anna).patch(
        "/api/accounts/me/", {"email": email, "password": TEST_PASSWORD}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["error"]["details"] == {"email": [message]}
    assert addresses(anna) == [("anna@example.org", True, True)]
    assert mail.outbox == []


def test_an_api_change_of_address_leaves_no_message_for_a_page(make_user):
    anna = make_user("anna", email="anna@example.org")
    response = client_with_token(anna).patch(
        "/api/accounts/me/",
        {"email": "anna@new.example", "password": TEST_PASSWORD},
        format="json",
    )
    assert response.status_code == 200
    assert "messages" not in response.cookies


def test_the_api_log_in_takes_the_e_mail_address_for_the_username(api, make_user):
    make_user("anna", email="anna@example.org")
    body = {"username": "Anna@Example.org", "password": TEST_PASSWORD}
    assert api.post("/api/accounts/token/", body).status_code == 200
