"""Django's Redis cache, with one Redis client per connection pool instead of one per call.

Django's backend builds a new `redis.Redis` for every cache operation, and a client's
construction (its table of reply parsers) costs more than the round trip of a small GET
or SET. A client holds no connection of its own (it borrows from the pool per command)
and is safe to share between threads, so one per pool is kept.
"""

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient as DjangoRedisCacheClient


class RedisCacheClient(DjangoRedisCacheClient):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, object] = {}

    def get_client(self, key=None, *, write: bool = False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients.setdefault(id(pool), self._client(connection_pool=pool))
        return client


class RedisCache(DjangoRedisCache):
    def __init__(self, server, params) -> None:
        super().__init__(server, params)
        self._class = RedisCacheClient
