"""What keeps the suite's parallel workers (pytest-xdist, `make test TEST_WORKERS=N`) out of
each other's way.

pytest-django gives each worker a test database of its own (test_NAME_gw0, test_NAME_gw1, ...).
Redis is shared, so each worker takes the database numbered the run's REDIS_URL's plus the
worker's index, for its cache, throttles, Celery queue and live snapshots. Redis's pub/sub
channels are the server's, not a database's, and the live streams publish on one channel per
game and per championship id: so each worker's rows are numbered from an id range of its own,
and no two workers ever have a game (or a championship) of the same id.
"""

import os
from urllib.parse import urlsplit, urlunsplit

from django.db import connection

# Far more rows than any worker makes in a run, and eight workers' ranges still fit in an
# ordinary integer key.
IDS_PER_WORKER = 10_000_000

# Set once a process's REDIS_URL names its worker's database: the processes a test starts
# inherit both, and keep the URL they were given.
REDIS_URL_WORKER = "REDIS_URL_WORKER"


def worker_name() -> str:
    """The xdist worker's name (gw0, gw1, ...); empty when the suite runs in one process."""
    return os.environ.get("PYTEST_XDIST_WORKER", "")


def worker_index() -> int:
    """The xdist worker's number; 0 when the suite runs in one process."""
    name = worker_name()
    return int(name.removeprefix("gw")) if name else 0


def redis_url_for_worker(url: str, index: int) -> str:
    """`url` moved `index` databases on: redis://host:6379/8 is redis://host:6379/10 for gw2."""
    address = urlsplit(url)
    database = int(address.path.strip("/") or 0)
    return urlunsplit(address._replace(path=f"/{database + index}"))


def use_the_workers_redis_database() -> None:
    """Point REDIS_URL at this worker's Redis database, in the environment, so the settings,
    the tests that read it and every process a test starts all see the same one."""
    name, url = worker_name(), os.environ.get("REDIS_URL", "")
    if not name or not url or os.environ.get(REDIS_URL_WORKER) == name:
        return
    os.environ["REDIS_URL"] = redis_url_for_worker(url, worker_index())
    os.environ[REDIS_URL_WORKER] = name


def first_id(index: int) -> int:
    """The first id of every table in worker `index`'s test database."""
    return index * IDS_PER_WORKER + 1


def number_rows_from_the_workers_range() -> None:
    """Start every table's ids at this worker's first id (worker 0, and a run in one process,
    keep the database's own start). Called once the test database is made.

    A test database is emptied between transactional tests without going back on its ids,
    so the ranges hold for the whole run.
    """
    index = worker_index()
    if index == 0:
        return
    start = first_id(index)
    sequences = connection.introspection.sequence_list()
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            for sequence in sequences:
                # Parameters only: the sequence's name is passed as a value, not spliced in.
                cursor.execute("SELECT setval(%s, %s, false)", [sequence["name"], start])
        elif connection.vendor == "sqlite":
            # Tables made with AUTOINCREMENT (all of Django's) take their next id from here.
            for sequence in sequences:
                table = sequence["table"]
                cursor.execute("DELETE FROM sqlite_sequence WHERE name = %s", [table])
                cursor.execute(
                    "INSERT INTO sqlite_sequence (name, seq) VALUES (%s, %s)", [table, start - 1]
                )
        else:
            raise NotImplementedError(f"no id ranges for {connection.vendor} yet")
