"""A topic's snapshot, backlog and channel in Redis: written by publishers, read by streams.

The reads are written twice, for the synchronous and the asynchronous client; what is
made of them (`snapshot_of`) once.
"""

import orjson
import redis

from live import frames, topics
from live.resume import Snapshot
from live.topics import Topic

# One change in one script: the backlog, the snapshot (and who may read it), the channel,
# then the callers' own replies. Atomic like a MULTI, and one command to build and parse
# instead of a dozen: publishing is on every move's path.
#   KEYS: backlog, snapshot, then one list for each reply
#   ARGV: channel, state, state id, backlog length, backlog ttl, snapshot ttl,
#         number of frames, access ('' to keep it), reply ttl, the frames, the replies
_WRITE = """
local frames = tonumber(ARGV[7])
if frames > 0 then
  redis.call('RPUSH', KEYS[1], unpack(ARGV, 10, 9 + frames))
  redis.call('LTRIM', KEYS[1], -tonumber(ARGV[4]), -1)
  redis.call('EXPIRE', KEYS[1], ARGV[5])
end
redis.call('HSET', KEYS[2], 'state', ARGV[2], 'id', ARGV[3])
if ARGV[8] ~= '' then
  redis.call('HSET', KEYS[2], 'access', ARGV[8])
end
redis.call('EXPIRE', KEYS[2], ARGV[6])
for i = 1, frames do
  redis.call('PUBLISH', ARGV[1], ARGV[9 + i])
end
for k = 3, #KEYS do
  redis.call('RPUSH', KEYS[k], ARGV[7 + frames + k])
  redis.call('EXPIRE', KEYS[k], ARGV[9])
end
"""
_write_script = None  # registered with the first client; each call names its client


def write(
    client: redis.Redis,
    topic: Topic,
    event_frames: list[bytes],
    state: bytes,
    state_id: str,
    *,
    access: dict | None = None,
    replies: dict[str, bytes] | None = None,
    reply_ttl: int = 60,
) -> None:
    """Write one change: the backlog, the snapshot, the channel, then each reply pushed
    onto its own list (kept `reply_ttl` seconds)."""
    global _write_script
    if _write_script is None:
        _write_script = client.register_script(_WRITE)
    replies = replies or {}
    keys = [topic.backlog_key, topic.snapshot_key, *replies]
    args = [
        topic.channel, state, state_id, topics.BACKLOG_LENGTH, topics.BACKLOG_TTL_SECONDS,
        topics.SNAPSHOT_TTL_SECONDS, len(event_frames),
        orjson.dumps(access) if access is not None else b"", reply_ttl,
        *event_frames, *replies.values(),
    ]  # fmt: skip
    _write_script(keys=keys, args=args, client=client)


def queue_read(pipe, topic: Topic) -> None:
    """Queue what a stream opens with: the snapshot and the backlog."""
    pipe.hgetall(topic.snapshot_key)
    pipe.lrange(topic.backlog_key, 0, -1)


def snapshot_of(replies: list) -> Snapshot | None:
    """The snapshot from `queue_read`'s replies; None when a part is missing."""
    fields, backlog = replies
    if b"state" not in fields or b"access" not in fields:
        return None
    return Snapshot(
        state=fields[b"state"],
        state_id=fields[b"id"].decode(),
        access=orjson.loads(fields[b"access"]),
        backlog=list(backlog),
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
    """Keep a snapshot read from the database; what a publisher wrote since wins (the
    database may have been read before its change committed)."""
    with client.pipeline(transaction=True) as pipe:
        pipe.hsetnx(topic.snapshot_key, "state", state)
        pipe.hsetnx(topic.snapshot_key, "id", state_id)
        pipe.hsetnx(topic.snapshot_key, "access", orjson.dumps(access))
        pipe.expire(topic.snapshot_key, topics.SNAPSHOT_TTL_SECONDS)
        pipe.execute()


def write_access(client: redis.Redis, topic: Topic, access: dict) -> None:
    """Replace who may open the topic and tell its open streams, in one transaction."""
    with client.pipeline(transaction=True) as pipe:
        pipe.hset(topic.snapshot_key, "access", orjson.dumps(access))
        pipe.expire(topic.snapshot_key, topics.SNAPSHOT_TTL_SECONDS)
        pipe.publish(topic.channel, frames.ACCESS_CHANGED)
        pipe.execute()
