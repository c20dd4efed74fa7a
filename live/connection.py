"""The process's Redis client for live updates (None when embedded, without Redis)."""

from functools import cache

import redis
from django.conf import settings

# Longer than any blocking read here (a 10 s wait, a 15 s heartbeat), short enough to
# notice a Redis that stopped answering.
SOCKET_TIMEOUT_SECONDS = 30


@cache
def _client(url: str) -> redis.Redis:
    return redis.Redis.from_url(
        url,
        socket_timeout=SOCKET_TIMEOUT_SECONDS,
        socket_connect_timeout=2,
        health_check_interval=30,
    )


def redis_client() -> redis.Redis | None:
    return _client(settings.REDIS_URL) if settings.REDIS_URL else None
