"""A topic's snapshot, backlog and channel in Redis: written by publishers, read by streams.

The reads are written twice, for the synchronous and the asynchronous client; what is
made of them (`snapshot_of`) once.
"""

import orjson
import redis

from live import topics
from live.resume import Snapshot
from live.topics import Topic
from live.watching import total


def write(pipe, topic: Topic, event_frames: list[bytes], state: bytes, state_id: str) -> None:
    """Queue one change on `pipe`: the backlog, the snapshot, then the channel."""
    if event_frames:
        pipe.rpush(topic.backlog_key, *event_frames)
        pipe.ltrim(topic.backlog_key, -topics.BACKLOG_LENGTH, -1)
        pipe.expire(topic.backlog_key, topics.BACKLOG_TTL_SECONDS)
    pipe.hset(topic.snapshot_key, mapping={"state": state, "id": state_id})
    pipe.expire(topic.snapshot_key, topics.SNAPSHOT_TTL_SECONDS)
    for raw in event_frames:
        pipe.publish(topic.channel, raw)


def write_access(pipe, topic: Topic, access: dict) -> None:
    pipe.hset(topic.snapshot_key, "access", orjson.dumps(access))


def queue_read(pipe, topic: Topic) -> None:
    """Queue what a stream opens with: the snapshot, the backlog, the watchers."""
    pipe.hgetall(topic.snapshot_key)
    pipe.lrange(topic.backlog_key, 0, -1)
    pipe.hgetall(topic.watchers_key)


def snapshot_of(replies: list) -> Snapshot | None:
    """The snapshot from `queue_read`'s replies; None when a part is missing."""
    fields, backlog, watchers = replies
    if b"state" not in fields or b"access" not in fields:
        return None
    return Snapshot(
        state=fields[b"state"],
        state_id=fields[b"id"].decode(),
        access=orjson.loads(fields[b"access"]),
        backlog=list(backlog),
        watching=total(watchers),
    )


def read(client: redis.Redis, topic: Topic) -> Snapshot | None:
    with client.pipeline(transaction=True) as pipe:
        queue_read(pipe, topic)
        return snapshot_of(pipe.execute())


async def aread(client, topic: Topic) -> Snapshot | None:
    async with client.pipeline(transaction=True) as pipe:
        queue_read(pipe, topic)
        return snapshot_of(await pipe.execute())


def store_loaded(
    client: redis.Redis, topic: Topic, state: bytes, state_id: str, access: dict
) -> None:
    """Keep a snapshot read from the database; a state a publisher wrote since wins."""
    with client.pipeline(transaction=True) as pipe:
        pipe.hsetnx(topic.snapshot_key, "state", state)
        pipe.hsetnx(topic.snapshot_key, "id", state_id)
        write_access(pipe, topic, access)
        pipe.expire(topic.snapshot_key, topics.SNAPSHOT_TTL_SECONDS)
        pipe.execute()
