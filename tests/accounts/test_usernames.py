"""Two names that read the same are one name: reserved, taken and looked up alike.

Names are compared after NFKC normalisation and case folding, without surrounding white
space; registration, log-in, the throttles and every look-up by name use that one form.
"""

import re
from html import unescape

import pytest
from django.db import IntegrityError, transaction

from accounts import services
from accounts.models import User
from tests.conftest import TEST_PASSWORD
from tests.support.mfa import log_in_with_second_factor

pytestmark = pytest.mark.django_db

REGISTER = "/api/accounts/register/"
TOKEN = "/api/accounts/token/"
PASSWORD = "kropki-on-a-rainy-day"


def register(api, username: str):
    return api.post(REGISTER, {"username": username, "password": PASSWORD}, format="json")


def sign_up(client, username: str):
    return client.post(
        "/signup/",
        {"username": username, "password1": PASSWORD, "password2": PASSWORD, "email": ""},
    )


def field_errors(response, field: str) -> list[str]:
    html = response.content.decode()
    found = re.search(rf'<ul class="errorlist" id="id_{field}_error">(.*?)</ul>', html, re.S)
    if not found:
        return []
    return [unescape(item) for item in re.findall(r"<li>(.*?)</li>", found.group(1), re.S)]


def assert_username_refused(response, message: str) -> None:
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert list(error["details"]) == ["username"]
    assert error["details"]["username"] == [message]


# --- reserved names ------------------------------------------------------------------------


@pytest.mark.parametrize("username", ["ｃｐｕ", "ａｄｍｉｎ", "ＳＴＡＦＦ", " api", "ｔｏｋｅｎ\t"])
def test_full_width_copy_of_a_reserved_name_is_refused(api, username):
    assert_username_refused(register(api, username), "This name is reserved.")
    assert not User.objects.exists()


@pytest.mark.parametrize("username", ["ｃｐｕ", "ａｄｍｉｎ"])
def test_full_width_copy_of_a_reserved_name_is_refused_on_the_sign_up_page(client, username):
    response = sign_up(client, username)
    assert response.status_code == 200
    assert field_errors(response, "username") == ["This name is reserved."]
    assert not User.objects.exists()


# --- taken names ---------------------------------------------------------------------------


@pytest.mark.parametrize("copy", ["ａｎｎａ", "ＡＮＮＡ", "Anna "])
def test_full_width_copy_of_a_taken_name_is_400_username_taken(api, copy):
    assert register(api, "anna").status_code == 201
    assert_username_refused(register(api, copy), "This username is taken.")
    assert User.objects.count() == 1


def test_full_width_copy_of_a_taken_name_is_a_form_error_on_the_sign_up_page(client, make_user):
    make_user("anna")
    response = sign_up(client, "ＡＮＮＡ")
    assert response.status_code == 200
    assert field_errors(response, "username") == ["This username is taken."]
    assert User.objects.count() == 1


@pytest.mark.parametrize(
    ("first", "second"),
    [("strasse", "Straße"), ("ärger", "ÄRGER"), ("Ωmega", "ωmega")],
    ids=["sharp-s", "umlaut", "greek"],
)
def test_names_equal_only_after_case_folding_are_one_name(api, first, second):
    assert register(api, first).status_code == 201
    assert_username_refused(register(api, second), "This username is taken.")
    assert User.objects.count() == 1


def test_a_race_for_equivalent_names_ends_in_400_username_taken(api, monkeypatch):
    check = services.username_errors

    def rival_registers_right_after_the_check(username: str) -> list[str]:
        problems = check(username)
        User.objects.create_user(username="ANNA", password=TEST_PASSWORD)
        return problems

    monkeypatch.setattr(services, "username_errors", rival_registers_right_after_the_check)
    assert_username_refused(register(api, "ａｎｎａ"), "This username is taken.")
    assert list(User.objects.values_list("username", flat=True)) == ["ANNA"]


def test_the_sign_up_page_losing_a_race_for_the_name_says_it_is_taken(client, monkeypatch):
    check = services.username_errors
    calls = []

    def rival_registers_after_the_last_check(username: str) -> list[str]:
        # The form checks once, the service once more; the rival wins between the
        # service's check and its insert.
        problems = check(username)
        calls.append(username)
        if len(calls) == 2:
            User.objects.create_user(username="Anna", password=TEST_PASSWORD)
        return problems

    monkeypatch.setattr(services, "username_errors", rival_registers_after_the_last_check)
    response = sign_up(client, "anna")
    assert response.status_code == 200
    assert field_errors(response, "username") == ["This username is taken."]
    assert list(User.objects.values_list("username", flat=True)) == ["Anna"]


def test_the_database_refuses_a_second_account_with_an_equivalent_name():
    User.objects.create_user(username="Straße", password=TEST_PASSWORD)
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create(username="STRASSE")


def test_admin_cannot_create_a_second_account_with_an_equivalent_name(client, make_user):
    boss = make_user("boss", staff=True, is_superuser=True)
    log_in_with_second_factor(client, boss)  # the admin asks staff for it
    make_user("ärger")
    response = client.post(
        "/admin/accounts/user/add/",
        {
            "username": "ÄRGER",
            "usable_password": "true",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 200
    assert list(response.context["adminform"].form.errors) == ["username"]
    assert User.objects.count() == 2


# --- looking a player up by name -----------------------------------------------------------


def test_a_full_width_name_is_stored_as_plain_letters(api):
    assert register(api, "ｋｏｒａ").status_code == 201
    assert User.objects.get().username == "kora"


@pytest.mark.parametrize("typed", ["ＡＮＮＡ", "anna ", "\tAnna"])
def test_log_in_finds_the_account_by_the_normalised_name_on_the_api_and_the_page(
    api, client, make_user, typed
):
    make_user("Anna")
    assert api.post(TOKEN, {"username": typed, "password": TEST_PASSWORD}).status_code == 200
    assert client.post("/login/", {"login": typed, "password": TEST_PASSWORD}).status_code == 302


def test_log_in_ignores_non_ascii_letter_case(api, make_user):
    make_user("ärger")
    assert api.post(TOKEN, {"username": "ÄRGER", "password": TEST_PASSWORD}).status_code == 200


def test_a_profile_is_found_by_any_form_of_the_name(client, make_user):
    make_user("ärger")
    assert client.get("/players/ÄRGER/").status_code == 200
    assert client.get("/players/ａｒｇｅｒ/").status_code == 404


def test_staff_change_the_plan_of_a_player_named_in_any_letter_case(staff_api, make_user):
    make_user("ärger")
    response = staff_api.post("/api/accounts/ÄRGER/plan/", {"plan": "paid"}, format="json")
    assert response.status_code == 200
    assert User.objects.get(username="ärger").plan == "paid"
