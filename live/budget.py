"""How many streams one client holds open: at most STREAMS_PER_CLIENT per address and as
many per account, over every stream process.

An open stream holds a place in each of its client's budgets: a lease in a Redis sorted
set per budget (its member the stream, its score when the lease runs out), renewed while
the stream is open and given back when it closes; the lease of a process that died runs
out by itself. Embedded (no Redis) the places are counted in the process.
"""

import math
import threading
import uuid
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

import redis
from django.conf import settings
from django.utils.translation import gettext

from infrastructure.api_errors import error_body
from live.sources import Admission

# Open streams' leases are renewed this often (the stream process renews all of its own
# at once; a web process's stream at its next frame or heartbeat); a lease not renewed
# within `lease_seconds()` was a dead process's stream.
RENEW_SECONDS = 20.0
# Members renewed by one script call: Redis is not held up for long by one call, however
# many streams the process has open.
RENEW_BATCH = 500
# A refused client may try again after this long (a stream of theirs may have closed).
RETRY_AFTER_SECONDS = 10

# Takes a place in every budget named, or none when one of them is full (the server's clock
# for every lease, whichever process writes it).
#   KEYS: the budgets; ARGV: the stream, the most places, the lease's seconds
_TAKE = """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
for _, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  if redis.call('ZCARD', key) >= tonumber(ARGV[2]) then
    return 0
  end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now + tonumber(ARGV[3]), ARGV[1])
  redis.call('EXPIRE', key, ARGV[3])
end
return 1
"""
#   KEYS: the budgets; ARGV: the stream, the lease's seconds
_RENEW = """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, 'XX', now + tonumber(ARGV[2]), ARGV[1])
  redis.call('EXPIRE', key, ARGV[2])
end
"""
# Renews the leases of many streams in one budget.
#   KEYS: the budget; ARGV: the lease's seconds, then the streams
_RENEW_MANY = """
local clock = redis.call('TIME')
local ends = tonumber(clock[1]) + tonumber(clock[2]) / 1000000 + tonumber(ARGV[1])
for i = 2, #ARGV do
  redis.call('ZADD', KEYS[1], 'XX', ends, ARGV[i])
end
redis.call('EXPIRE', KEYS[1], ARGV[1])
"""


@dataclass
class Place:
    """One stream's place in its client's budgets."""

    keys: list[str]
    member: str = field(default_factory=lambda: uuid.uuid4().hex)


def place_for(address: str, account: int | None) -> Place:
    """The budgets a stream counts against: its address's, and its account's if any."""
    keys = [f"championships:live:client:address:{address}"]
    if account is not None:
        keys.append(f"championships:live:client:account:{account}")
    return Place(keys)


def over_budget() -> Admission:
    message = gettext("Too many live streams are open from here; close some and try again shortly.")
    return Admission(
        429,
        error=error_body("throttled", message),
        headers={"Retry-After": str(math.ceil(RETRY_AFTER_SECONDS))},
    )


def lease_seconds() -> int:
    """Twice the longest a live stream goes between renewals."""
    return math.ceil(2 * (RENEW_SECONDS + settings.STREAM_HEARTBEAT_SECONDS))


def _arguments(place: Place) -> list:
    return [place.member, settings.STREAMS_PER_CLIENT, lease_seconds()]


# -- over Redis, synchronous (a web process serving streams) and asynchronous (the stream
#    process) ------------------------------------------------------------------------------


def take(client: redis.Redis, place: Place) -> bool:
    return bool(client.register_script(_TAKE)(keys=place.keys, args=_arguments(place)))


def renew(client: redis.Redis, place: Place) -> None:
    client.register_script(_RENEW)(keys=place.keys, args=[place.member, lease_seconds()])


def give_back(client: redis.Redis, place: Place) -> None:
    with client.pipeline(transaction=False) as pipe:
        for key in place.keys:
            pipe.zrem(key, place.member)
        pipe.execute()


async def atake(client, place: Place) -> bool:
    return bool(await client.register_script(_TAKE)(keys=place.keys, args=_arguments(place)))


async def arenew_all(client, places: Iterable[Place]) -> None:
    """Renew every place's lease: a few calls however many places, not one for each."""
    members: dict[str, list[str]] = defaultdict(list)
    for place in places:
        for key in place.keys:
            members[key].append(place.member)
    renew_many = client.register_script(_RENEW_MANY)
    for key, held in members.items():
        for start in range(0, len(held), RENEW_BATCH):
            await renew_many(keys=[key], args=[lease_seconds(), *held[start : start + RENEW_BATCH]])


async def agive_back(client, place: Place) -> None:
    async with client.pipeline(transaction=False) as pipe:
        for key in place.keys:
            pipe.zrem(key, place.member)
        await pipe.execute()


# -- embedded ------------------------------------------------------------------------------


class LocalPlaces:
    """The budgets of one process without Redis: open streams counted per budget."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._taken: dict[str, set[str]] = {}

    def take(self, place: Place) -> bool:
        with self._lock:
            if any(
                len(self._taken.get(key, ())) >= settings.STREAMS_PER_CLIENT for key in place.keys
            ):
                return False
            for key in place.keys:
                self._taken.setdefault(key, set()).add(place.member)
            return True

    def give_back(self, place: Place) -> None:
        with self._lock:
            for key in place.keys:
                members = self._taken.get(key, set())
                members.discard(place.member)
                if not members:
                    self._taken.pop(key, None)


LOCAL = LocalPlaces()
