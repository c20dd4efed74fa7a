"""Per-kind e-mail choices: on for every kind until turned off, in the API and on the page."""

import pytest
from django.test import Client

from notifications import selectors
from notifications.kinds import Kind
from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db


def test_me_shows_every_kind_on_by_default(alice_api):
    body = alice_api.get("/api/accounts/me/").json()
    assert body["notifications"] == dict.fromkeys([kind.value for kind in Kind], True)
    assert {"username", "plan", "entitlements", "email", "page"} <= body.keys()


def test_patch_me_turns_kinds_off_and_on_and_leaves_the_rest(alice, alice_api):
    answer = alice_api.patch(
        "/api/accounts/me/",
        {"notifications": {"your_move": False, "game_ended": False}},
        format="json",
    )
    assert answer.status_code == 200
    shown = answer.json()["notifications"]
    assert shown["your_move"] is False and shown["game_ended"] is False
    assert shown["decision"] is True
    turn_on = {"notifications": {"your_move": True}}
    alice_api.patch("/api/accounts/me/", turn_on, format="json")
    assert selectors.email_preferences(alice)["your_move"] is True
    assert selectors.email_preferences(alice)["game_ended"] is False


def test_patch_me_with_nothing_changes_nothing(alice, alice_api):
    answer = alice_api.patch("/api/accounts/me/", {}, format="json")
    assert answer.status_code == 200
    assert all(selectors.email_preferences(alice).values())


@pytest.mark.parametrize(
    ("choices", "field"),
    [
        ({"carrier_pigeon": False}, "notifications.carrier_pigeon"),
        ({"your_move": "no"}, "notifications.your_move"),
        ({"your_move": 0}, "notifications.your_move"),
        ({"your_move": None}, "notifications.your_move"),
        (["your_move"], "notifications"),
        ("off", "notifications"),
    ],
)
def test_patch_me_refuses_bad_choices_naming_the_kind(alice, alice_api, choices, field):
    answer = alice_api.patch("/api/accounts/me/", {"notifications": choices}, format="json")
    assert answer.status_code == 400
    assert answer.json()["error"]["message"].startswith(f"{field}: ")
    assert all(selectors.email_preferences(alice).values())


def test_the_account_page_saves_the_choices(alice):
    client = Client()
    client.login(username="alice", password=TEST_PASSWORD)
    page = client.get("/account/").content.decode()
    assert 'id="email-notifications"' in page and page.count('name="email"') == len(Kind)
    ticked = [kind.value for kind in Kind if kind != Kind.YOUR_MOVE]
    answer = client.post("/notifications/preferences/", {"email": ticked})
    assert answer.status_code == 302 and answer["Location"].endswith("#email-notifications")
    wanted = {kind.value: kind != Kind.YOUR_MOVE for kind in Kind}
    assert selectors.email_preferences(alice) == wanted
    page = client.get("/account/").content.decode()
    assert 'value="your_move">' in page and 'value="decision" checked>' in page


def test_the_choices_form_needs_a_player():
    answer = Client().post("/notifications/preferences/", {"email": []})
    assert answer.status_code == 302 and "/login/" in answer["Location"]
