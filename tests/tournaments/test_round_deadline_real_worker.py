"""A round's real deadline, decided by the real beat and worker on PostgreSQL and
Redis, with nobody reading the championship."""

import os
import time
from datetime import timedelta

import pytest
from django.db.models import F

from games.models import Game
from tests.conftest import worker_database_url
from tests.support.processes import celery_beat
from tests.tournaments.deadline_support import play_a_move, running_games, started_championship
from tournaments.models import Decision, Match

# Transactional: the beat and the worker are other processes, which read only what is
# committed.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("real_worker")]


def test_the_beat_and_worker_decide_a_round_at_its_real_deadline(make_user, settings, tmp_path):
    from config.celery import app

    app.conf.task_always_eager = False
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.REDIS_URL = os.environ["REDIS_URL"]
    organiser = make_user("organiser")
    players = [make_user(f"player{n}") for n in range(4)]
    championship = started_championship(organiser, players, group_size=4, round_deadline_s=60)
    games = running_games(championship)
    assert len(games) == 2
    absent_game, slow_game = games
    for _move in range(2):
        play_a_move(slow_game)
        wait_for(
            lambda: Game.objects.get(pk=slow_game.pk).moves.filter(status="pending").count() == 0
        )
    env = {**os.environ, "DATABASE_URL": worker_database_url(), "CHAMPIONSHIPS_SWEEP_SECONDS": "2"}
    match = Match.objects.get(pk=absent_game.match_id)
    assert (match.deadline - match.opened_at).total_seconds() == 60
    # The round opened 50 s ago (as if it had): its real deadline is 10 s away, for the
    # beat and the worker to meet without the test waiting the whole minute.
    earlier = timedelta(seconds=50)
    Match.objects.filter(stage__championship=championship, round=1).update(
        opened_at=F("opened_at") - earlier, deadline=F("deadline") - earlier
    )
    with celery_beat(env, tmp_path) as beat:
        wait_for(
            lambda: (
                Match.objects.filter(
                    stage__championship=championship, round=1, status="finished"
                ).count()
                == 2
            ),
            seconds=100,
            failure=lambda: beat.output(),
        )
    absent_game.refresh_from_db()
    slow_game.refresh_from_db()
    assert absent_game.result_reason == "no_show"
    assert slow_game.result_reason == "deadline"
    assert slow_game.finished_at >= Match.objects.get(pk=slow_game.match_id).deadline
    assert Decision.objects.filter(championship=championship, action="deadline").count() == 2
    # The next round opened with its own deadline.
    assert (
        Match.objects.filter(stage__championship=championship, round=2, status="playing").count()
        == 2
    )


def wait_for(condition, seconds: float = 30, failure=lambda: "") -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"not done within {seconds} s\n{failure()}")
        time.sleep(0.2)
