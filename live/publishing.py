"""Telling a topic's streams about a change: the one way games and championships publish.

Call it after the change has committed. Each event gets its id (`ids`); the topic's state
after the change becomes its snapshot, written with the events in one Redis transaction
(or the in-process hub, embedded).
"""

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
    replies: dict[str, bytes] | None = None,
    reply_ttl: int = 60,
) -> None:
    """Send `events` and keep `state` as the topic's snapshot.

    `version` orders the change (a game's own); without one the topic's counter gives it.
    `access` replaces what the stream checks at opening; `replies` are values of the
    caller's own, each pushed onto its list key (kept `reply_ttl` seconds) in the same
    atomic write, after the events.
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
            HUB.set_access(topic, access)
        return
    redis_store.write(
        client, topic, event_frames, state_frame, state_id,
        access=access, replies=replies, reply_ttl=reply_ttl,
    )  # fmt: skip


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


def publish_access(topic: Topic, access: dict) -> None:
    """Who may open the topic changed (call it after the change committed): the streams
    that open next read `access`, and the open ones check their viewer again."""
    client = connection.redis_client()
    if client is None:
        HUB.set_access(topic, access)
        HUB.send(topic, frames.ACCESS_CHANGED)
    else:
        redis_store.write_access(client, topic, access)
