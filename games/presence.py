"""Who is still connected to a game: the live page and the moves of a player say so (Q20).

Kept in the cache (Redis in production, so every web process and worker sees the same),
one timestamp per seat, refreshed by the player's event stream at each heartbeat, by
the page's polling and by every move they send.
"""

import time

from django.core.cache import cache

# Longer than any rule's limit: a stale entry must still read as stale, not as missing.
KEEP_SECONDS = 6 * 3600


def _key(game_id: int, seat: str) -> str:
    return f"presence:{game_id}:{seat}"


def touch(game_id: int, seat: str, at: float | None = None) -> None:
    cache.set(_key(game_id, seat), at if at is not None else time.time(), KEEP_SECONDS)


def last_seen(game_id: int, seat: str) -> float | None:
    return cache.get(_key(game_id, seat))


def gone_for_longer_than(game_id: int, seats: list[str], seconds: float) -> str | None:
    """The first of `seats` not seen for more than `seconds`.

    A seat with no entry (a cache emptied by a restart) starts counting now: nobody loses a
    game because the server forgot when it last saw them.
    """
    now = time.time()
    for seat in seats:
        seen = last_seen(game_id, seat)
        if seen is None:
            touch(game_id, seat, now)
        elif now - seen > seconds:
            return seat
    return None
