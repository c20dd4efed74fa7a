"""Register, log in for a token, and read your own account."""

import pytest

from accounts.models import User

pytestmark = pytest.mark.django_db

REGISTER = "/api/accounts/register/"
TOKEN = "/api/accounts/token/"
ME = "/api/accounts/me/"
PASSWORD = "kropki-on-a-rainy-day"


def register(api, **body):
    return api.post(REGISTER, {"username": "anna", "password": PASSWORD, **body}, format="json")


def test_register_then_token_then_me(api):
    created = register(api, email="anna@example.org")
    assert created.status_code == 201
    assert created.json()["username"] == "anna"
    assert created.json()["plan"] == "free"
    registration_token = created.json()["token"]

    login = api.post(TOKEN, {"username": "anna", "password": PASSWORD}, format="json")
    assert login.status_code == 200
    assert login.json() == {"token": registration_token}

    api.credentials(HTTP_AUTHORIZATION=f"Token {registration_token}")
    me = api.get(ME)
    assert me.status_code == 200
    body = me.json()
    assert body["username"] == "anna"
    assert body["email"] == "anna@example.org"
    assert body["plan"] == "free"
    assert body["plan_until"] is None
    assert body["entitlements"] == []
    assert body["championship_entrant_limit"] == 16
    assert body["page"] == "http://testserver/players/anna/"


def test_player_page_from_me_is_served(api):
    register(api)
    response = api.get("/players/anna/")
    assert response.status_code == 200
    assert b"anna" in response.content


def test_password_is_stored_hashed(api):
    register(api)
    user = User.objects.get(username="anna")
    assert user.password != PASSWORD
    assert user.check_password(PASSWORD)


def test_log_in_ignores_letter_case_of_username(api):
    register(api, username="Anna")
    login = api.post(TOKEN, {"username": "ANNA", "password": PASSWORD}, format="json")
    assert login.status_code == 200


def test_wrong_password_is_refused_without_saying_which_part_is_wrong(api):
    register(api)
    wrong = api.post(TOKEN, {"username": "anna", "password": "not-her-password"}, format="json")
    unknown = api.post(TOKEN, {"username": "nobody", "password": PASSWORD}, format="json")
    for response in (wrong, unknown):
        assert response.status_code == 401
        assert response.json()["error"]["code"] == "invalid_credentials"
    assert wrong.json() == unknown.json()


def test_token_request_without_password_names_the_field(api):
    response = api.post(TOKEN, {"username": "anna"}, format="json")
    assert response.status_code == 400
    assert "password" in response.json()["error"]["details"]


def test_inactive_account_cannot_log_in(api):
    register(api)
    User.objects.filter(username="anna").update(is_active=False)
    response = api.post(TOKEN, {"username": "anna", "password": PASSWORD}, format="json")
    assert response.status_code == 401


def test_duplicate_username_is_a_field_error_whatever_the_case(api):
    assert register(api).status_code == 201
    again = register(api, username="ANNA")
    assert again.status_code == 400
    error = again.json()["error"]
    assert error["code"] == "invalid"
    assert list(error["details"]) == ["username"]
    assert "username" in error["message"]
    assert User.objects.count() == 1


@pytest.mark.parametrize(
    "password",
    ["short1", "password123", "1234567890123", "annakowalska1"],
    ids=["too-short", "too-common", "only-digits", "like-email"],
)
def test_weak_password_is_refused_and_creates_nothing(api, password):
    response = register(api, password=password, email="annakowalska@example.org")
    assert response.status_code == 400
    assert list(response.json()["error"]["details"]) == ["password"]
    assert not User.objects.exists()


def test_missing_password_and_username_are_both_named(api):
    response = api.post(REGISTER, {}, format="json")
    assert response.status_code == 400
    assert set(response.json()["error"]["details"]) == {"username", "password"}


@pytest.mark.parametrize("username", ["ab", "has space", "slash/name", "x" * 31, "admin", "Me"])
def test_unusable_or_reserved_username_is_refused(api, username):
    response = register(api, username=username)
    assert response.status_code == 400
    assert list(response.json()["error"]["details"]) == ["username"]
    assert not User.objects.exists()


def test_cyrillic_and_polish_usernames_are_welcome(api):
    assert register(api, username="Дмитрий").status_code == 201
    assert register(api, username="Łucja_K").status_code == 201


def test_malformed_email_is_a_field_error(api):
    response = register(api, email="not-an-address")
    assert response.status_code == 400
    assert list(response.json()["error"]["details"]) == ["email"]


def test_me_needs_authentication(api):
    response = api.get(ME)
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "not_authenticated"


def test_revoked_token_stops_working_and_log_in_issues_a_new_one(api):
    token = register(api).json()["token"]
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert api.delete(TOKEN).status_code == 204
    assert api.get(ME).status_code == 401
    api.credentials()
    fresh = api.post(TOKEN, {"username": "anna", "password": PASSWORD}, format="json")
    assert fresh.json()["token"] != token
