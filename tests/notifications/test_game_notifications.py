"""What the games tell their players: invitations, their move when away, how a game ended."""

from datetime import timedelta

import pytest
from django.core import mail
from django.test import Client
from freezegun import freeze_time

from games import services as games
from games.models import Game
from notifications import game_hooks
from notifications.kinds import Kind
from notifications.models import Notification
from tests.conftest import TEST_PASSWORD
from tests.notifications.conftest import KROPKI, friendly_kropki

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

START = "2026-03-02 12:00:00"


def texts(user, kind: Kind) -> list[str]:
    from notifications import selectors

    return [
        selectors.notification_text(notification, user)
        for notification in Notification.objects.filter(user=user, kind=kind).order_by("id")
    ]


def move(game_id: int, payload) -> None:
    """The player to move plays `payload` (handed to the worker, embedded: at once)."""
    game = Game.objects.get(pk=game_id)
    player = game.seats.get(seat=game.to_move).user
    games.submit_move(game_id=game_id, user=player, seq=game.move_count + 1, payload=payload)
    assert Game.objects.get(pk=game_id).move_count > game.move_count  # (and the CPU's reply)


def opens_the_game(user, game_id: int) -> None:
    client = Client()
    client.login(username=user.username, password=TEST_PASSWORD)
    assert client.get(f"/games/{game_id}/").status_code == 200


def test_an_invited_player_is_told_and_e_mailed(alice, make_user):
    bob = make_user("bob", email="bob@example.org")
    game = games.create_game(creator=alice, format=None, opponent="bob", **KROPKI)
    assert texts(bob, Kind.GAME_INVITED) == ["alice invites you to a game of Kropki (Dots)."]
    assert Notification.objects.get(user=bob).url == f"/games/{game.pk}/"
    assert [message.to for message in mail.outbox] == [["bob@example.org"]]
    assert not Notification.objects.filter(user=alice).exists()


def test_a_finished_game_tells_each_player_how_it_ended(alice, bob):
    game_id = friendly_kropki(alice, bob)
    move(game_id, [3, 3])
    games.resign(game_id, bob)
    assert texts(alice, Kind.GAME_ENDED) == [
        "You won your game of Kropki (Dots) against bob: resignation."
    ]
    assert texts(bob, Kind.GAME_ENDED) == [
        "You lost your game of Kropki (Dots) to alice: resignation."
    ]
    # The same ending told again (a signal sent twice) tells nobody twice.
    assert game_hooks.tell_game_ended(game_id, "blue", "resignation") == 0


def test_a_practice_game_tells_nobody(alice):
    game = games.create_game(creator=alice, format=None, opponent="cpu", **KROPKI)
    move(game.pk, [3, 3])
    games.resign(game.pk, alice)
    assert not Notification.objects.exists()


def test_a_player_away_from_the_game_is_told_it_is_their_move(alice, bob):
    with freeze_time(START):
        game_id = friendly_kropki(alice, bob)
        move(game_id, [3, 3])  # alice; bob has not opened the game
    assert texts(bob, Kind.YOUR_MOVE) == [
        "It is your move in your game of Kropki (Dots) against alice."
    ]
    assert Notification.objects.get(kind=Kind.YOUR_MOVE).url == f"/games/{game_id}/"
    assert not Notification.objects.filter(user=alice, kind=Kind.YOUR_MOVE).exists()


def test_a_player_who_had_the_game_open_in_the_last_10_minutes_is_not_told(alice, bob):
    with freeze_time(START) as clock:
        game_id = friendly_kropki(alice, bob)
        opens_the_game(bob, game_id)
        clock.tick(timedelta(minutes=9))
        move(game_id, [3, 3])  # bob looked 9 minutes ago
        assert not Notification.objects.filter(kind=Kind.YOUR_MOVE).exists()
        clock.tick(timedelta(seconds=30))
        move(game_id, [5, 5])  # bob's move shows him there too; alice moved 30 s ago
        assert not Notification.objects.filter(kind=Kind.YOUR_MOVE).exists()
        clock.tick(timedelta(minutes=11))
        move(game_id, [6, 6])  # bob was last there 11 minutes ago
    assert len(texts(bob, Kind.YOUR_MOVE)) == 1
    assert not Notification.objects.filter(user=alice, kind=Kind.YOUR_MOVE).exists()


def test_a_player_is_told_of_their_move_at_most_once_an_hour_per_game(alice, bob):
    with freeze_time(START) as clock:
        game_id = friendly_kropki(alice, bob)
        move(game_id, [3, 3])  # 12:00 alice: bob is told
        clock.tick(timedelta(minutes=1))
        move(game_id, [5, 5])  # 12:01 bob (alice was there a minute ago)
        clock.tick(timedelta(minutes=15))
        move(game_id, [6, 6])  # 12:16 alice: bob is away again, but was told at 12:00
        assert len(texts(bob, Kind.YOUR_MOVE)) == 1
        clock.tick(timedelta(minutes=1))
        move(game_id, [7, 7])  # 12:17 bob: alice was there a minute ago
        clock.tick(timedelta(minutes=45))
        move(game_id, [2, 2])  # 13:02 alice: an hour since bob was told
        assert len(texts(bob, Kind.YOUR_MOVE)) == 2
        clock.tick(timedelta(minutes=30))
        other = friendly_kropki(alice, bob)
        move(other, [3, 3])  # another game is told of apart
    assert len(texts(bob, Kind.YOUR_MOVE)) == 3


def test_a_move_already_answered_tells_nobody(alice, bob):
    with freeze_time(START):
        game_id = friendly_kropki(alice, bob)
        game = Game.objects.get(pk=game_id)
        # The task came late: the player to move then has moved since.
        assert not game_hooks.tell_your_move(game_id, game.to_move, game.move_count + 1)
        assert not game_hooks.tell_your_move(game_id, "red", game.move_count)
    assert not Notification.objects.filter(kind=Kind.YOUR_MOVE).exists()
