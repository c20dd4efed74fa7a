"""A new process does its first-time work before it serves anyone.

Left to the first requests, a fresh web process imports its views, reads its translation
catalogues, opens its database pool and its Redis connections, and sets up Celery's
producer (its transport, its connection, the queue's declaration) — about 50 ms on the
first move a process handles and about a second on its first request of all, paid by
whichever player comes first after every start or restart. gunicorn's hook does all of it
as each web process starts; a Celery worker loads the code before it forks its pool (its
processes must be up within seconds, so they open their connections on their first task).
Nothing here changes data; a service that is down is left to the first request to report.
"""

import contextlib
import logging

from celery import Celery
from django.conf import settings
from django.core.cache import cache
from django.db import connections
from django.urls import Resolver404, resolve
from django.utils import translation

from games import engines
from live.connection import redis_client

log = logging.getLogger(__name__)


def warm_up_web_process(celery_app: Celery) -> None:
    """Everything a web request would otherwise do the first time in its process."""
    load_code()
    if open_connections():
        _open_task_producer(celery_app)


def load_code() -> None:
    """Import what requests and tasks use and read the translation catalogues; no service is
    asked. A worker does this before it forks its pool, which then shares it."""
    with contextlib.suppress(Resolver404):
        resolve("/")  # imports the URL configuration, and with it every view
    for game in engines.GAMES:
        engines.engine(game)  # each game's rules engine, imported and built once per process
    for code, _name in settings.LANGUAGES:
        translation.activate(code)  # reads the language's catalogues
    translation.deactivate()


def open_connections() -> bool:
    """Open the database pool, the cache's and the live updates' Redis connections; False if
    a service did not answer (the first request that needs it reports it)."""
    try:
        for alias in connections:
            connections[alias].ensure_connection()
            connections[alias].close()  # back to the process's pool, open
        cache.get("warm-up")
        client = redis_client()
        if client is not None:
            client.ping()
    except Exception:
        log.warning("a service was not reachable while the process warmed up", exc_info=True)
        return False
    return True


def _open_task_producer(celery_app: Celery) -> None:
    if celery_app.conf.task_always_eager:
        return
    try:
        with celery_app.producer_or_acquire() as producer:
            for queue in celery_app.amqp.queues.values():
                producer.maybe_declare(queue)
    except Exception:
        log.warning("the broker was not reachable while the process warmed up", exc_info=True)
