"""Who is still with a game: every request of a seated player about it says so.

Kept for every game between people, so that a player watching a game is not told it is
their move, and for the games whose rules need it: a player disconnected too long loses
(S5), a player not seen for a while is away and the CPU stands in (S3). One timestamp per seat
in the cache (Redis in production, so every web process and worker sees the same),
refreshed by each request of the player about the game (the API's game endpoints, the
game page and its polling, every move) and by their event stream at each heartbeat.
"""

import time

from django.core.cache import cache

# Longer than any rule's limit: a stale entry must still read as stale, not as missing.
KEEP_SECONDS = 6 * 3600


def _key(game_id: int, seat: str) -> str:
    return f"presence:{game_id}:{seat}"


def touch(game_id: int, seat: str, at: float | None = None) -> None:
    cache.set(_key(game_id, seat), at if at is not None else time.time(), KEEP_SECONDS)


def forget(seats: list[tuple[int, str]]) -> None:
    """Forget when the players in these (game id, seat) places were last seen."""
    if seats:
        cache.delete_many([_key(game_id, seat) for game_id, seat in seats])


def last_seen(game_id: int, seat: str) -> float | None:
    return cache.get(_key(game_id, seat))


def kept_for(rules) -> bool:
    """Whether a game's rules need to know who is there (an engine's declarations)."""
    return bool(rules.disconnect_loses_after_s or rules.away_after_s)


def kept(rules, between_people: bool) -> bool:
    """Whether a game's seats are kept: in every game between people, and in any game whose
    rules need to know who is there."""
    return between_people or kept_for(rules)


def seen_within(game_id: int, seat: str, seconds: float) -> bool:
    """Whether the player in `seat` had the game open in the last `seconds` (no entry: no)."""
    at = last_seen(game_id, seat)
    return at is not None and time.time() - at <= seconds


def not_seen_for(game_id: int, seats: list[str], seconds: float) -> set[str]:
    """The seats of `seats` not seen for more than `seconds`.

    A seat with no entry (a game nobody has looked at yet, a cache emptied by a restart)
    starts counting now: nobody is counted gone because the server forgot when it last saw
    them.
    """
    if not seats:
        return set()
    now = time.time()
    seen = cache.get_many([_key(game_id, seat) for seat in seats])
    gone = set()
    for seat in seats:
        at = seen.get(_key(game_id, seat))
        if at is None:
            touch(game_id, seat, now)
        elif now - at > seconds:
            gone.add(seat)
    return gone


def gone_for_longer_than(game_id: int, seats: list[str], seconds: float) -> str | None:
    """The first of `seats` (in their order) not seen for more than `seconds`."""
    gone = not_seen_for(game_id, seats, seconds)
    return next((seat for seat in seats if seat in gone), None)
