"""Fixtures shared by the whole suite."""

import contextlib
import os
from collections.abc import Iterator

import pytest
from allauth.account.models import EmailAddress
from django.core.cache import cache
from django.test import override_settings
from django.utils import translation
from rest_framework.test import APIClient

from accounts.models import User
from accounts.services import api_token
from config.celery import app as celery_app
from tests.support import mfa, parallel

pytest_plugins = ["tests.support.after_commit"]

# CI sets REQUIRE_SERVICES=1: a test that needs PostgreSQL, Redis or a worker then
# fails when it is missing instead of being skipped.
REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES", "") == "1"

TEST_PASSWORD = "a-long-and-unusual-passphrase"


def service_missing(reason: str) -> None:
    """Skip on a developer's machine without the service; fail in CI."""
    if REQUIRE_SERVICES:
        pytest.fail(f"{reason}, and REQUIRE_SERVICES=1 says it must be there")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's test database (one per parallel worker), its rows numbered from the
    worker's own id range so no two workers' games share a live channel."""
    with django_db_blocker.unblock():
        parallel.number_rows_from_the_workers_range()


@pytest.fixture(autouse=True)
def _fast_passwords_clean_cache_and_english(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    cache.clear()
    mfa.forget_handed_codes()  # the site forgets the codes used with its cache
    # A request in another language leaves it active in the thread: each test starts in
    # the site's language, whatever ran before it.
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()
    cache.clear()


@pytest.fixture
def api() -> APIClient:
    return APIClient()


def new_user(
    username: str = "player", *, staff: bool = False, email_verified: bool = True, **fields
) -> User:
    """An account; an `email` given is one its player has verified unless told."""
    user = User.objects.create_user(username=username, password=TEST_PASSWORD, **fields)
    if staff:
        user.is_staff = True
        user.save(update_fields=["is_staff"])
    if user.email:
        EmailAddress.objects.create(
            user=user, email=user.email.lower(), primary=True, verified=email_verified
        )
    return user


@pytest.fixture
def make_user(db):
    return new_user


@pytest.fixture
def player(make_user) -> User:
    return make_user("player")


@pytest.fixture
def staff(make_user) -> User:
    return make_user("organiser-staff", staff=True)


def client_with_token(user: User) -> APIClient:
    """An API client that authenticates as `user` with its real API token; a staff account's
    is got as staff get it, with the second factor (set up for it if it has none)."""
    from tests.support.mfa import staff_token

    key = staff_token(user) if user.is_staff else api_token(user).key
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


@pytest.fixture
def alice(make_user):
    return make_user("alice")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def alice_api(alice):
    return client_with_token(alice)


@pytest.fixture
def bob_api(bob):
    return client_with_token(bob)


@pytest.fixture
def player_api(player) -> APIClient:
    return client_with_token(player)


@pytest.fixture
def staff_api(staff) -> APIClient:
    return client_with_token(staff)


def worker_database_url() -> str:
    """A DATABASE_URL for the test database (the parallel worker's own), for processes
    started by the tests."""
    from django.db import connection

    db = connection.settings_dict
    if connection.vendor != "postgresql":
        service_missing("a worker process needs a shared database server (PostgreSQL)")
    credentials = db["USER"] + (f":{db['PASSWORD']}" if db["PASSWORD"] else "")
    return f"postgres://{credentials}@{db['HOST'] or 'localhost'}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.fixture(scope="session")
def celery_worker_name(django_db_setup, django_db_blocker) -> str:
    """Start one real Celery worker for the session (one for each parallel worker that needs
    it), on the test database and Redis database of the parallel worker; yields its name."""
    import socket
    import time
    import uuid

    from django.conf import settings

    from config.celery import app
    from tests.support.processes import celery_worker

    if not settings.REDIS_URL:
        service_missing("REDIS_URL is not set, so there is no broker for a real worker")
    with django_db_blocker.unblock():
        database_url = worker_database_url()
    name = f"test-{uuid.uuid4().hex[:8]}@{socket.gethostname()}"
    env = {**os.environ, "DATABASE_URL": database_url}
    with celery_worker(env, name) as worker:
        deadline = time.monotonic() + 60
        while not app.control.ping(destination=[name], timeout=0.5):
            if worker.exited():
                pytest.fail(f"the Celery worker exited:\n{worker.output()}")
            if time.monotonic() > deadline:
                pytest.fail("the Celery worker did not answer a ping within 60 s")
        yield name


def settle_worker(name: str, seconds: float = 60) -> None:
    """Wait until the worker has nothing left to do for the test that ends.

    A task still running (a rating update after a game ends, a clock check that
    comes due) would hold row locks while the test database is truncated, and the
    two would deadlock. Queued and scheduled tasks of a finished test are dropped: the purge
    empties the queue of this parallel worker's Redis database only.
    """
    import time

    import redis
    from django.conf import settings

    broker = redis.Redis.from_url(settings.REDIS_URL)
    inspector = celery_app.control.inspect(destination=[name], timeout=1)
    deadline = time.monotonic() + seconds
    quiet_rounds = 0
    while quiet_rounds < 2:
        assert time.monotonic() < deadline, f"the worker {name} did not settle in {seconds} s"
        celery_app.control.purge()
        scheduled = (inspector.scheduled() or {}).get(name, [])
        for entry in scheduled:
            celery_app.control.revoke(entry["request"]["id"], destination=[name])
        busy = (inspector.active() or {}).get(name, []) + (inspector.reserved() or {}).get(name, [])
        queued = broker.llen(settings.CELERY_TASK_DEFAULT_QUEUE)
        quiet_rounds = quiet_rounds + 1 if not (busy or queued) else 0
        if quiet_rounds < 2:
            time.sleep(0.1)


@pytest.fixture
def private_redis(tmp_path) -> str:
    """The URL of a Redis server of the test's own, which it may flush or stop while the other
    parallel workers go on with the shared one."""
    import shutil

    from tests.support.processes import redis_server

    if not shutil.which("redis-server"):
        service_missing("no redis-server to start a Redis of the test's own")
    with redis_server(tmp_path) as url:
        yield url


@pytest.fixture
def real_worker(celery_worker_name):
    """The session's real worker for one test; it is left idle when the test ends."""
    yield celery_worker_name
    settle_worker(celery_worker_name)


@contextlib.contextmanager
def embedded_for_a_module() -> Iterator[None]:
    """What the `embedded` fixture and the suite's quick passwords arrange, for rows a
    module-scoped fixture makes before any test's own settings apply."""
    before = celery_app.conf.task_always_eager
    with override_settings(
        CELERY_TASK_ALWAYS_EAGER=True,
        REDIS_URL="",
        PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
    ):
        celery_app.conf.task_always_eager = True
        try:
            yield
        finally:
            celery_app.conf.task_always_eager = before


@pytest.fixture
def embedded(settings):
    """Run as `make demo` does: tasks in-process, live updates through the in-process hub."""
    before = celery_app.conf.task_always_eager  # read before the settings change under it
    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.REDIS_URL = ""
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = before


def pytest_collection_modifyitems(config, items):
    """The slow files first, one on each parallel worker (tests/support/scheduling.py)."""
    from tests.support import scheduling

    items[:] = scheduling.spread_slow_tests(items, scheduling.workers())
