"""How many of a player's moves in a game wait for the worker: a count in the shared cache
(Redis in production), one `incr` for a move stored and one `decr` for a move decided, so
that taking a move in costs no query to count them.

The count is a hint that can only drift (a worker killed between its commit and its `decr`,
a cache emptied, a move decided outside the worker's turn): the database stays the
authority: a count starts from its figure, and when the count says the player is at the
limit it is asked again and the count takes its figure. A count lapses a while after it
started, so a drift never lasts.
"""

from collections.abc import Callable

from django.core.cache import cache

# A count starts again from the database's figure this long after it started: no drift
# outlives it, and it costs one query per player and game in that time.
COUNT_SECONDS = 120


def _key(game_id: int, player_id: int) -> str:
    return f"games:waiting-moves:{game_id}:{player_id}"


def counted(game_id: int, player_id: int) -> int | None:
    """The count as it stands (None: none kept now)."""
    return cache.get(_key(game_id, player_id))


def count_one_more(game_id: int, player_id: int, in_database: Callable[[], int]) -> int:
    """Count a move about to be stored as waiting; the count with it. With no count (the
    first move in a while, a cache emptied) it starts from the database's: `in_database`."""
    key = _key(game_id, player_id)
    try:
        return cache.incr(key)
    except ValueError:
        pass
    waiting = in_database() + 1
    if cache.add(key, waiting, COUNT_SECONDS):
        return waiting
    return cache.incr(key)  # another request started the count in between


def count_one_less(game_id: int, player_id: int) -> None:
    """A move counted as waiting was not stored, or has been decided."""
    try:
        if cache.decr(_key(game_id, player_id)) < 0:
            # Decided after the count lapsed and began again: never below nothing.
            cache.set(_key(game_id, player_id), 0, COUNT_SECONDS)
    except ValueError:
        pass  # the count lapsed: nothing to take back


def count_decided(game_id: int, player_ids: list[int]) -> None:
    """The worker has decided these players' waiting moves (one id for each move)."""
    for player_id in player_ids:
        count_one_less(game_id, player_id)


def set_count(game_id: int, player_id: int, waiting: int) -> None:
    """The count as the database has it."""
    cache.set(_key(game_id, player_id), waiting, COUNT_SECONDS)
