"""A new process does its first-time work before it serves, so the first player after a
start or a restart is answered as fast as the others."""

import importlib
import logging
import os
import subprocess
import sys

import pytest

from config import warm_up
from config.celery import app as celery_app
from games import engines
from tests.support.processes import PROJECT, free_port


def test_a_web_process_warms_up_before_it_takes_a_request(monkeypatch):
    calls = []
    monkeypatch.setattr(warm_up, "warm_up_web_process", calls.append)
    gunicorn_settings = importlib.import_module("config.gunicorn")

    gunicorn_settings.post_worker_init(worker=None)

    assert calls == [celery_app]


def test_warming_up_loads_every_game_in_play_and_the_views():
    # In a fresh interpreter: this one has long since imported everything.
    script = (
        "import sys, django; django.setup()\n"
        "from config.warm_up import load_code; from games import engines\n"
        "load_code()\n"
        "after = {g for g in engines.GAMES if f'{engines.package(g)}.engine' in sys.modules}\n"
        "print(sorted(after), 'games.api' in sys.modules)\n"
    )
    environment = {**os.environ, "DJANGO_SETTINGS_MODULE": "tests.settings"}
    answer = subprocess.run(
        [sys.executable, "-c", script], cwd=PROJECT, env=environment,
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip

    assert answer.returncode == 0, answer.stderr
    assert answer.stdout.split("\n")[-2] == f"{sorted(engines.GAMES)} True"


@pytest.mark.django_db
def test_warming_up_opens_the_connections_it_can(settings):
    settings.REDIS_URL = ""  # embedded: live updates need no Redis

    assert warm_up.open_connections() is True


@pytest.mark.django_db
def test_a_service_that_is_down_is_left_to_the_first_request_to_report(settings, caplog):
    settings.REDIS_URL = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there

    with caplog.at_level(logging.WARNING, logger="config.warm_up"):
        assert warm_up.open_connections() is False

    assert "not reachable" in caplog.text
