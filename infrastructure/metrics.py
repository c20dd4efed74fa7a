"""The site's Prometheus metrics, shared by every process of one machine.

Web, stream and worker processes write their numbers to PROMETHEUS_MULTIPROC_DIR when it
is set (the Procfile sets it), and `/metrics` adds them up; without it (embedded, one
process) the numbers live in the process itself.
"""

import os
import time
from pathlib import Path

# prometheus_client picks its storage when first imported: the shared folder must exist by then.
if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    Path(os.environ["PROMETHEUS_MULTIPROC_DIR"]).mkdir(parents=True, exist_ok=True)

from django.core.signals import request_finished
from prometheus_client import Counter, Gauge, Histogram

MOVES = Counter(
    "championships_moves",
    "Moves decided by the workers, by outcome (accepted or refused).",
    ["outcome"],
)
MOVE_SECONDS = Histogram(
    "championships_move_seconds",
    "Seconds from a move's arrival at the site to the worker's decision.",
    buckets=(0.005, 0.01, 0.015, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
OPEN_STREAMS = Gauge(
    "championships_open_streams",
    "Live event streams open now, by kind (game or championship).",
    ["kind"],
    multiprocess_mode="livesum",
)
POOL_CONNECTIONS = Gauge(
    "championships_database_pool_connections",
    "Database connections of the processes' pools: in the pool (size), idle (available), "
    "and requests waiting for one (waiting).",
    ["state"],
    multiprocess_mode="livesum",
)
POOL_TIMEOUTS = Counter(
    "championships_database_pool_timeouts",
    "Requests answered 503 because no database connection came free in time or the "
    "database could not be reached.",
)


POOL_READ_EVERY_SECONDS = 1.0
_pool_read_at = 0.0


def record_pool_use(force: bool = False) -> None:
    """Copy this process's pool numbers into the shared gauges, at most once a second."""
    global _pool_read_at
    now = time.monotonic()
    if not force and now - _pool_read_at < POOL_READ_EVERY_SECONDS:
        return
    _pool_read_at = now
    from django.db import connection

    pool = getattr(connection, "pool", None)
    if pool is None:
        return
    stats = pool.get_stats()
    POOL_CONNECTIONS.labels("size").set(stats.get("pool_size", 0))
    POOL_CONNECTIONS.labels("available").set(stats.get("pool_available", 0))
    POOL_CONNECTIONS.labels("waiting").set(stats.get("requests_waiting", 0))


def _after_request(**_kwargs) -> None:
    record_pool_use()


request_finished.connect(_after_request, dispatch_uid="championships-pool-use")


def forget_process(pid: int) -> None:
    """A stopped process's gauges no longer count (its counters do)."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(pid)
