"""The stream process: a plain ASGI router that serves the stream paths itself and hands
everything else to Django.

An open stream is a coroutine waiting on its queue: no thread, no database connection.
The opening reads Redis only; the database is asked once, in a thread that then gives its
connection back, when a viewer names themselves (a session, a token) or the snapshot is
missing.
"""

import asyncio
import contextlib
import io
import logging
import os
from urllib.parse import urlsplit

import orjson
import redis.asyncio as aredis
from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.utils.translation import gettext

from infrastructure.api_errors import error_body
from infrastructure.metrics import OPEN_STREAMS, forget_process
from infrastructure.throttling import client_address
from live import budget, frames, redis_store, resume, sources, viewers, watching
from live.budget import Place
from live.counting import WatchCounter
from live.fanout import END, QUEUE_SIZE, Fanout, Reader
from live.hub import HUB
from live.resume import Snapshot
from live.sources import Admission, Source
from live.topics import Topic

logger = logging.getLogger(__name__)


class StreamRouter:
    """`application` for uvicorn: the stream paths here, the rest to `django_app`."""

    def __init__(self, django_app) -> None:
        self.django_app = django_app
        self.backend: RedisBackend | HubBackend | None = None

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        found = sources.match(scope["path"]) if scope["type"] == "http" else None
        if found is None:
            await self.django_app(scope, receive, send)
            return
        source, pk = found
        if self.backend is None:
            self.backend = RedisBackend(settings.REDIS_URL) if settings.REDIS_URL else HubBackend()
        await _Stream(self.backend, scope, receive, send, source, pk).run()

    async def _lifespan(self, receive, send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                with contextlib.suppress(Exception):
                    await self.close()
                forget_process(os.getpid())  # its open streams no longer count
                await send({"type": "lifespan.shutdown.complete"})
                return

    async def close(self) -> None:
        if self.backend is not None:
            await self.backend.close()


class RedisBackend:
    """The stream process's Redis: one pub/sub connection, one client for the reads."""

    def __init__(self, url: str) -> None:
        # Openings borrow from a bounded pool: a burst of viewers waits its turn rather
        # than opening a Redis connection each.
        pool = aredis.BlockingConnectionPool.from_url(url, max_connections=32, timeout=5)
        self.redis = aredis.Redis(connection_pool=pool)
        self.fanout = Fanout(url)
        self.counter = WatchCounter(self.redis)
        self.held: dict[str, Place] = {}  # the places of the open streams, by member
        self._renewing: asyncio.Task | None = None

    async def join(self, topic: Topic) -> Reader:
        return await self.fanout.join(topic.channel)

    async def leave(self, reader: Reader) -> None:
        await self.fanout.leave(reader)

    async def snapshot(self, topic: Topic) -> Snapshot | None:
        return await redis_store.aread(self.redis, topic)

    def opened(self, topic: Topic, viewer: str) -> None:
        self.counter.opened(topic, viewer)

    def closed(self, topic: Topic, viewer: str) -> None:
        self.counter.closed(topic, viewer)

    async def take_place(self, place: Place) -> bool:
        if not await budget.atake(self.redis, place):
            return False
        self.held[place.member] = place
        if self._renewing is None or self._renewing.done():
            self._renewing = asyncio.create_task(self._renew_held())
        return True

    async def give_back(self, place: Place) -> None:
        self.held.pop(place.member, None)
        await budget.agive_back(self.redis, place)

    async def _renew_held(self) -> None:
        """Every open stream's lease, renewed by the process in a few calls. Renewed by each
        stream at its next frame, the leases of streams opened together would fall due
        together and be renewed at their game's next move: a hundred calls at once, on the
        pool the openings use, just as the move has to reach them all."""
        while True:
            await asyncio.sleep(budget.RENEW_SECONDS)
            try:
                await budget.arenew_all(self.redis, list(self.held.values()))
            except (OSError, TimeoutError, aredis.RedisError):
                logger.warning("live updates: the streams' leases were not renewed", exc_info=True)

    async def close(self) -> None:
        if self._renewing is not None:
            self._renewing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._renewing
        await self.counter.close()
        await self.fanout.close()
        await self.redis.aclose()
        await self.redis.connection_pool.disconnect()


class HubBackend:
    """Embedded under uvicorn (no Redis): the in-process hub, its frames handed to the
    event loop from the publishers' threads."""

    def __init__(self) -> None:
        self.listeners: dict[Reader, object] = {}

    async def join(self, topic: Topic) -> Reader:
        reader = Reader(topic.channel, QUEUE_SIZE)
        self.listeners[reader] = HUB.subscribe(topic, on_frame=_threadsafe(reader))
        reader.topic = topic
        return reader

    async def leave(self, reader: Reader) -> None:
        HUB.unsubscribe(reader.topic, self.listeners.pop(reader))

    async def snapshot(self, topic: Topic) -> Snapshot | None:
        return HUB.snapshot(topic)

    def opened(self, topic: Topic, viewer: str) -> None:
        HUB.watched(topic, viewer, +1)

    def closed(self, topic: Topic, viewer: str) -> None:
        HUB.watched(topic, viewer, -1)

    async def take_place(self, place: Place) -> bool:
        return budget.LOCAL.take(place)

    async def give_back(self, place: Place) -> None:
        budget.LOCAL.give_back(place)

    async def close(self) -> None:
        return None


def _threadsafe(reader: Reader):
    loop = asyncio.get_running_loop()
    return lambda raw: loop.call_soon_threadsafe(reader.offer, raw)


def cors_headers() -> list[tuple[bytes, bytes]]:
    """With the streams on a host of their own, the site's pages may read them."""
    if not settings.STREAMS_URL:
        return []
    site = urlsplit(settings.SITE_URL)
    return [
        (b"access-control-allow-origin", f"{site.scheme}://{site.netloc}".encode()),
        (b"access-control-allow-credentials", b"true"),
        (b"vary", b"Origin"),
    ]


class _Stream:
    def __init__(self, backend, scope, receive, send, source: Source, pk: int):
        self.backend, self.scope, self.receive, self.send = backend, scope, receive, send
        self.source, self.pk = source, pk
        self.topic = Topic(source.kind, pk)
        self.headers = dict(scope["headers"])
        self.started = False

    async def run(self) -> None:
        if self.scope["method"] not in ("GET", "HEAD"):
            await self.answer(
                Admission(405, error=error_body("method_not_allowed", gettext("Use GET.")))
            )
            return
        try:
            reader = await self.backend.join(self.topic)  # first, so nothing falls between
        except (OSError, TimeoutError, aredis.RedisError):
            logger.warning("live updates: no Redis for a stream of %s", self.topic.name)
            await self.answer(_unavailable())
            return
        try:
            await self._serve(reader)
        except Exception:
            # No answer is ever a 500: one that has not started says to come back.
            logger.exception("live updates: a stream of %s failed", self.topic.name)
            if not self.started:
                await self.answer(_unavailable())
        finally:
            await self.backend.leave(reader)

    async def _serve(self, reader) -> None:
        admission, snapshot = await self._admission()
        if admission.status != 200:
            await self.answer(admission)
            return
        address = client_address(ASGIRequest(self.scope, io.BytesIO(b"")))
        place = budget.place_for(address, admission.account)
        if not await self.backend.take_place(place):
            await self.answer(budget.over_budget())
            return
        try:
            await self._stream(reader, snapshot, admission, address)
        finally:
            with contextlib.suppress(OSError, TimeoutError, aredis.RedisError):
                await self.backend.give_back(place)

    async def _admission(self) -> tuple[Admission, Snapshot | None]:
        """Whether the viewer may see the topic now, with the topic's snapshot."""
        snapshot = await self.backend.snapshot(self.topic)
        if snapshot is None:
            snapshot = await sync_to_async(sources.snapshot_from_database, thread_sensitive=False)(
                self.source, self.topic
            )
        if snapshot is None:
            return self.source.missing(), None
        return await self._admit(snapshot), snapshot

    async def _stream(self, reader, snapshot: Snapshot, admission: Admission, address: str) -> None:
        last_event_id = self.headers.get(b"last-event-id", b"").decode("latin-1") or None
        opened = resume.opening(snapshot, last_event_id)
        await self.start(200, _HEADERS + cors_headers())
        await self.send(
            {"type": "http.response.body", "body": b"".join(opened.frames), "more_body": True}
        )
        OPEN_STREAMS.labels(self.topic.kind).inc()
        viewer = watching.viewer(admission.account, address)
        self.backend.opened(self.topic, viewer)
        watcher = asyncio.create_task(self._end_on_disconnect(reader))
        try:
            await self._follow(reader, opened, admission.seat)
        finally:
            watcher.cancel()
            self.backend.closed(self.topic, viewer)
            OPEN_STREAMS.labels(self.topic.kind).dec()

    async def _admit(self, snapshot) -> Admission:
        """Anonymous viewers of an open topic need nothing more; anyone else is checked once."""
        if not viewers.says_who(self.headers):
            if self.source.open_to_anyone(snapshot):
                return Admission(200)
            if self.source.is_private(snapshot):
                return self.source.missing()
        request = ASGIRequest(self.scope, io.BytesIO(b""))
        return await sync_to_async(sources.admitted, thread_sensitive=False)(
            self.source, request, self.pk
        )

    async def _follow(self, reader, opened: resume.Opening, seat: str | None) -> None:
        heartbeat = settings.STREAM_HEARTBEAT_SECONDS
        while True:
            try:
                raw = await asyncio.wait_for(reader.queue.get(), heartbeat)
            except TimeoutError:
                raw = frames.KEEP_ALIVE
                if seat:
                    await asyncio.to_thread(self.source.still_here, self.pk, seat)
            if raw is END:
                break
            if raw == frames.ACCESS_CHANGED:
                # Who may see the topic changed: a viewer who no longer may loses the stream
                # (reconnecting, they are refused as a new stream is).
                admission, _ = await self._admission()
                if admission.status != 200:
                    break
                continue
            if raw is frames.KEEP_ALIVE or resume.is_new(raw, opened):
                await self.send({"type": "http.response.body", "body": raw, "more_body": True})
        with contextlib.suppress(OSError):
            await self.send({"type": "http.response.body", "body": b"", "more_body": False})

    async def _end_on_disconnect(self, reader) -> None:
        while (await self.receive())["type"] != "http.disconnect":
            pass
        reader.end()

    async def start(self, status: int, headers: list) -> None:
        self.started = True
        await self.send({"type": "http.response.start", "status": status, "headers": headers})

    async def answer(self, admission: Admission) -> None:
        headers = [(b"content-type", b"application/json"), *cors_headers()]
        for name, value in (admission.headers or {}).items():
            headers.append((name.lower().encode(), value.encode()))
        await self.start(admission.status, headers)
        await self.send({"type": "http.response.body", "body": orjson.dumps(admission.error)})


_HEADERS = [
    (b"content-type", b"text/event-stream"),
    (b"cache-control", b"no-cache"),
    (b"x-accel-buffering", b"no"),
]


def _unavailable() -> Admission:
    message = gettext("Live updates are not available right now; try again shortly.")
    return Admission(503, error=error_body("unavailable", message), headers={"Retry-After": "5"})
