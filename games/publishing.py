"""A game's live updates: its events to the streams (through `live`), and each decided
move's result to the requests waiting for it.

Publishers send after their transaction has committed. A request that waits for its move
(`?wait=`) blocks on a per-move Redis list instead of a channel, so it cannot miss an
answer that came before it started listening.
"""

import threading
import time

import orjson

from games import streams
from live import publishing as live_publishing
from live.connection import redis_client

DONE_TTL_SECONDS = 60


def _done_key(move_id: int) -> str:
    return f"championships:move-done:{move_id}"


class _Results:
    """Decided moves' results inside one process, for the embedded mode."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._done: dict[int, tuple[float, dict]] = {}
        self._decided = threading.Condition(self._lock)

    def settle(self, decided: dict[int, dict]) -> None:
        """Keep the moves' results and wake the requests waiting for them."""
        now = time.monotonic()
        with self._lock:
            for move_id, result in decided.items():
                self._done[move_id] = (now, result)
            for move_id in [
                key for key, (at, _) in self._done.items() if now - at > DONE_TTL_SECONDS
            ]:
                del self._done[move_id]
            self._decided.notify_all()

    def clear(self) -> None:
        """Forget every result, as a process that has just started knows none."""
        with self._lock:
            self._done.clear()

    def wait_for(self, move_id: int, timeout: float) -> dict | None:
        deadline = time.monotonic() + timeout
        with self._lock:
            while move_id not in self._done:
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self._decided.wait(left)
            return self._done[move_id][1]


RESULTS = _Results()


def publish(
    game_id: int,
    version: int,
    state: dict,
    events: list[dict],
    decided: dict[int, dict] | None = None,
) -> None:
    """Send the game's events to its streams; hand each waiting request its move's result."""
    decided = decided or {}
    if redis_client() is None:
        if decided:
            RESULTS.settle(decided)
        live_publishing.publish(streams.topic(game_id), events, state, version=version)
        return

    replies = {_done_key(move_id): orjson.dumps(result) for move_id, result in decided.items()}
    live_publishing.publish(
        streams.topic(game_id), events, state, version=version,
        replies=replies, reply_ttl=DONE_TTL_SECONDS,
    )  # fmt: skip


def wait_for_move(move_id: int, timeout: float) -> dict | None:
    """The worker's result for the move, waiting up to `timeout` seconds; None if none came.

    Embedded, the request that stored the move decided it in-process; a request repeating
    the same move at the same moment waits here for that decision.
    """
    if timeout <= 0:
        return None
    client = redis_client()
    if client is None:
        return RESULTS.wait_for(move_id, timeout)
    key = _done_key(move_id)
    # Moving the result from the list's head to its tail leaves it there, in one command,
    # for the next request waiting on the same move (a retried one).
    answer = client.blmove(key, key, timeout, "LEFT", "RIGHT")
    return None if answer is None else orjson.loads(answer)
