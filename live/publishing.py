"""Telling a topic's streams about a change: the one way games and championships publish.

Call it after the change has committed. Each event gets its id (`ids`); the topic's state
after the change becomes its snapshot, written with the events in one Redis transaction
(or the in-process hub, embedded).
"""

from collections.abc import Callable

from live import connection, frames, ids, redis_store
from live.hub import HUB
from live.topics import Topic


def publish(
    topic: Topic,
    events: list[dict],
    state: dict,
    *,
    version: int | None = None,
    access: dict | None = None,
    also: Callable | None = None,
) -> None:
    """Send `events` and keep `state` as the topic's snapshot.

    `version` orders the change (a game's own); without one the topic's counter gives it.
    `access` replaces what the stream checks at opening; `also(pipe)` adds commands of the
    caller's own to the same Redis transaction.
    """
    client = connection.redis_client()
    if version is None:
        version = client.incr(topic.version_key) if client else HUB.next_version(topic)
    for n, event in enumerate(events):
        event["version"] = version
        event["id"] = ids.event_id(version, n)
    event_frames = [frames.frame(event) for event in events]
    state_id = ids.state_id(version)
    state_frame = state_frame_of(state, version)
    if client is None:
        HUB.publish(topic, event_frames, state_frame, state_id)
        if access is not None:
            HUB.store_loaded(topic, state_frame, state_id, access)
        return
    with client.pipeline(transaction=True) as pipe:
        redis_store.write(pipe, topic, event_frames, state_frame, state_id)
        if access is not None:
            redis_store.write_access(pipe, topic, access)
        if also is not None:
            also(pipe)
        pipe.execute()


def state_frame_of(state: dict, version: int) -> bytes:
    state_id = ids.state_id(version)
    return frames.frame({**state, "type": "state", "version": version, "id": state_id})


def store_loaded(topic: Topic, state: dict, version: int, access: dict) -> None:
    """Keep a topic's state read from the database, for the streams that open next."""
    state_frame, state_id = state_frame_of(state, version), ids.state_id(version)
    client = connection.redis_client()
    if client is None:
        HUB.store_loaded(topic, state_frame, state_id, access)
    else:
        redis_store.store_loaded(client, topic, state_frame, state_id, access)
