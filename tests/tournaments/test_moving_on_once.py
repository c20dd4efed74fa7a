"""A championship keeps at most one advance waiting in the queue: a round's results queue
one, a result that lands while it runs queues the next, and an advance lost from the queue
is made good by the beat's sweep. No result is ever left unsettled."""

import threading
import time
import uuid
from datetime import timedelta

import pytest
from celery.signals import before_task_publish
from django.db import connection, connections, transaction
from django.utils import timezone
from kombu import Queue

from accounts.models import Plan, User
from config.celery import app as celery_app
from games import selectors as game_selectors
from games import services as game_services
from games.models import Game
from tests.conftest import service_missing
from tests.support.championships import small_championship
from tournaments import services
from tournaments.models import Championship, Entry, Match
from tournaments.services.progress import advance_championship

# How long a test waits for another thread to reach the point it waits for.
WAIT_S = 20


@pytest.fixture
def organiser(make_user):
    return make_user("organiser", plan=Plan.PAID)


@pytest.fixture
def advances_queued(settings):
    """Tasks go to a queue of this test's own that no worker reads, not run in-process;
    yields the ids of the championships whose advance was queued, in order."""
    name = f"tests-advances-{uuid.uuid4().hex[:8]}"
    queued: list[int] = []

    def heard(sender=None, body=None, **kwargs):
        if sender == advance_championship.name:
            queued.append(body[0][0])

    eager, routes = celery_app.conf.task_always_eager, celery_app.conf.task_routes
    settings.CELERY_TASK_ALWAYS_EAGER = False
    celery_app.conf.task_always_eager = False
    route_every_task(routes={"*": {"queue": name}})
    before_task_publish.connect(heard, weak=False)
    yield queued
    before_task_publish.disconnect(heard)
    route_every_task(routes)
    celery_app.conf.task_always_eager = eager
    with celery_app.connection_for_write() as broker:
        Queue(name).bind(broker.default_channel).delete()


def route_every_task(routes) -> None:
    """Send tasks by `routes` from now on: the app keeps the router it made at its first
    task, so it is made again (a real worker of the run reads the usual queues, and must not
    take these tasks)."""
    celery_app.conf.task_routes = routes
    celery_app.amqp.flush_routes()
    celery_app.amqp.router = celery_app.amqp.Router()


def started_swiss(organiser, make_user, count: int) -> tuple[Championship, list[Game]]:
    """A Swiss of `count` players, started: its first round's games."""
    championship = small_championship(organiser, system="swiss", swiss_rounds=3)
    players = [make_user(f"p{n}") for n in range(count)]
    Entry.objects.bulk_create(Entry(championship=championship, player=p) for p in players)
    services.start(championship.pk, by=organiser)
    games = Game.objects.filter(match__stage__championship=championship).order_by("pk")
    return championship, list(games)


def resign(game: Game) -> None:
    """The player in the game's first seat resigns."""
    seats = game_selectors.players_by_seat(game)
    game_services.resign(game.pk, User.objects.get(pk=next(iter(seats.values()))))


def matches_in(championship: Championship, status: str, round_number: int = 1) -> int:
    matches = Match.objects.filter(stage__championship=championship, round=round_number)
    return matches.filter(status=status, second__isnull=False).count()


def round_games(championship: Championship, number: int) -> int:
    return Game.objects.filter(match__stage__championship=championship, match__round=number).count()


@pytest.mark.django_db
@pytest.mark.usefixtures("after_commit")
def test_a_rounds_results_queue_one_advance_which_settles_them_all(
    advances_queued, organiser, make_user
):
    championship, games = started_swiss(organiser, make_user, 8)
    for game in games[:3]:
        resign(game)
    assert advances_queued == [championship.pk]  # one waits: the next two queue nothing

    advance_championship.apply((championship.pk,))  # the worker takes it

    assert matches_in(championship, Match.Status.FINISHED) == 3
    resign(games[3])
    assert advances_queued == [championship.pk] * 2  # it has started: a new one is queued
    advance_championship.apply((championship.pk,))
    assert matches_in(championship, Match.Status.FINISHED) == 4
    assert round_games(championship, 2) == 4


# Transactional: the advance, the result landing meanwhile and the test hold connections
# of their own, which wait on each other's row locks as the worker and a request do.
@pytest.mark.django_db(transaction=True)
def test_results_landing_while_the_championship_moves_on_are_all_settled(
    advances_queued, organiser, make_user
):
    if connection.vendor != "postgresql":
        service_missing("an advance and a result at the same moment need PostgreSQL")
    championship, (first, second, third) = started_swiss(organiser, make_user, 6)
    resign(first)
    assert advances_queued == [championship.pk]
    failures: list[BaseException] = []

    def in_a_thread(work) -> threading.Thread:
        def run() -> None:
            try:
                work()
            except BaseException as error:  # re-raised by the test below
                failures.append(error)
            finally:
                connections.close_all()

        thread = threading.Thread(target=run)
        thread.start()
        return thread

    with transaction.atomic():
        # The advance reads the results in, then waits here to settle the first match.
        Match.objects.select_for_update().get(pk=first.match_id)
        advancing = in_a_thread(lambda: advance_championship.apply((championship.pk,), throw=True))
        wait_until_a_connection_waits_for_a_lock()
        landing = in_a_thread(lambda: resign(second))
        landing.join(WAIT_S)
    advancing.join(WAIT_S)
    assert not failures, failures
    assert not advancing.is_alive() and not landing.is_alive()

    # The running advance settled what it had read; the result that landed meanwhile
    # queued the next advance, which settles it.
    assert matches_in(championship, Match.Status.FINISHED) == 1
    assert advances_queued == [championship.pk] * 2
    advance_championship.apply((championship.pk,))
    assert matches_in(championship, Match.Status.FINISHED) == 2
    resign(third)
    advance_championship.apply((championship.pk,))
    assert matches_in(championship, Match.Status.FINISHED) == 3
    assert round_games(championship, 2) == 3


def wait_until_a_connection_waits_for_a_lock() -> None:
    deadline = time.monotonic() + WAIT_S
    with connection.cursor() as cursor:
        while True:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity "
                "WHERE datname = current_database() AND wait_event_type = 'Lock'"
            )
            if cursor.fetchone()[0]:
                return
            assert time.monotonic() < deadline, "the advance never reached the locked match"
            time.sleep(0.02)


@pytest.mark.django_db
@pytest.mark.usefixtures("after_commit")
def test_an_advance_lost_from_the_queue_does_not_stop_the_championship(
    advances_queued, organiser, make_user
):
    championship, games = started_swiss(organiser, make_user, 4)
    resign(games[0])
    assert advances_queued == [championship.pk]  # lost: no worker ever takes it
    resign(games[1])
    assert advances_queued == [championship.pk]  # its key says one is still waiting
    assert matches_in(championship, Match.Status.PLAYING) == 2

    assert services.sweep().moved_on == []  # results this fresh are still on their way
    swept = services.sweep(timezone.now() + timedelta(minutes=1))

    assert swept.moved_on == [championship.pk]
    assert advances_queued == [championship.pk] * 2
    advance_championship.apply((championship.pk,))
    assert matches_in(championship, Match.Status.FINISHED) == 2
    assert round_games(championship, 2) == 2
    assert services.sweep(timezone.now() + timedelta(minutes=1)).moved_on == []
