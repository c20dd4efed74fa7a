"""The stream as a Django view's response: the embedded mode's front (runserver, WSGI).

In production the stream process (`live.asgi`) takes these paths before Django sees them;
this front serves them when one process does everything. It holds a thread while open, so
it releases its database connection before streaming.
"""

import queue
import time
from collections.abc import Iterator

from django.conf import settings
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse

from infrastructure.metrics import OPEN_STREAMS
from infrastructure.throttling import client_address
from live import budget, connection, frames, resume, sources, viewers, watching
from live.budget import Place
from live.hub import HUB
from live.sources import Admission
from live.topics import Topic


def stream_response(request: HttpRequest, kind: str, pk: int) -> HttpResponse:
    """Check once who opens the stream and their client's budget, then stream the topic's
    frames."""
    source = sources.source(kind)
    admission = source.admit(request, pk)
    if admission.status != 200:
        return viewers.error_response(admission)
    topic = Topic(kind, pk)
    address = client_address(request)
    place = _Place(budget.place_for(address, admission.account))
    if not place.take():
        return viewers.error_response(budget.over_budget())
    try:
        subscription = _Subscription(topic)  # before the snapshot: nothing falls between
    except BaseException:
        place.give_back()
        raise
    try:
        snapshot = sources.stored_snapshot(topic) or sources.snapshot_from_database(source, topic)
    except BaseException:
        subscription.close()
        place.give_back()
        raise
    if snapshot is None:
        subscription.close()
        place.give_back()
        return viewers.error_response(source.missing())
    sources.release_database()
    opened = resume.opening(snapshot, request.headers.get("Last-Event-ID"))
    stream = _Stream(request, source, topic, admission, watching.viewer(admission.account, address))
    body = _Body(stream.frames(subscription, place, opened), subscription, place)
    response = StreamingHttpResponse(body, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"
    return response


class _Body:
    """The response's frames; closing it lets go of the channel and the client's place
    even when the client left before the first frame (the generator never started)."""

    def __init__(self, frames: Iterator[bytes], subscription: "_Subscription", place: "_Place"):
        self.frames, self.subscription, self.place = frames, subscription, place

    def __iter__(self) -> Iterator[bytes]:
        return self.frames

    def close(self) -> None:
        self.frames.close()
        self.subscription.close()
        self.place.give_back()


class _Stream:
    def __init__(
        self, request: HttpRequest, source, topic: Topic, admission: Admission, viewer: str
    ) -> None:
        self.request, self.source, self.topic = request, source, topic
        self.seat, self.viewer = admission.seat, viewer

    def frames(
        self, subscription: "_Subscription", place: "_Place", opened: resume.Opening
    ) -> Iterator[bytes]:
        OPEN_STREAMS.labels(self.topic.kind).inc()
        subscription.watch(self.viewer, +1)
        try:
            yield b"".join(opened.frames)
            for raw in subscription.frames(settings.STREAM_HEARTBEAT_SECONDS):
                place.renew_when_due()
                if raw is None:
                    if self.seat:
                        self.source.still_here(self.topic.pk, self.seat)
                    yield frames.KEEP_ALIVE
                elif raw == frames.ACCESS_CHANGED:
                    if not self.still_admitted():
                        return
                elif resume.is_new(raw, opened):
                    yield raw
        finally:
            subscription.watch(self.viewer, -1)
            subscription.close()
            place.give_back()
            OPEN_STREAMS.labels(self.topic.kind).dec()

    def still_admitted(self) -> bool:
        """Who may see the topic changed: whether this viewer, as they are now, still may."""
        viewers.forget_viewer(self.request)
        try:
            return self.source.admit(self.request, self.topic.pk).status == 200
        finally:
            sources.release_database()


class _Place:
    """The stream's place in its client's budgets: over Redis, or in the process."""

    def __init__(self, place: Place) -> None:
        self.place = place
        self.client = connection.redis_client()
        self.renewed = time.monotonic()
        self.held = False

    def take(self) -> bool:
        if self.client is None:
            self.held = budget.LOCAL.take(self.place)
        else:
            self.held = budget.take(self.client, self.place)
        return self.held

    def renew_when_due(self) -> None:
        if self.client is not None and time.monotonic() - self.renewed >= budget.RENEW_SECONDS:
            budget.renew(self.client, self.place)
            self.renewed = time.monotonic()

    def give_back(self) -> None:
        if not self.held:
            return
        self.held = False
        if self.client is None:
            budget.LOCAL.give_back(self.place)
        else:
            budget.give_back(self.client, self.place)


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

    def watch(self, viewer: str, change: int) -> None:
        if self.client is None:
            HUB.watched(self.topic, viewer, change)

    def close(self) -> None:
        if self.client is None:
            HUB.unsubscribe(self.topic, self.listener)
        else:
            self.pubsub.close()  # a second close does nothing
