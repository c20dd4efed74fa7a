"""The suite's parallel workers stay out of each other's way: each has its own Redis database,
and its games' and championships' live channels (shared by every Redis database) are its own."""

import os

import pytest
from django.conf import settings
from django.db import connection

from games import services
from live.topics import Topic
from tests.conftest import service_missing
from tests.support import parallel


def test_each_worker_takes_the_redis_database_after_the_one_before():
    assert (
        parallel.redis_url_for_worker("redis://127.0.0.1:6379/8", 0) == "redis://127.0.0.1:6379/8"
    )
    assert (
        parallel.redis_url_for_worker("redis://127.0.0.1:6379/8", 3) == "redis://127.0.0.1:6379/11"
    )
    assert parallel.redis_url_for_worker("redis://:secret@cache:6380", 2) == (
        "redis://:secret@cache:6380/2"
    )


def test_this_worker_and_the_processes_it_starts_use_its_redis_database():
    if not settings.REDIS_URL:
        service_missing("REDIS_URL is not set")
    assert os.environ["REDIS_URL"] == settings.REDIS_URL
    assert settings.CELERY_BROKER_URL == settings.REDIS_URL
    assert settings.CACHES["default"]["LOCATION"] == settings.REDIS_URL


def test_a_process_started_by_a_test_keeps_the_redis_url_it_is_given(monkeypatch):
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw1")
    monkeypatch.setenv(parallel.REDIS_URL_WORKER, "gw1")
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:7000/0")
    parallel.use_the_workers_redis_database()
    assert os.environ["REDIS_URL"] == "redis://127.0.0.1:7000/0"


def test_a_worker_moves_the_runs_redis_url_to_its_own_database_once(monkeypatch):
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw2")
    monkeypatch.delenv(parallel.REDIS_URL_WORKER, raising=False)
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6379/8")
    parallel.use_the_workers_redis_database()
    parallel.use_the_workers_redis_database()
    assert os.environ["REDIS_URL"] == "redis://127.0.0.1:6379/10"


@pytest.mark.django_db
def test_the_workers_id_ranges_do_not_meet_and_fit_every_id_column():
    # The narrowest id column of any model bounds how many workers' ranges fit.
    from django.apps import apps
    from django.db import models

    def largest_id(field: models.Field) -> int:
        if isinstance(field, models.BigAutoField):
            return 2**63 - 1
        if isinstance(field, models.SmallAutoField):
            return 2**15 - 1
        return 2**31 - 1

    narrowest = min(
        largest_id(model._meta.pk)
        for model in apps.get_models()
        if isinstance(model._meta.pk, models.AutoField)  # every auto-numbered key
    )
    starts = [parallel.first_id(index) for index in range(8)]
    assert starts == sorted(set(starts))
    assert parallel.first_id(8) - 1 <= narrowest


@pytest.mark.django_db
def test_this_workers_games_have_live_channels_no_other_worker_has(make_user):
    blue, red = make_user("blue"), make_user("red")
    game = services.create_game(
        creator=blue, game="kropki", options={"start": "empty"}, format=None, opponent=red.username
    )
    index = parallel.worker_index()
    assert parallel.first_id(index) <= game.pk < parallel.first_id(index + 1)
    assert parallel.first_id(index) <= blue.pk < parallel.first_id(index + 1)
    assert Topic("game", game.pk).channel == f"championships:game:{game.pk}"
    if parallel.worker_name() and connection.vendor == "postgresql":
        assert connection.settings_dict["NAME"].endswith(f"_{parallel.worker_name()}")
