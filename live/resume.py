"""What a stream sends as it opens, and which live frames it then skips; no I/O here.

The stream subscribes first, then reads the snapshot and the backlog: a change published
in between is both in what was read and in the queue, and the queue's copy is skipped by
its id (`Opening.high_water`).
"""

from dataclasses import dataclass

from live import frames, ids


@dataclass(frozen=True)
class Snapshot:
    """A topic as a stream opens on it: the state frame and its id, who may open it."""

    state: bytes
    state_id: str
    access: dict
    backlog: list[bytes]
    watching: int = 0


@dataclass
class Opening:
    frames: list[bytes]
    high_water: ids.EventKey


def opening(snapshot: Snapshot, last_event_id: str | None) -> Opening:
    """The frames to open with: the events after `last_event_id` when the backlog still
    reaches back to it, else the state (the client reloads what it shows)."""
    current = ids.parse(snapshot.state_id) or (0, 0)
    fresh = Opening([frames.RETRY, snapshot.state], current)
    last = ids.parse(last_event_id)
    if last is None or last > current:
        return fresh
    backlog = [(ids.parse(frames.id_of(raw)), raw) for raw in snapshot.backlog]
    backlog = [(key, raw) for key, raw in backlog if key is not None]
    reaches_back = bool(backlog) and backlog[0][0] <= last
    if not reaches_back and last != current:
        return fresh
    missed = [(key, raw) for key, raw in backlog if key > last]
    high_water = max([last, *(key for key, _ in missed)])
    return Opening([frames.RETRY, *(raw for _, raw in missed)], high_water)


def is_new(raw: bytes, opened: Opening) -> bool:
    """Whether a live frame is still to be sent (frames without an id always are)."""
    key = ids.parse(frames.id_of(raw))
    return key is None or key > opened.high_water
