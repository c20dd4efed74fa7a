"""A playoff match that ends with no winner (both its players had left when it opened)
sends nobody on: the next match's other player goes on by walkover, and the championship
still reaches its champion."""

import pytest
from django.utils import timezone

from games import services as game_services
from games.models import Game
from tests.support.championships import small_championship
from tournaments import services
from tournaments.models import Championship, Entry, Match
from tournaments.services.playoff import start_playoff

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def resign_every_active_game(championship):
    """The second seat resigns every running game of the championship."""
    for game in Game.objects.filter(
        match__stage__championship=championship, status=Game.Status.ACTIVE
    ):
        game_services.resign(game.pk, game.seats.order_by("order").last().user)


def test_a_semi_final_both_players_left_gives_the_final_and_third_place_by_walkover(
    organiser, make_user
):
    championship = small_championship(organiser, third_place=True)
    for name in ("anna", "boris", "clara", "dmitri"):
        services.enter(championship.pk, by=make_user(name))
    entries = list(championship.entries.order_by("player__username"))
    # Anna and Dmitri (seeds 1 and 4) meet in semi-final 1; both have left by then.
    Entry.objects.filter(pk__in=[entries[0].pk, entries[3].pk]).update(withdrawn_at=timezone.now())
    entries = list(championship.entries.order_by("player__username"))
    start_playoff(championship, [entries[0], entries[3], entries[1], entries[2]])
    first_semi = Match.objects.get(stage__championship=championship, round=1, index=0)
    assert (first_semi.status, first_semi.winner) == (Match.Status.FINISHED, None)
    resign_every_active_game(championship)  # clara resigns semi-final 2 to boris
    championship.refresh_from_db()
    assert championship.status == Championship.Status.FINISHED
    final = Match.objects.get(stage__championship=championship, round=2, third_place=False)
    third = Match.objects.get(stage__championship=championship, round=2, third_place=True)
    assert final.winner.player.username == "boris" and final.forfeit
    assert third.winner.player.username == "clara" and third.forfeit
    assert championship.winner.username == "boris"
