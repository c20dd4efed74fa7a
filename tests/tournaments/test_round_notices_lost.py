"""A round's notices go out in a task of their own after the round's commit: when that task
is lost on its way (a broker flushed between the commit and the worker), the championships'
sweep tells the players of the games still untold, once each, within minutes."""

from collections import Counter
from datetime import timedelta
from unittest.mock import patch

import pytest
from django.core.cache import cache
from django.utils import timezone

from games.models import Game
from notifications.kinds import Kind
from notifications.models import Notification
from tests.support.championships import small_championship
from tournaments import services
from tournaments.services import round_notices
from tournaments.services.sweep import UNTOLD_CHECKED_KEY

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def told() -> Counter:
    """How many start-of-game notices each player has, by username."""
    return Counter(
        Notification.objects.filter(kind=Kind.ROUND_STARTED).values_list(
            "user__username", flat=True
        )
    )


def sweep_at(moment) -> int:
    cache.delete(UNTOLD_CHECKED_KEY)  # as a minute later, when it is looked for
    return services.sweep(moment).retold


@pytest.fixture
def lost_round(make_user):
    """A started championship of four whose round's notices task never arrived."""
    organiser = make_user("olga")
    championship = small_championship(organiser)
    for name in ("anna", "boris", "clara", "dmitri"):
        services.enter(championship.pk, by=make_user(name))
    with patch.object(round_notices.round_notices_task, "delay"):
        services.start(championship.pk, by=organiser)
    assert Game.objects.filter(match__stage__championship=championship).count() == 2
    assert told() == Counter()
    return championship


def test_a_lost_rounds_players_are_told_by_the_sweep_once_each(lost_round):
    assert sweep_at(timezone.now()) == 0  # so soon the task may still be on its way
    assert told() == Counter()
    assert sweep_at(timezone.now() + timedelta(minutes=3)) == 2
    assert told() == Counter({"anna": 1, "boris": 1, "clara": 1, "dmitri": 1})
    # Told once: the next sweeps find nobody left to tell.
    assert sweep_at(timezone.now() + timedelta(minutes=4)) == 0
    assert told() == Counter({"anna": 1, "boris": 1, "clara": 1, "dmitri": 1})


def test_a_game_over_or_started_long_ago_is_not_told_of_its_start(lost_round):
    game = Game.objects.filter(match__stage__championship=lost_round).first()
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    assert sweep_at(timezone.now() + timedelta(minutes=3)) == 1
    assert sum(told().values()) == 2
    assert sweep_at(timezone.now() + timedelta(hours=2)) == 0


def test_a_round_told_as_usual_is_not_told_again(make_user):
    organiser = make_user("olga")
    championship = small_championship(organiser)
    for name in ("anna", "boris"):
        services.enter(championship.pk, by=make_user(name))
    services.start(championship.pk, by=organiser)
    assert told() == Counter({"anna": 1, "boris": 1})
    assert sweep_at(timezone.now() + timedelta(minutes=3)) == 0
    assert told() == Counter({"anna": 1, "boris": 1})


def test_a_task_only_late_and_the_sweeps_both_run_and_each_player_is_told_once(make_user):
    # The round's task was not lost but late (a worker far behind): the sweep sends it again,
    # then the first arrives too.
    organiser = make_user("olga")
    championship = small_championship(organiser)
    for name in ("anna", "boris"):
        services.enter(championship.pk, by=make_user(name))
    with patch.object(round_notices.round_notices_task, "delay") as held:
        services.start(championship.pk, by=organiser)
    assert sweep_at(timezone.now() + timedelta(minutes=3)) == 1
    round_notices.round_notices_task(*held.call_args.args)
    assert told() == Counter({"anna": 1, "boris": 1})
