"""The stream process's share of the watching counts, written to Redis (see `watching`)."""

import asyncio
import os
import socket
import time
import uuid
from collections import Counter

from live import watching
from live.topics import Topic


class WatchCounter:
    """This process's open streams per topic and per viewer (an account or an address):
    one field of the topic's watchers hash per viewer it serves, written when they change
    (at most every PUSH_EVERY_SECONDS) and refreshed before they go stale; a change of the
    number of people over every process is told to the topic's streams."""

    def __init__(self, client) -> None:
        self.client = client
        self.process = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:6]}"
        self.viewers: dict[Topic, Counter[str]] = {}
        self.written: dict[Topic, set[str]] = {}
        self.changed: set[Topic] = set()
        self.refreshed_at = 0.0
        self._task: asyncio.Task | None = None

    def opened(self, topic: Topic, viewer: str) -> None:
        self._count(topic, viewer, +1)

    def closed(self, topic: Topic, viewer: str) -> None:
        self._count(topic, viewer, -1)

    def _count(self, topic: Topic, viewer: str, change: int) -> None:
        streams = self.viewers.setdefault(topic, Counter())
        streams[viewer] += change
        if streams[viewer] <= 0:
            del streams[viewer]
        self.changed.add(topic)
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        while any(self.viewers.values()) or self.changed:
            await self.flush()
            await asyncio.sleep(watching.PUSH_EVERY_SECONDS)

    def _field(self, viewer: str) -> str:
        return watching.field_name(self.process, viewer)

    async def flush(self) -> None:
        now = time.time()
        due = set(self.changed)
        refresh = now - self.refreshed_at >= watching.REFRESH_SECONDS
        if refresh:
            due |= {topic for topic, streams in self.viewers.items() if streams}
            self.refreshed_at = now
        self.changed.clear()
        if not due:
            return
        topics = sorted(due, key=lambda topic: topic.name)
        stamp = watching.stamp(now)
        async with self.client.pipeline(transaction=False) as pipe:
            for topic in topics:
                current = set(self.viewers.get(topic, ()))
                written = self.written.get(topic, set())
                fresh = current if refresh else current - written
                if fresh:
                    pipe.hset(
                        topic.watchers_key, mapping=dict.fromkeys(map(self._field, fresh), stamp)
                    )
                if written - current:
                    pipe.hdel(topic.watchers_key, *map(self._field, written - current))
                pipe.expire(topic.watchers_key, int(watching.STALE_SECONDS * 2))
                pipe.hgetall(topic.watchers_key)
                if current:
                    self.written[topic] = current
                else:
                    self.written.pop(topic, None)
                    self.viewers.pop(topic, None)
            replies = await pipe.execute()
        read = [reply for reply in replies if isinstance(reply, dict)]
        news = []
        for topic, fields in zip(topics, read, strict=True):
            count = watching.total(fields, now)
            if count != watching.published(fields):
                news.append((topic, count))
        if not news:
            return
        async with self.client.pipeline(transaction=False) as pipe:
            for topic, count in news:
                pipe.hset(topic.watchers_key, watching.PUBLISHED_FIELD, count)
                pipe.publish(topic.channel, watching.event_frame(topic.kind, topic.pk, count))
            await pipe.execute()

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
        for topic in list(self.viewers):
            self.viewers[topic] = Counter()
            self.changed.add(topic)
        self.changed |= set(self.written)
        if self.changed:
            await self.flush()
