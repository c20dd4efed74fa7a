"""The home page's invitations: games and championships, in a part the open page reads
again when the bell's status names a notification it has not seen."""

import re

import pytest
from django.test import Client

from games import services as games
from notifications.models import Notification
from tests.notifications.conftest import KROPKI
from tests.support.championships import small_championship
from tournaments import services as championships

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def invitations_part(html: str) -> str:
    return re.search(r'<div id="home-invitations".*?</div>', html, re.S).group(0)


def test_home_lists_game_and_championship_invitations_with_the_newest_notification(
    alice, bob, make_user
):
    organiser = make_user("olga")
    cup = small_championship(organiser, name="Autumn Cup")
    championships.invite(cup.pk, by=organiser, username="alice")
    game = games.create_game(creator=bob, format=None, opponent="alice", **KROPKI)

    html = logged_in(alice).get("/").content.decode()

    part = invitations_part(html)
    assert f'href="/games/{game.pk}/"' in part and "Autumn Cup" in part
    newest = Notification.objects.filter(user=alice).order_by("-created_at", "-id").first()
    assert f'data-latest="{newest.pk}"' in part
    assert 'data-url="/home/invitations/"' in part
    assert "js/home-invitations.js" in html


def test_the_invitations_part_shows_a_new_invitation_without_the_rest_of_the_page(
    alice, bob, make_user
):
    client = logged_in(alice)
    assert "Invitations" not in client.get("/home/invitations/").content.decode()

    organiser = make_user("olga")
    cup = small_championship(organiser, name="Autumn Cup")
    championships.invite(cup.pk, by=organiser, username="alice")
    game = games.create_game(creator=bob, format=None, opponent="alice", **KROPKI)
    sent = games.create_game(creator=alice, format=None, opponent="bob", **KROPKI)

    part = client.get("/home/invitations/")
    assert part.status_code == 200
    html = part.content.decode()
    assert "<html" not in html and "Invitations" in html
    assert f'href="/games/{game.pk}/"' in html and f"/championships/{cup.pk}/#entrants" in html
    assert f'href="/games/{sent.pk}/"' not in html  # one alice sent waits on the other side


def test_an_answered_invitation_leaves_the_part(alice, bob):
    game = games.create_game(creator=bob, format=None, opponent="alice", **KROPKI)
    games.decline_invitation(game.pk, alice)
    assert f"/games/{game.pk}/" not in logged_in(alice).get("/home/invitations/").content.decode()


def test_a_visitor_without_an_account_has_no_invitations_and_no_script():
    assert Client().get("/home/invitations/").content.decode().strip() == ""
    assert "home-invitations" not in Client().get("/").content.decode()
