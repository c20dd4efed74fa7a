"""Server-Sent Events frames, written once by the publisher and sent as they are."""

from typing import Any

import orjson

# How long a browser waits before reconnecting after a stream ends (milliseconds).
RETRY_MS = 2000
RETRY = f"retry: {RETRY_MS}\n\n".encode()
KEEP_ALIVE = b": keep-alive\n\n"
# Told on a topic's channel when who may see it changed: each open stream checks its
# viewer again (and ends if they may no longer see it). Streams never send it on.
ACCESS_CHANGED = b": access changed\n\n"
_ID_PREFIX = b"id: "


def frame(event: dict[str, Any], event_id: str | None = None) -> bytes:
    """One event as a frame; `event_id` (the event's own "id" if not given) orders it."""
    event_id = event_id if event_id is not None else event.get("id")
    head = f"id: {event_id}\n".encode() if event_id is not None else b""
    return head + f"event: {event['type']}\ndata: ".encode() + orjson.dumps(event) + b"\n\n"


def id_of(raw: bytes) -> str | None:
    """The id a frame carries (None for a frame without one, as `watching`)."""
    if not raw.startswith(_ID_PREFIX):
        return None
    return raw[len(_ID_PREFIX) : raw.index(b"\n")].decode("ascii", "replace")


def data_of(raw: bytes) -> dict[str, Any]:
    """The event a frame carries (for tests and the embedded hub's readers)."""
    for line in raw.split(b"\n"):
        if line.startswith(b"data: "):
            return orjson.loads(line[len(b"data: ") :])
    raise ValueError("a frame without data")
