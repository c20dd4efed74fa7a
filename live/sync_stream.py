"""The stream as a Django view's response: the embedded mode's front (runserver, WSGI).

In production the stream process (`live.asgi`) takes these paths before Django sees them;
this front serves them when one process does everything. It holds a thread while open, so
it releases its database connection before streaming.
"""

import queue
from collections.abc import Iterator

from django.conf import settings
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse

from config.metrics import OPEN_STREAMS
from live import connection, frames, resume, sources, viewers
from live.hub import HUB
from live.topics import Topic


def stream_response(request: HttpRequest, kind: str, pk: int) -> HttpResponse:
    """Check once who opens the stream, then stream the topic's frames."""
    source = sources.source(kind)
    admission = source.admit(request, pk)
    if admission.status != 200:
        return viewers.error_response(admission)
    topic = Topic(kind, pk)
    subscription = _Subscription(topic)  # before reading the snapshot: nothing falls between
    try:
        snapshot = sources.stored_snapshot(topic) or sources.snapshot_from_database(source, topic)
    except BaseException:
        subscription.close()
        raise
    if snapshot is None:
        subscription.close()
        return viewers.error_response(source.missing())
    sources.release_database()
    opened = resume.opening(snapshot, request.headers.get("Last-Event-ID"))
    body = _frames(topic, source, subscription, opened, admission.seat)
    response = StreamingHttpResponse(body, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"
    return response


def _frames(
    topic: Topic, source, subscription: "_Subscription", opened: resume.Opening, seat: str | None
) -> Iterator[bytes]:
    OPEN_STREAMS.labels(topic.kind).inc()
    subscription.watch(+1)
    try:
        yield b"".join(opened.frames)
        for raw in subscription.frames(settings.STREAM_HEARTBEAT_SECONDS):
            if raw is None:
                if seat:
                    source.still_here(topic.pk, seat)
                yield frames.KEEP_ALIVE
            elif resume.is_new(raw, opened):
                yield raw
    finally:
        subscription.watch(-1)
        subscription.close()
        OPEN_STREAMS.labels(topic.kind).dec()


class _Subscription:
    """The topic's channel: the in-process hub, or a Redis connection of this stream's own
    (a web process serving streams is the fallback; the stream process shares one)."""

    def __init__(self, topic: Topic) -> None:
        self.topic = topic
        self.client = connection.redis_client()
        if self.client is None:
            self.listener = HUB.subscribe(topic)
            return
        self.pubsub = self.client.pubsub()
        self.pubsub.subscribe(topic.channel)
        self.pubsub.get_message(timeout=5)  # the confirmation: from here on nothing is lost

    def frames(self, heartbeat: float) -> Iterator[bytes | None]:
        """Published frames; None after every `heartbeat` seconds of silence. Ends when the
        reader fell too far behind (the browser reconnects and resumes)."""
        while True:
            if self.client is None:
                if self.listener.dropped:
                    return
                try:
                    yield self.listener.frames.get(timeout=heartbeat)
                except queue.Empty:
                    yield None
                continue
            message = self.pubsub.get_message(ignore_subscribe_messages=True, timeout=heartbeat)
            yield message["data"] if message else None

    def watch(self, change: int) -> None:
        if self.client is None:
            HUB.watched(self.topic, change)

    def close(self) -> None:
        if self.client is None:
            HUB.unsubscribe(self.topic, self.listener)
        else:
            self.pubsub.close()
