"""How many people watch a topic: open streams counted per stream process, added up.

Each stream process keeps its own count of a topic's streams in one field of the topic's
watchers hash, with the time it wrote it; a process that died stops refreshing its field
and is left out once the field is stale. When the sum changes, a `watching` event tells
the topic's streams, at most once per `PUSH_EVERY_SECONDS`.
"""

import time

from django.conf import settings
from django.utils import translation
from django.utils.translation import ngettext

from live import frames

# A process rewrites its fields this often; a field older than STALE_SECONDS is a dead
# process's.
REFRESH_SECONDS = 15.0
STALE_SECONDS = 45.0
PUSH_EVERY_SECONDS = 3.0
PUBLISHED_FIELD = b"published"


def field_value(count: int, at: float | None = None) -> bytes:
    return f"{count}:{at if at is not None else time.time():.0f}".encode()


def total(fields: dict[bytes, bytes], now: float | None = None) -> int:
    """The open streams of every live process, from a watchers hash."""
    now = now if now is not None else time.time()
    count = 0
    for name, value in fields.items():
        if name == PUBLISHED_FIELD:
            continue
        streams, _, at = value.partition(b":")
        if streams.isdigit() and at.isdigit() and now - int(at) <= STALE_SECONDS:
            count += int(streams)
    return count


def published(fields: dict[bytes, bytes]) -> int | None:
    value = fields.get(PUBLISHED_FIELD)
    return int(value) if value and value.isdigit() else None


def words(count: int) -> str:
    return ngettext("%(count)d watching", "%(count)d watching", count) % {"count": count}


def event_frame(kind: str, pk: int, count: int) -> bytes:
    """The `watching` event, its words in every language of the site (the page picks its
    own): one frame serves every reader. It has no id: it is not resumed, only replaced."""
    texts = {}
    for code, _ in settings.LANGUAGES:
        with translation.override(code):
            texts[code] = words(count)
    return frames.frame({"type": "watching", kind: pk, "count": count, "text": texts})
