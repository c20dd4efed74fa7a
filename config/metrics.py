"""The site's Prometheus metrics, shared by every process of one machine.

Web, stream and worker processes write their numbers to PROMETHEUS_MULTIPROC_DIR when it
is set (the Procfile sets it), and `/metrics` adds them up; without it (embedded, one
process) the numbers live in the process itself.
"""

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
    "Requests answered 503 because no database connection came free in time.",
)
