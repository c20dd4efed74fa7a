"""The bell on every page, the tab title's games to move in, the list and opening an item."""

import re
from html import unescape

import pytest
from django.test import Client

from notifications.kinds import Kind
from notifications.models import Notification
from tests.conftest import TEST_PASSWORD
from tests.notifications.conftest import friendly_kropki, tell

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    assert client.login(username=user.username, password=TEST_PASSWORD)
    return client


def bell_count(html: str) -> int | None:
    """The number the bell shows; None when it shows none."""
    found = re.search(r'<span class="bell-count"( hidden)?><span class="bell-number">(\d+)<', html)
    assert found, "no bell on the page"
    return None if found.group(1) else int(found.group(2))


def title(html: str) -> str:
    return unescape(re.search(r"<title>(.*?)</title>", html, re.S).group(1))


@pytest.mark.parametrize("path", ["/", "/championships/", "/rules/", "/account/"])
def test_the_bell_shows_the_unread_count_on_every_page(alice, path):
    client = logged_in(alice)
    assert bell_count(client.get(path).content.decode()) is None
    tell([alice]), tell([alice])
    html = client.get(path).content.decode()
    assert bell_count(html) == 2
    assert 'href="/notifications/"' in html and "js/notifications.js" in html


def test_a_visitor_has_no_bell_and_no_polling():
    html = Client().get("/").content.decode()
    assert "notification-bell" not in html and "notifications.js" not in html


def test_the_tab_title_counts_the_games_waiting_for_the_players_move(alice, bob):
    friendly_kropki(alice, bob)  # alice moves first
    friendly_kropki(alice, bob)
    assert title(logged_in(alice).get("/").content.decode()).startswith("(2) Your move · ")
    assert "Your move" not in title(logged_in(bob).get("/").content.decode())


def test_the_list_shows_newest_first_marks_unread_and_reads_nothing_itself(alice, bob):
    tell([alice], params={"championship": "Old <b>Cup</b>"})
    tell([alice], params={"championship": "New Cup"})
    tell([bob], params={"championship": "Bob's own"})
    html = logged_in(alice).get("/notifications/").content.decode()
    items = re.findall(r'<li class="notification( unread)?">(.*?)</li>', html, re.S)
    assert [bool(unread) for unread, _ in items] == [True, True]
    assert "New Cup" in items[0][1] and "Old &lt;b&gt;Cup&lt;/b&gt;" in items[1][1]
    assert "Bob&#x27;s own" not in html and "Bob's own" not in html
    assert 'action="/notifications/read/"' in html
    assert Notification.objects.filter(read_at__isnull=False).count() == 0


def test_mark_all_read_is_a_post(alice):
    tell([alice]), tell([alice])
    client = logged_in(alice)
    assert client.get("/notifications/read/").status_code == 405
    answer = client.post("/notifications/read/")
    assert answer.status_code == 302 and answer["Location"] == "/notifications/"
    assert not Notification.objects.filter(user=alice, read_at__isnull=True).exists()
    assert bell_count(client.get("/").content.decode()) is None


def test_opening_an_item_marks_it_read_and_goes_to_its_page(alice):
    tell([alice], url="/championships/3/"), tell([alice])
    first = Notification.objects.filter(user=alice).earliest("id")
    answer = logged_in(alice).get(f"/notifications/{first.pk}/open/")
    assert answer.status_code == 302 and answer["Location"] == "/championships/3/"
    first.refresh_from_db()
    assert first.read_at is not None
    assert Notification.objects.filter(user=alice, read_at__isnull=True).count() == 1


@pytest.mark.parametrize(
    "url", ["https://evil.example/", "//evil.example/", "/\\evil.example", "javascript:x"]
)
def test_an_item_never_leads_off_the_site(alice, url):
    # notify() refuses such a link; a row written some other way is still never followed.
    stored = Notification.objects.create(user=alice, kind=Kind.DECISION, params={}, url=url)
    answer = logged_in(alice).get(f"/notifications/{stored.pk}/open/")
    assert answer.status_code == 302 and answer["Location"] == "/notifications/"


def test_another_players_item_cannot_be_opened(alice, bob):
    tell([bob])
    theirs = Notification.objects.get(user=bob)
    assert logged_in(alice).get(f"/notifications/{theirs.pk}/open/").status_code == 404
    theirs.refresh_from_db()
    assert theirs.read_at is None


def test_the_pages_need_a_player():
    for path in ("/notifications/", "/notifications/1/open/"):
        answer = Client().get(path)
        assert answer.status_code == 302 and "/login/" in answer["Location"]


def test_notify_refuses_a_link_off_the_site(alice):
    with pytest.raises(ValueError):
        tell([alice], url="https://evil.example/")
