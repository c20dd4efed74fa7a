"""Celery's Redis transport, keeping one Redis client a channel instead of one a command.

kombu's Redis channel builds a new `redis.Redis` for each acknowledgement, publish and
queue check; building one costs far more CPU than the command it sends (it fills a
table of a few hundred reply handlers), and a worker acknowledges every task. The client
kept here uses the channel's own connection pool and is made again whenever the channel
replaces that pool (after a fork or a reconnection), so every command still goes where
kombu would send it.
"""

from contextlib import contextmanager

from kombu.transport import redis as kombu_redis


class Channel(kombu_redis.Channel):
    _kept_client = None
    _kept_for_pool = None

    @contextmanager
    def conn_or_acquire(self, client=None):
        if client:
            yield client
            return
        pool = self.pool
        if self._kept_client is None or self._kept_for_pool is not pool:
            self._kept_client, self._kept_for_pool = self._create_client(), pool
        yield self._kept_client


class Transport(kombu_redis.Transport):
    Channel = Channel
