"""The embedded mode's Redis: channels, snapshots, backlogs and watchers in one process.

`make demo` runs one process without Redis; its streams (the Django view) and its
publishers meet here, with the same frames, backlog, resume and watching as the stream
process has over Redis.
"""

import queue
import threading
import time
from collections import Counter, defaultdict, deque

from live import topics, watching
from live.resume import Snapshot
from live.topics import Topic

# A reader this many frames behind is dropped (its stream ends and the browser resumes).
QUEUE_SIZE = 256


class Listener:
    """One stream's queue of frames; `dropped` once it fell too far behind."""

    def __init__(self, size: int = QUEUE_SIZE, on_frame=None) -> None:
        self.frames: queue.Queue[bytes] = queue.Queue(maxsize=size)
        self.dropped = False
        self.on_frame = on_frame

    def offer(self, raw: bytes) -> None:
        if self.on_frame is not None:
            self.on_frame(raw)
            return
        if self.dropped:
            return
        try:
            self.frames.put_nowait(raw)
        except queue.Full:
            self.dropped = True


class Hub:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._listeners: dict[str, set[Listener]] = defaultdict(set)
        self._snapshots: dict[str, dict] = {}
        self._backlogs: dict[str, deque[bytes]] = defaultdict(
            lambda: deque(maxlen=topics.BACKLOG_LENGTH)
        )
        self._versions: dict[str, int] = defaultdict(int)
        self._watchers: dict[str, Counter[str]] = defaultdict(Counter)
        self._pushed: dict[str, tuple[float, int]] = {}
        self._push_booked: set[str] = set()

    def clear(self) -> None:
        """Forget every topic, as a process that has just started knows none."""
        with self._lock:
            self._listeners.clear()
            self._snapshots.clear()
            self._backlogs.clear()
            self._versions.clear()
            self._watchers.clear()
            self._pushed.clear()
            self._push_booked.clear()

    # -- publishing ----------------------------------------------------------------------

    def next_version(self, topic: Topic) -> int:
        with self._lock:
            self._versions[topic.name] += 1
            return self._versions[topic.name]

    def publish(self, topic: Topic, event_frames: list[bytes], state: bytes, state_id: str) -> None:
        with self._lock:
            self._backlogs[topic.name].extend(event_frames)
            self._snapshots.setdefault(topic.name, {}).update(state=state, id=state_id)
            listeners = list(self._listeners.get(topic.channel, ()))
        for raw in event_frames:
            for listener in listeners:
                listener.offer(raw)

    def send(self, topic: Topic, raw: bytes) -> None:
        """A frame to the topic's streams only (not kept for resuming)."""
        with self._lock:
            listeners = list(self._listeners.get(topic.channel, ()))
        for listener in listeners:
            listener.offer(raw)

    def store_loaded(self, topic: Topic, state: bytes, state_id: str, access: dict) -> None:
        """A snapshot read from the database; what a publisher wrote since wins."""
        with self._lock:
            kept = self._snapshots.setdefault(topic.name, {})
            kept.setdefault("state", state)
            kept.setdefault("id", state_id)
            kept.setdefault("access", access)

    def set_access(self, topic: Topic, access: dict) -> None:
        with self._lock:
            self._snapshots.setdefault(topic.name, {})["access"] = access

    # -- reading -------------------------------------------------------------------------

    def subscribe(self, topic: Topic, size: int = QUEUE_SIZE, on_frame=None) -> Listener:
        """A listener of the topic: its own queue, or `on_frame(raw)` called for each frame
        (from the publisher's thread)."""
        listener = Listener(size, on_frame)
        with self._lock:
            self._listeners[topic.channel].add(listener)
        return listener

    def unsubscribe(self, topic: Topic, listener: Listener) -> None:
        with self._lock:
            self._listeners[topic.channel].discard(listener)

    def snapshot(self, topic: Topic) -> Snapshot | None:
        with self._lock:
            kept = self._snapshots.get(topic.name, {})
            if "state" not in kept or "access" not in kept:
                return None
            return Snapshot(
                state=kept["state"],
                state_id=kept["id"],
                access=kept["access"],
                backlog=list(self._backlogs.get(topic.name, ())),
                watching=len(self._watchers.get(topic.name, ())),
            )

    # -- watching ------------------------------------------------------------------------

    def watched(self, topic: Topic, viewer: str, change: int) -> None:
        """A stream of `viewer` on the topic opened (+1) or closed (-1): tell the others
        how many people watch, throttled."""
        with self._lock:
            streams = self._watchers[topic.name]
            streams[viewer] += change
            if streams[viewer] <= 0:
                del streams[viewer]
            if topic.name in self._push_booked:
                return
            self._push_booked.add(topic.name)
            at, _ = self._pushed.get(topic.name, (0.0, -1))
        wait = max(0.0, at + watching.PUSH_EVERY_SECONDS - time.monotonic())
        if wait == 0:
            self._push_watching(topic)
        else:
            timer = threading.Timer(wait, self._push_watching, (topic,))
            timer.daemon = True
            timer.start()

    def watching(self, topic: Topic) -> int:
        with self._lock:
            return len(self._watchers.get(topic.name, ()))

    def _push_watching(self, topic: Topic) -> None:
        with self._lock:
            self._push_booked.discard(topic.name)
            count = len(self._watchers.get(topic.name, ()))
            _, before = self._pushed.get(topic.name, (0.0, -1))
            self._pushed[topic.name] = (time.monotonic(), count)
        if count != before:
            self.send(topic, watching.event_frame(topic.kind, topic.pk, count))


HUB = Hub()
