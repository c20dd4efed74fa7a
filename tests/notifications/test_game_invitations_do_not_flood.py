"""A player invited again and again to friendly games by one player is told of it once in
a while (one notice, one e-mail); the games all wait on their home page, and an invitation
from someone else is told as usual."""

from datetime import timedelta

import pytest
from django.core import mail
from freezegun import freeze_time

from notifications.models import Notification
from tests.conftest import client_with_token

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def invite(user, opponent: str):
    answer = client_with_token(user).post(
        "/api/games/", {"game": "kropki", "opponent": opponent}, format="json"
    )
    assert answer.status_code == 201, answer.content
    return answer.json()["id"]


def told(user) -> int:
    return Notification.objects.filter(user=user, kind="game_invited").count()


def test_many_friendly_invitations_from_one_player_are_told_once_in_a_while(make_user):
    alice, bob = make_user("alice"), make_user("bob", email="bob@example.org")
    carol = make_user("carol")
    mail.outbox.clear()
    with freeze_time("2026-05-01 10:00:00") as frozen:
        for _ in range(6):
            invite(alice, "bob")
            frozen.tick(timedelta(seconds=20))
        assert told(bob) == 1
        assert [message.to for message in mail.outbox] == [["bob@example.org"]]
        invite(carol, "bob")
        assert told(bob) == 2
        frozen.tick(timedelta(minutes=16))
        invite(alice, "bob")
        assert told(bob) == 3
