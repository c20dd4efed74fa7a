"""What can be followed: each app registers a `Source` for its kind of topic (games,
championships) from its AppConfig.ready; the stream fronts ask the sources, never the apps.
"""

import re
from dataclasses import dataclass
from typing import Protocol

from django.db import connections
from django.http import HttpRequest

from infrastructure.converters import MAX_ID
from live import connection, publishing, redis_store, watching
from live.hub import HUB
from live.resume import Snapshot
from live.topics import Topic


@dataclass(frozen=True)
class Admission:
    """The answer to a viewer opening a stream: 200 with their seat and account if any, or
    an error."""

    status: int
    seat: str | None = None
    account: int | None = None
    error: dict | None = None
    headers: dict | None = None


class Source(Protocol):
    kind: str
    path: re.Pattern[str]  # the stream's path; its one group is the topic's id

    def load(self, pk: int) -> tuple[dict, int, dict] | None:
        """From the database: the state, its version and the access; None if missing."""

    def admit(self, request: HttpRequest, pk: int) -> Admission:
        """The viewer's permission, read from the database (the viewer's seat, if any)."""

    def open_to_anyone(self, snapshot: Snapshot) -> bool:
        """Whether an anonymous viewer may open the stream with no check of the database."""

    def is_private(self, snapshot: Snapshot) -> bool:
        """Whether the topic is hidden from anonymous viewers (they get 404 at once)."""

    def still_here(self, pk: int, seat: str) -> None:
        """A seated viewer's stream is still open (at each heartbeat; no database)."""

    def missing(self) -> Admission:
        """The answer for a topic that does not exist (or is not the viewer's to see)."""


_sources: dict[str, Source] = {}


def register(source: Source) -> None:
    _sources[source.kind] = source


def source(kind: str) -> Source:
    return _sources[kind]


def match(path: str) -> tuple[Source, int] | None:
    """The source whose stream path `path` is, with the topic's id."""
    for candidate in _sources.values():
        found = candidate.path.match(path)
        if found and int(found.group(1)) <= MAX_ID:
            return candidate, int(found.group(1))
    return None


def release_database() -> None:
    """Give back this thread's database connections (to the pool, if there is one) before
    a stream starts: an open stream holds none. A connection inside a transaction (a test
    case's) is left alone."""
    for database in connections.all(initialized_only=True):
        if not database.in_atomic_block:
            database.close()


def stored_snapshot(topic: Topic) -> Snapshot | None:
    client = connection.redis_client()
    return HUB.snapshot(topic) if client is None else redis_store.read(client, topic)


def snapshot_from_database(found: Source, topic: Topic) -> Snapshot | None:
    """Read the topic once from the database and keep it; None if it does not exist."""
    try:
        loaded = found.load(topic.pk)
        if loaded is None:
            return None
        state, version, access = loaded
        publishing.store_loaded(topic, state, version, access)
    finally:
        release_database()
    return stored_snapshot(topic)


def admitted(found: Source, request: HttpRequest, pk: int) -> Admission:
    """`found.admit`, then the thread's connection released (for the stream process)."""
    try:
        return found.admit(request, pk)
    finally:
        release_database()


def watching_now(topic: Topic) -> int:
    """How many streams of the topic are open now, over every stream process."""
    client = connection.redis_client()
    if client is None:
        return HUB.watching(topic)
    return watching.total(client.hgetall(topic.watchers_key))
