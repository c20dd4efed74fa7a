"""A Swiss round's last result pairs and opens the next: every player hears of their new game
once, in their own language, and the step costs as many queries for 40 players as for 8."""

from collections import Counter

import pytest
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import Plan
from games import services as game_services
from games.models import Game
from notifications.kinds import Kind
from notifications.models import Notification
from tests.support.swiss_of_languages import READY, swiss_of
from tournaments import services
from tournaments.services import round_notices

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


@pytest.fixture
def organiser(make_user):
    return make_user("organiser", plan=Plan.PAID)


def started_swiss(organiser, make_user, count: int, *, prefix: str = "p", mailed: bool = True):
    """A started Swiss of `count` entrants reading every language in turn (`swiss_of`)."""
    championship, players = swiss_of(organiser, make_user, count, prefix=prefix, mailed=mailed)
    services.start(championship.pk, by=organiser)
    return championship, players


def round_games(championship, number: int) -> list[Game]:
    return list(
        Game.objects.filter(match__stage__championship=championship, match__round=number)
        .prefetch_related("seats__user")
        .order_by("pk")
    )


def resign_round(championship, number: int) -> Game:
    """Every game of round `number` but the last resigned by its first seat: the last one."""
    games = round_games(championship, number)
    for game in games[:-1]:
        game_services.resign(game.pk, game.seats.all()[0].user)
    return games[-1]


def test_every_player_of_the_next_swiss_round_is_told_once_in_their_language(organiser, make_user):
    championship, players = started_swiss(organiser, make_user, 40)
    last = resign_round(championship, 1)
    mail.outbox.clear()

    game_services.resign(last.pk, last.seats.all()[0].user)

    games = round_games(championship, 2)
    assert len(games) == 20
    told = Notification.objects.filter(kind=Kind.ROUND_STARTED, params__round=2)
    assert Counter(told.values_list("user_id", flat=True)) == {p.pk: 1 for p in players}
    for game in games:
        seated = {seat.user_id for seat in game.seats.all()}
        for note in told.filter(user_id__in=seated):
            assert note.url == f"/games/{game.pk}/"
            assert note.params["opponent"] == next(
                p.username for p in players if p.pk in seated - {note.user_id}
            )
    ready = {m.to[0]: m.body for m in mail.outbox if any(w in m.body for w in READY.values())}
    assert {player.email for player in players} == set(ready)
    for player in players:
        assert READY[player.language] in ready[player.email]


def test_a_rounds_notices_told_again_reach_nobody_twice(organiser, make_user):
    championship, players = started_swiss(organiser, make_user, 12)
    mail.outbox.clear()

    round_notices.tell([(game.match_id, 0) for game in round_games(championship, 1)])

    told = Notification.objects.filter(kind=Kind.ROUND_STARTED)
    assert Counter(told.values_list("user_id", flat=True)) == {p.pk: 1 for p in players}
    assert not mail.outbox


def test_the_last_result_pairs_the_next_round_for_as_many_queries_with_40_players_as_with_8(
    organiser, make_user
):
    # Without addresses: the e-mails' own tasks (run here, embedded) are the worker's work.
    def queries_of_the_last_result(count: int, prefix: str) -> int:
        championship, _players = started_swiss(
            organiser, make_user, count, prefix=prefix, mailed=False
        )
        last = resign_round(championship, 1)
        with CaptureQueriesContext(connection) as queries:
            game_services.resign(last.pk, last.seats.all()[0].user)
        assert len(round_games(championship, 2)) == count // 2
        return len(queries)

    assert queries_of_the_last_result(40, "big") == queries_of_the_last_result(8, "small")
