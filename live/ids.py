"""Event ids that order a topic's events: `"<version>.<n>"`, and `"<version>"` for a state.

Every event of one change shares the change's version; `n` orders them within it. A
state's id stands after every event of its version, so a client that last saw a state
resumes with the next version's events.
"""

import math

EventKey = tuple[int, float]


def event_id(version: int, n: int) -> str:
    return f"{version}.{n}"


def state_id(version: int) -> str:
    return str(version)


def parse(value: str | bytes | None) -> EventKey | None:
    """The id's order key, or None for no id or one this site never sent."""
    if value is None:
        return None
    if isinstance(value, bytes):
        value = value.decode("ascii", "replace")
    version, dot, n = value.strip().partition(".")
    if not version.isdigit() or (dot and not n.isdigit()) or len(value) > 40:
        return None
    return (int(version), int(n) if dot else math.inf)
