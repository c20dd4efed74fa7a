"""Budgets of attempts: the API's (DRF throttles) and the pages' (allauth's rate limits).

Failed log-ins on the site, the admin (which logs in through the site's page) and the API
share one budget per username and per client address. The address is REMOTE_ADDR unless
NUM_PROXIES says how many proxies in front of the site append to X-Forwarded-For; the
username is the normalised name the log-in itself looks up.
"""

import pytest
from django.contrib.auth import SESSION_KEY
from django.test import RequestFactory

from infrastructure.throttling import client_address
from tests.conftest import TEST_PASSWORD
from tests.support.mfa import log_in_with_second_factor
from tests.support.processes import PROJECT, bare_environment, manage

pytestmark = pytest.mark.django_db

TOKEN = "/api/accounts/token/"
REGISTER = "/api/accounts/register/"


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


@pytest.fixture
def page_rates(settings):
    def set_rates(**rates: str) -> None:
        settings.ACCOUNT_RATE_LIMITS = {**settings.ACCOUNT_RATE_LIMITS, **rates}

    return set_rates


@pytest.fixture
def trusted_proxies(settings):
    def trust(count: int) -> None:
        settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": count}

    return trust


def logged_in(client) -> bool:
    return SESSION_KEY in client.session


def test_register_is_throttled_per_address(api, rates):
    rates(register="3/hour")
    answers = [
        api.post(
            REGISTER,
            {"username": f"newcomer{i}", "password": TEST_PASSWORD},
            format="json",
            REMOTE_ADDR="198.51.100.7",
        ).status_code
        for i in range(4)
    ]
    assert answers == [201, 201, 201, 429]
    other_address = api.post(
        REGISTER,
        {"username": "newcomer9", "password": TEST_PASSWORD},
        format="json",
        REMOTE_ADDR="198.51.100.8",
    )
    assert other_address.status_code == 201


def test_token_is_throttled_per_address(api, rates, player):
    rates(token="2/minute", token_username="100/minute")
    answers = [
        api.post(
            TOKEN,
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
            TOKEN,
            {"username": "PLAYER" if i % 2 else "player", "password": f"guess-{i}"},
            format="json",
            REMOTE_ADDR=f"203.0.113.{i + 10}",
        ).status_code
        for i in range(4)
    ]
    assert answers == [401, 401, 401, 429]


# --- the admin's log-in --------------------------------------------------------------------

ADMIN_LOGIN = "/login/?next=/admin/"


def test_admin_sends_visitors_to_the_sites_log_in_page(client):
    admin = client.get("/admin/")
    assert admin["Location"] == "/admin/login/?next=/admin/"
    login = client.get(admin["Location"])
    assert (login.status_code, login["Location"]) == (302, "/login/?next=%2Fadmin%2F")
    assert client.get(login["Location"]).status_code == 200


def test_admin_refuses_a_logged_in_player_who_is_not_staff(client, player):
    client.force_login(player)
    assert client.get("/admin/login/?next=/admin/").status_code == 403
    assert client.get("/admin/")["Location"].startswith("/admin/login/")


def test_admin_login_is_throttled_per_username_across_addresses(client, page_rates, make_user):
    page_rates(login_failed="100/m/ip,3/5m/key")
    make_user("boss", staff=True, is_superuser=True)
    for i in range(3):
        client.post(
            ADMIN_LOGIN,
            {"login": "boss", "password": f"guess-{i}"},
            REMOTE_ADDR=f"198.51.100.{i + 1}",
        )
    response = client.post(
        ADMIN_LOGIN, {"login": "boss", "password": TEST_PASSWORD}, REMOTE_ADDR="198.51.100.9"
    )
    assert response.status_code == 429
    assert "Too many failed login attempts" in response.content.decode()
    assert not logged_in(client)


def test_admin_login_is_throttled_per_address(client, page_rates, make_user):
    page_rates(login_failed="2/m/ip,100/5m/key")
    make_user("boss", staff=True, is_superuser=True)
    for name in ("boss", "someone-else"):
        client.post(ADMIN_LOGIN, {"login": name, "password": "a-guess"})
    response = client.post(ADMIN_LOGIN, {"login": "boss", "password": TEST_PASSWORD})
    assert response.status_code == 429
    assert not logged_in(client)


def test_admin_login_within_the_budget_still_logs_in(client, page_rates, make_user):
    page_rates(login_failed="100/m/ip,3/5m/key")
    make_user("boss", staff=True, is_superuser=True)
    client.post(ADMIN_LOGIN, {"login": "boss", "password": "one-guess"})
    response = client.post(ADMIN_LOGIN, {"login": "boss", "password": TEST_PASSWORD})
    assert (response.status_code, response["Location"]) == (302, "/admin/")
    assert logged_in(client)


def test_guesses_on_the_site_the_api_and_the_admin_share_one_budget_per_username(
    client, api, page_rates, rates, make_user
):
    page_rates(login_failed="100/m/ip,3/5m/key")
    rates(token="100/minute", token_username="100/minute")
    make_user("boss", staff=True, is_superuser=True)
    client.post("/login/", {"login": "boss", "password": "guess-1"}, REMOTE_ADDR="192.0.2.1")
    api.post(TOKEN, {"username": "boss", "password": "guess-2"}, REMOTE_ADDR="192.0.2.2")
    client.post(ADMIN_LOGIN, {"login": "boss", "password": "x"}, REMOTE_ADDR="192.0.2.3")
    answers = {
        "site": client.post("/login/", {"login": "boss", "password": TEST_PASSWORD}),
        "api": api.post(TOKEN, {"username": "boss", "password": TEST_PASSWORD}),
        "admin": client.post(ADMIN_LOGIN, {"login": "boss", "password": TEST_PASSWORD}),
    }
    assert {where: answer.status_code for where, answer in answers.items()} == {
        "site": 429,
        "api": 429,
        "admin": 429,
    }
    assert answers["api"].json()["error"]["code"] == "throttled"
    assert not logged_in(client)


def test_admin_password_change_is_the_sites_and_cannot_be_used_to_guess(
    client, page_rates, make_user
):
    page_rates(change_password="3/m/user")
    boss = make_user("boss", staff=True, is_superuser=True)
    log_in_with_second_factor(client, boss)  # the admin asks staff for it
    page = client.get("/admin/password_change/")
    assert (page.status_code, page["Location"]) == (302, "/accounts/password/change/")
    new = "another-long-passphrase"
    change = {"password1": new, "password2": new}
    for i in range(3):
        client.post(page["Location"], {**change, "oldpassword": f"guess-{i}"})
    response = client.post(page["Location"], {**change, "oldpassword": TEST_PASSWORD})
    assert response.status_code == 429
    boss.refresh_from_db()
    assert boss.check_password(TEST_PASSWORD)


# --- the client's address ------------------------------------------------------------------


def test_forwarded_for_header_is_ignored_without_trusted_proxies(api, client, rates):
    rates(register="3/hour")
    answers = [
        api.post(
            REGISTER,
            {"username": f"newcomer{i}", "password": TEST_PASSWORD},
            REMOTE_ADDR="198.51.100.7",
            HTTP_X_FORWARDED_FOR=f"203.0.113.{i}",
        ).status_code
        for i in range(3)
    ]
    assert answers == [201, 201, 201]


def test_forwarded_for_header_is_ignored_by_the_pages_without_trusted_proxies(client, page_rates):
    page_rates(signup="2/h/ip")
    answers = []
    for i in range(3):
        answers.append(
            client.post(
                "/signup/",
                {"username": f"anna{i}", "password1": TEST_PASSWORD, "password2": TEST_PASSWORD},
                REMOTE_ADDR="198.51.100.7",
                HTTP_X_FORWARDED_FOR=f"203.0.113.{i}",
            ).status_code
        )
        client.logout()
    assert answers == [302, 302, 429]


def test_forwarded_for_header_does_not_split_the_log_in_budget(client, page_rates, player):
    page_rates(login_failed="2/m/ip,100/5m/key")
    for i in range(2):
        client.post(
            "/login/",
            {"login": "player", "password": "a-guess"},
            REMOTE_ADDR="198.51.100.7",
            HTTP_X_FORWARDED_FOR=f"203.0.113.{i}",
        )
    response = client.post(
        "/login/",
        {"login": "player", "password": TEST_PASSWORD},
        REMOTE_ADDR="198.51.100.7",
        HTTP_X_FORWARDED_FOR="203.0.113.50",
    )
    assert response.status_code == 429


def test_behind_one_proxy_the_pages_count_the_address_it_saw(
    client, page_rates, trusted_proxies, player
):
    page_rates(login_failed="2/m/ip,100/5m/key")
    trusted_proxies(1)
    for i in range(2):
        client.post(
            "/login/",
            {"login": "player", "password": "a-guess"},
            REMOTE_ADDR="10.0.0.2",
            HTTP_X_FORWARDED_FOR=f"203.0.113.{i}, 198.51.100.7",
        )
    same = {"REMOTE_ADDR": "10.0.0.2", "HTTP_X_FORWARDED_FOR": "198.51.100.7"}
    other = {"REMOTE_ADDR": "10.0.0.2", "HTTP_X_FORWARDED_FOR": "198.51.100.8"}
    right = {"login": "player", "password": TEST_PASSWORD}
    assert client.post("/login/", right, **same).status_code == 429
    assert client.post("/login/", right, **other).status_code == 302


def test_behind_one_proxy_the_address_it_saw_counts_not_what_the_client_wrote(
    api, rates, trusted_proxies
):
    rates(register="2/hour")
    trusted_proxies(1)
    answers = [
        api.post(
            REGISTER,
            {"username": f"newcomer{i}", "password": TEST_PASSWORD},
            REMOTE_ADDR="10.0.0.2",
            HTTP_X_FORWARDED_FOR=f"203.0.113.{i}, 198.51.100.7",
        ).status_code
        for i in range(3)
    ]
    assert answers == [201, 201, 429]
    another_client = api.post(
        REGISTER,
        {"username": "newcomer9", "password": TEST_PASSWORD},
        REMOTE_ADDR="10.0.0.2",
        HTTP_X_FORWARDED_FOR="198.51.100.8",
    )
    assert another_client.status_code == 201


@pytest.mark.parametrize(
    ("proxies", "forwarded_for", "address"),
    [
        (0, "203.0.113.1", "10.0.0.2"),
        (0, None, "10.0.0.2"),
        (1, "203.0.113.1, 198.51.100.7", "198.51.100.7"),
        (2, "203.0.113.1, 198.51.100.7, 10.0.0.1", "198.51.100.7"),
        (1, None, "10.0.0.2"),
    ],
)
def test_client_address_trusts_as_many_forwarded_for_entries_as_there_are_proxies(
    trusted_proxies, proxies, forwarded_for, address
):
    trusted_proxies(proxies)
    headers = {"HTTP_X_FORWARDED_FOR": forwarded_for} if forwarded_for else {}
    request = RequestFactory().post("/login/", REMOTE_ADDR="10.0.0.2", **headers)
    assert client_address(request) == address


def test_num_proxies_comes_from_the_environment_and_defaults_to_none_trusted():
    show = "from rest_framework.settings import api_settings; print(api_settings.NUM_PROXIES)"
    unset = manage(PROJECT, bare_environment(), "shell", "-c", show)
    two = manage(PROJECT, bare_environment(NUM_PROXIES="2"), "shell", "-c", show)
    assert unset.stdout.splitlines()[-1:] == ["0"], unset.stderr
    assert two.stdout.splitlines()[-1:] == ["2"], two.stderr


def test_a_negative_number_of_proxies_is_refused():
    result = manage(PROJECT, bare_environment(NUM_PROXIES="-1"), "check")
    assert result.returncode != 0
    assert "NUM_PROXIES" in result.stderr


# --- the username ------------------------------------------------------------------------


@pytest.mark.parametrize("disguise", ["player ", "\tplayer", "ｐｌａｙｅｒ", " PLAYER\n"])
def test_username_throttle_cannot_be_dodged_with_spaces_or_full_width_letters(
    api, rates, player, disguise
):
    rates(token="100/minute", token_username="2/minute")
    for i in range(2):
        api.post(
            TOKEN,
            {"username": "player", "password": f"guess-{i}"},
            format="json",
            REMOTE_ADDR=f"203.0.113.{i + 10}",
        )
    disguised = api.post(
        TOKEN,
        {"username": disguise, "password": TEST_PASSWORD},
        format="json",
        REMOTE_ADDR="203.0.113.99",
    )
    assert disguised.status_code == 429


@pytest.mark.parametrize("disguise", ["player ", "\tplayer", "ｐｌａｙｅｒ", "PLAYER"])
def test_username_throttle_of_the_log_in_page_cannot_be_dodged_either(
    client, page_rates, player, disguise
):
    page_rates(login_failed="100/m/ip,2/5m/key")
    for i, name in enumerate([disguise, "player"]):
        client.post(
            "/login/", {"login": name, "password": "a-guess"}, REMOTE_ADDR=f"192.0.2.{i + 1}"
        )
    response = client.post(
        "/login/", {"login": "player", "password": TEST_PASSWORD}, REMOTE_ADDR="192.0.2.9"
    )
    assert response.status_code == 429
    assert not logged_in(client)


def test_guesses_by_e_mail_address_share_one_budget_on_the_page_and_the_api(
    client, api, page_rates, rates, make_user
):
    page_rates(login_failed="100/m/ip,2/5m/key")
    rates(token="100/minute", token_username="100/minute")
    make_user("anna", email="anna@example.org")
    client.post("/login/", {"login": "anna@example.org", "password": "guess-1"})
    api.post(TOKEN, {"username": "Anna@Example.org", "password": "guess-2"})
    right = {"login": "anna@example.org", "password": TEST_PASSWORD}
    assert client.post("/login/", right).status_code == 429
    assert api.post(TOKEN, {"username": "anna", "password": TEST_PASSWORD}).status_code == 200
