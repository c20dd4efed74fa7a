"""The PostgreSQL connection budget: how large each process's pool may be.

Every process (web, stream, worker, beat) has its own pool. Sized here so that all of
them together stay under the server's `max_connections`, whatever the load: a request
finding its pool empty waits a bounded time and is then answered 503 (infrastructure.busy).
"""

from dataclasses import dataclass

from django.core.exceptions import ImproperlyConfigured

from infrastructure.env import env_bool, env_int, env_str


@dataclass(frozen=True)
class DatabasePool:
    max_connections: int  # the server's max_connections
    reserved: int  # kept free for migrations, psql and the server's superuser slots
    processes: int  # processes that share the server, on every machine
    min_size: int
    max_size: int
    timeout: float  # seconds a request waits for a free connection
    max_idle: float  # seconds an idle connection above min_size is kept

    @property
    def budget(self) -> int:
        return self.max_connections - self.reserved

    @property
    def most_in_use(self) -> int:
        return self.processes * self.max_size

    def pool_options(self) -> dict:
        """The psycopg ConnectionPool's arguments (Django's `OPTIONS["pool"]`); with
        CONN_HEALTH_CHECKS Django adds the check that replaces a connection broken while idle."""
        return {
            "min_size": self.min_size,
            "max_size": self.max_size,
            "timeout": self.timeout,
            "max_idle": self.max_idle,
        }


def _seconds(name: str, default: float) -> float:
    raw = env_str(name)
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a number of seconds; got {raw!r}") from None
    if value <= 0:
        raise ImproperlyConfigured(f"{name} must be more than 0 seconds; got {raw!r}")
    return value


def database_pool_settings() -> DatabasePool | None:
    """The pool of this process, from the environment; None when pooling is switched off."""
    if not env_bool("DATABASE_POOL", default=True):
        return None
    max_connections = env_int("DATABASE_MAX_CONNECTIONS", 100)
    reserved = env_int("DATABASE_RESERVED_CONNECTIONS", 10)
    # The Procfile's processes on one machine: 2 web, 1 stream, 2 workers, 1 beat.
    processes = env_int("DATABASE_POOL_PROCESSES", 6)
    if processes < 1:
        raise ImproperlyConfigured("DATABASE_POOL_PROCESSES must be at least 1.")
    if max_connections - reserved < processes:
        raise ImproperlyConfigured(
            f"DATABASE_MAX_CONNECTIONS ({max_connections}) less DATABASE_RESERVED_CONNECTIONS "
            f"({reserved}) leaves fewer connections than DATABASE_POOL_PROCESSES ({processes})."
        )
    share = (max_connections - reserved) // processes
    max_size = env_int("DATABASE_POOL_MAX_SIZE", share)
    min_size = env_int("DATABASE_POOL_MIN_SIZE", min(2, max_size))
    if max_size < 1:
        raise ImproperlyConfigured("DATABASE_POOL_MAX_SIZE must be at least 1.")
    if not 0 <= min_size <= max_size:
        raise ImproperlyConfigured(
            "DATABASE_POOL_MIN_SIZE must be between 0 and DATABASE_POOL_MAX_SIZE."
        )
    if processes * max_size > max_connections - reserved:
        raise ImproperlyConfigured(
            f"DATABASE_POOL_PROCESSES ({processes}) pools of DATABASE_POOL_MAX_SIZE ({max_size}) "
            f"connections could open {processes * max_size}, more than the "
            f"{max_connections - reserved} that DATABASE_MAX_CONNECTIONS ({max_connections}) "
            f"less DATABASE_RESERVED_CONNECTIONS ({reserved}) leaves."
        )
    return DatabasePool(
        max_connections=max_connections,
        reserved=reserved,
        processes=processes,
        min_size=min_size,
        max_size=max_size,
        timeout=_seconds("DATABASE_POOL_TIMEOUT", 3.0),
        max_idle=_seconds("DATABASE_POOL_MAX_IDLE", 60.0),
    )


def lend_connection_back() -> None:
    """Hand this thread's connection back to its pool while the thread waits on something
    else (a move's decision), so that waiting requests do not hold connections."""
    from django.db import connection

    if connection.settings_dict.get("OPTIONS", {}).get("pool") and not connection.in_atomic_block:
        connection.close()


def close_old_connections_outside_a_transaction(**_kwargs) -> None:
    """Django's `close_old_connections`, leaving alone a connection inside a transaction: a
    task run in-process inside one (an eager task in a rollback test) shares its connection,
    and closing it would end the transaction."""
    from django.db import connections

    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close_if_unusable_or_obsolete()
