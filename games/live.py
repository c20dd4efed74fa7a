"""Live updates of games: Redis pub/sub in production, an in-process hub when embedded.

Publishers send after their transaction has committed. A request that waits
for its move (`?wait=`) blocks on a per-move Redis list instead of a channel,
so it cannot miss an answer that came before it started listening.
"""

import json
import queue
import threading
import time
from collections import defaultdict
from collections.abc import Iterator
from functools import cache

import redis
from django.conf import settings

DONE_TTL_SECONDS = 60


def channel(game_id: int) -> str:
    return f"championships:game:{game_id}"


def _done_key(move_id: int) -> str:
    return f"championships:move-done:{move_id}"


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


class _Hub:
    """Pub/sub inside one process, for the embedded mode."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._listeners: dict[str, set[queue.Queue]] = defaultdict(set)
        # Decided moves' results, kept a while for requests still waiting on them.
        self._done: dict[int, tuple[float, dict]] = {}
        self._decided = threading.Condition(self._lock)

    def publish(self, name: str, message: str) -> None:
        with self._lock:
            listeners = list(self._listeners.get(name, ()))
        for listener in listeners:
            listener.put(message)

    def subscribe(self, name: str) -> queue.Queue:
        listener: queue.Queue = queue.Queue()
        with self._lock:
            self._listeners[name].add(listener)
        return listener

    def unsubscribe(self, name: str, listener: queue.Queue) -> None:
        with self._lock:
            self._listeners[name].discard(listener)

    def settle(self, decided: dict[int, dict]) -> None:
        """Keep the moves' results and wake the requests waiting for them."""
        now = time.monotonic()
        with self._lock:
            for move_id, result in decided.items():
                self._done[move_id] = (now, result)
            for move_id in [
                key for key, (at, _) in self._done.items() if now - at > DONE_TTL_SECONDS
            ]:
                del self._done[move_id]
            self._decided.notify_all()

    def wait_for(self, move_id: int, timeout: float) -> dict | None:
        deadline = time.monotonic() + timeout
        with self._lock:
            while move_id not in self._done:
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self._decided.wait(left)
            return self._done[move_id][1]


HUB = _Hub()


def publish(game_id: int, events: list[dict], decided: dict[int, dict] | None = None) -> None:
    """Send the game's events to its listeners; hand each waiting request its move's result."""
    messages = [json.dumps(event, separators=(",", ":")) for event in events]
    client = redis_client()
    if client is None:
        if decided:
            HUB.settle(decided)
        for message in messages:
            HUB.publish(channel(game_id), message)
        return
    with client.pipeline(transaction=False) as pipe:
        for move_id, result in (decided or {}).items():
            pipe.rpush(_done_key(move_id), json.dumps(result, separators=(",", ":")))
            pipe.expire(_done_key(move_id), DONE_TTL_SECONDS)
        for message in messages:
            pipe.publish(channel(game_id), message)
        pipe.execute()


def wait_for_move(move_id: int, timeout: float) -> dict | None:
    """The worker's result for the move, waiting up to `timeout` seconds; None if none came.

    Embedded, the request that stored the move decided it in-process; a request repeating
    the same move at the same moment waits here for that decision.
    """
    if timeout <= 0:
        return None
    client = redis_client()
    if client is None:
        return HUB.wait_for(move_id, timeout)
    key = _done_key(move_id)
    answer = client.blpop([key], timeout=timeout)
    if answer is None:
        return None
    # Put the result back for the next request waiting on the same move.
    with client.pipeline(transaction=False) as pipe:
        pipe.rpush(key, answer[1])
        pipe.expire(key, DONE_TTL_SECONDS)
        pipe.execute()
    return json.loads(answer[1])


class Subscription:
    """Listening to one game, from the moment it is made (so nothing is missed after it)."""

    def __init__(self, game_id: int) -> None:
        self.name = channel(game_id)
        self.client = redis_client()
        if self.client is None:
            self.listener = HUB.subscribe(self.name)
            return
        self.pubsub = self.client.pubsub()
        self.pubsub.subscribe(self.name)
        self.pubsub.get_message(timeout=5)  # the confirmation: from here on nothing is lost

    def messages(self, heartbeat: float) -> Iterator[str | None]:
        """Published messages; None after every `heartbeat` seconds of silence."""
        while True:
            if self.client is None:
                try:
                    yield self.listener.get(timeout=heartbeat)
                except queue.Empty:
                    yield None
                continue
            message = self.pubsub.get_message(ignore_subscribe_messages=True, timeout=heartbeat)
            yield message["data"].decode() if message else None

    def close(self) -> None:
        if self.client is None:
            HUB.unsubscribe(self.name, self.listener)
        else:
            self.pubsub.close()


class AsyncSubscription:
    """`Subscription` for ASGI servers."""

    def __init__(self, game_id: int) -> None:
        self.name = channel(game_id)

    async def open(self) -> "AsyncSubscription":
        import redis.asyncio as aredis

        if not settings.REDIS_URL:
            self.client = None
            self.listener = HUB.subscribe(self.name)
            return self
        self.client = aredis.Redis.from_url(settings.REDIS_URL)
        self.pubsub = self.client.pubsub()
        await self.pubsub.subscribe(self.name)
        await self.pubsub.get_message(timeout=5)
        return self

    async def messages(self, heartbeat: float):
        import asyncio

        while True:
            if self.client is None:
                try:
                    yield await asyncio.to_thread(self.listener.get, True, heartbeat)
                except queue.Empty:
                    yield None
                continue
            message = await self.pubsub.get_message(
                ignore_subscribe_messages=True, timeout=heartbeat
            )
            yield message["data"].decode() if message else None

    async def close(self) -> None:
        if self.client is None:
            HUB.unsubscribe(self.name, self.listener)
            return
        await self.pubsub.aclose()
        await self.client.aclose()
