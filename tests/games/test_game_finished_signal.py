"""The game_finished signal: what it tells, when, and to whom."""

from unittest import mock

import pytest
from django.apps import apps

from games import selectors
from games import services as game_services
from games.models import Game, Move
from games.signals import GameFinished, game_finished

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def friendly_game(creator, opponent, **extra) -> Game:
    game = game_services.create_game(
        creator=creator, game="kropki", options={"width": 8, "height": 8}, format=None,
        opponent=opponent.username, **extra,
    )  # fmt: skip
    game_services.accept_invitation(game.pk, opponent)
    return game


@pytest.fixture
def heard():
    """Every GameFinished sent while the test runs."""
    payloads: list[GameFinished] = []

    def listen(sender, finished, **kwargs):
        payloads.append(finished)

    game_finished.connect(listen, dispatch_uid="tests.heard")
    yield payloads
    game_finished.disconnect(dispatch_uid="tests.heard")


def test_a_finished_game_is_announced_once_with_its_result(make_user, heard):
    anna, boris = make_user("anna"), make_user("boris")
    game = friendly_game(anna, boris, rated=True)
    anna_seat = game.seats.get(user=anna).seat
    game_services.resign(game.pk, boris)
    assert heard == [
        GameFinished(
            game_id=game.pk, kind="kropki", match_id=None, rated=True,
            winner=anna_seat, reason="resignation",
        )
    ]  # fmt: skip


def test_a_receiver_connected_twice_hears_the_game_once(make_user, heard):
    def listen_again(sender, finished, **kwargs):
        heard.append(finished)

    game_finished.connect(listen_again, dispatch_uid="tests.heard")  # the same uid: ignored
    anna, boris = make_user("anna"), make_user("boris")
    game = friendly_game(anna, boris)
    game_services.resign(game.pk, boris)
    assert [finished.game_id for finished in heard] == [game.pk]


def test_ready_run_again_rates_a_game_once(make_user):
    apps.get_app_config("tournaments").ready()
    apps.get_app_config("ratings").ready()
    anna, boris = make_user("anna"), make_user("boris")
    game = friendly_game(anna, boris, rated=True)
    with mock.patch("ratings.tasks.rate_finished_game.delay") as rate:
        game_services.resign(game.pk, boris)
    rate.assert_called_once_with(game.pk)


def test_a_failing_receiver_leaves_the_game_unfinished(make_user):
    def refuse(sender, finished, **kwargs):
        raise RuntimeError("the receiver failed")

    anna, boris = make_user("anna"), make_user("boris")
    game = friendly_game(anna, boris)
    game_finished.connect(refuse, dispatch_uid="tests.refuse")
    try:
        with pytest.raises(RuntimeError):
            game_services.resign(game.pk, boris)
    finally:
        game_finished.disconnect(dispatch_uid="tests.refuse")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.result_reason == ""


def test_championships_hear_a_game_before_ratings():
    live = (entry[1]() for entry in game_finished.receivers)  # held by weak reference
    names = [receiver.__module__ for receiver in live if receiver is not None]
    assert names.index("tournaments.services.progress") < names.index("ratings.services")


def test_moves_played_count_only_moves_that_stand_in_the_record(make_user):
    anna, boris = make_user("anna"), make_user("boris")
    game = friendly_game(anna, boris)
    first = game.to_move
    for seq, status in enumerate([Move.Status.ACCEPTED, Move.Status.REFUSED, Move.Status.PENDING]):
        Move.objects.create(game=game, seq=seq + 1, seat=first, payload=[seq, 0], status=status)
    Move.objects.create(game=game, seq=4, seat="other", payload=[5, 5], status=Move.Status.UNDONE)
    assert selectors.moves_played_per_seat(game) == {first: 1}
