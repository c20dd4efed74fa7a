"""The notifications API: a player's own list, marking read, the counts the pages poll."""

import pytest
from rest_framework.test import APIClient

from games.models import Game
from notifications.models import Notification
from tests.conftest import client_with_token
from tests.notifications.conftest import friendly_kropki, tell

pytestmark = pytest.mark.django_db


def own_ids(user) -> list[int]:
    return list(Notification.objects.filter(user=user).values_list("pk", flat=True))


def test_the_list_is_the_callers_own_newest_first(alice, bob, alice_api):
    tell([alice], params={"championship": "First"})
    tell([alice, bob], params={"championship": "Second"})
    body = alice_api.get("/api/notifications/").json()
    assert [row["text"] for row in body] == [
        "The championship Second has started.",
        "The championship First has started.",
    ]
    assert body[0].keys() == {"id", "kind", "text", "url", "created", "read"}
    assert body[0]["kind"] == "championship_started" and body[0]["url"] == "/championships/1/"
    assert {row["id"] for row in body} == set(own_ids(alice))


def test_unread_1_lists_only_the_unread(alice, alice_api):
    tell([alice]), tell([alice])
    first = min(own_ids(alice))
    alice_api.post("/api/notifications/read/", {"ids": [first]}, format="json")
    unread = alice_api.get("/api/notifications/?unread=1").json()
    assert [row["read"] for row in unread] == [False]
    assert len(alice_api.get("/api/notifications/").json()) == 2


def test_the_list_pages_with_limit_and_before(alice, alice_api):
    for number in range(5):
        tell([alice], params={"championship": f"Cup {number}"})
    page = alice_api.get("/api/notifications/?limit=2").json()
    assert [row["text"] for row in page] == [
        "The championship Cup 4 has started.",
        "The championship Cup 3 has started.",
    ]
    older = alice_api.get(f"/api/notifications/?limit=2&before={page[-1]['id']}").json()
    assert [row["text"][17:22] for row in older] == ["Cup 2", "Cup 1"]


@pytest.mark.parametrize("query", ["unread=yes", "limit=1000", "limit=-1", "before=x"])
def test_a_bad_query_parameter_is_named(alice_api, query):
    answer = alice_api.get(f"/api/notifications/?{query}")
    assert answer.status_code == 400
    assert query.split("=")[0] in answer.json()["error"]["details"]


def test_marking_read_by_id_answers_the_unread_count(alice, alice_api):
    tell([alice]), tell([alice]), tell([alice])
    first, second, _third = sorted(own_ids(alice))
    answer = alice_api.post("/api/notifications/read/", {"ids": [first, second]}, format="json")
    assert answer.status_code == 200 and answer.json() == {"unread": 1}
    assert Notification.objects.filter(user=alice, read_at__isnull=False).count() == 2


def test_marking_all_read(alice, alice_api):
    tell([alice]), tell([alice])
    answer = alice_api.post("/api/notifications/read/", {"ids": "all"}, format="json")
    assert answer.json() == {"unread": 0}


def test_another_players_notifications_are_never_shown_or_marked(alice, bob, alice_api):
    tell([bob], params={"championship": "Bob's Cup"})
    bobs = own_ids(bob)
    assert alice_api.get("/api/notifications/").json() == []
    answer = alice_api.post("/api/notifications/read/", {"ids": bobs}, format="json")
    assert answer.status_code == 200 and answer.json() == {"unread": 0}
    assert alice_api.post("/api/notifications/read/", {"ids": "all"}, format="json").json() == {
        "unread": 0
    }
    assert Notification.objects.get(pk=bobs[0]).read_at is None


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"ids": "some"},
        {"ids": 5},
        {"ids": [1, "2"]},
        {"ids": [True]},
        {"ids": [0]},
        {"ids": [1.5]},
        {"ids": {"1": 1}},
        {"ids": list(range(1, 1002))},
    ],
)
def test_bad_ids_are_refused_naming_the_field(alice_api, body):
    answer = alice_api.post("/api/notifications/read/", body, format="json")
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert "ids" in error["details"] and error["message"].startswith("ids: ")


def test_status_counts_unread_and_games_waiting_for_the_move(alice, bob, alice_api, bob_api):
    tell([alice])
    friendly_kropki(alice, bob)  # blue, alice, moves first
    friendly_kropki(bob, alice)  # bob moves first
    # Each was invited once by the other; each moves first in one of the games.
    alices, bobs = (
        Notification.objects.filter(user=user).order_by("-created_at", "-id").first().pk
        for user in (alice, bob)
    )
    assert alice_api.get("/api/notifications/status/").json() == {
        "unread": 2,
        "your_move": 1,
        "latest": alices,
    }
    assert bob_api.get("/api/notifications/status/").json() == {
        "unread": 1,
        "your_move": 1,
        "latest": bobs,
    }
    Game.objects.update(status=Game.Status.FINISHED, to_move="")
    assert alice_api.get("/api/notifications/status/").json()["your_move"] == 0


def test_status_names_the_newest_notification_so_a_page_sees_something_new(alice, alice_api):
    assert alice_api.get("/api/notifications/status/").json()["latest"] is None
    tell([alice], params={"championship": "First"})
    first = alice_api.get("/api/notifications/status/").json()["latest"]
    tell([alice], params={"championship": "Second"})
    second = alice_api.get("/api/notifications/status/").json()["latest"]
    assert first is not None and second != first
    assert Notification.objects.get(pk=second).params == {"championship": "Second"}


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/notifications/"),
        ("post", "/api/notifications/read/"),
        ("get", "/api/notifications/status/"),
    ],
)
def test_the_api_needs_a_player(method, path):
    assert getattr(APIClient(), method)(path).status_code == 401


def test_the_text_speaks_the_readers_language(make_user):
    reader = make_user("reader", language="pl")
    tell(
        [reader],
        params={"championship": "Cup", "opponent": "x", "stage": "groups", "round": 1,
                "deadline": "2026-12-08T14:30:00Z"},
        kind="round_started",
    )  # fmt: skip
    [row] = client_with_token(reader).get("/api/notifications/").json()
    assert "8 grudnia 2026" in row["text"]
