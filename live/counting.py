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
    """This process's open streams per topic: its field of each topic's watchers hash,
    rewritten when they change (at most every PUSH_EVERY_SECONDS) and refreshed before
    they go stale; a change of the sum over every process is told to the topic's streams."""

    def __init__(self, client) -> None:
        self.client = client
        self.field = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:6]}"
        self.counts: Counter[Topic] = Counter()
        self.changed: set[Topic] = set()
        self.refreshed_at = 0.0
        self._task: asyncio.Task | None = None

    def opened(self, topic: Topic) -> None:
        self._count(topic, +1)

    def closed(self, topic: Topic) -> None:
        self._count(topic, -1)

    def _count(self, topic: Topic, change: int) -> None:
        self.counts[topic] += change
        self.changed.add(topic)
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        while self.counts or self.changed:
            await self.flush()
            await asyncio.sleep(watching.PUSH_EVERY_SECONDS)

    async def flush(self) -> None:
        now = time.time()
        due = set(self.changed)
        if now - self.refreshed_at >= watching.REFRESH_SECONDS:
            due |= set(self.counts)
            self.refreshed_at = now
        self.changed.clear()
        if not due:
            return
        topics = sorted(due, key=lambda topic: topic.name)
        async with self.client.pipeline(transaction=False) as pipe:
            for topic in topics:
                count = self.counts[topic]
                if count > 0:
                    pipe.hset(topic.watchers_key, self.field, watching.field_value(count, now))
                else:
                    pipe.hdel(topic.watchers_key, self.field)
                pipe.expire(topic.watchers_key, int(watching.STALE_SECONDS * 2))
                pipe.hgetall(topic.watchers_key)
            replies = await pipe.execute()
        for topic in topics:
            if self.counts[topic] <= 0:
                del self.counts[topic]
        news = []
        for topic, fields in zip(topics, replies[2::3], strict=True):
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
        for topic in self.counts:
            self.counts[topic] = 0
            self.changed.add(topic)
        if self.changed:
            await self.flush()
