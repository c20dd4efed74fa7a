"""How many people watch a topic: viewers with a stream open, over every stream process.

A viewer is a person: their account, or their address when they are anonymous; ten
streams of one person count one. Each stream process writes one field of the topic's
watchers hash per viewer it serves ("<process> <viewer>"), with the time it wrote it; a
process that died stops refreshing its fields and they are left out once stale. When the
number of people changes, a `watching` event tells the topic's streams, at most once per
`PUSH_EVERY_SECONDS`.
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


def viewer(account: int | None, address: str) -> str:
    """Who watches: the account, or the address of an anonymous viewer."""
    return f"account:{account}" if account is not None else f"address:{address}"


def field_name(process: str, watcher: str) -> str:
    return f"{process} {watcher}"


def stamp(at: float | None = None) -> bytes:
    return f"{at if at is not None else time.time():.0f}".encode()


def total(fields: dict[bytes, bytes], now: float | None = None) -> int:
    """The people with a stream open on any live process, from a watchers hash."""
    now = now if now is not None else time.time()
    people = set()
    for name, value in fields.items():
        _process, space, watcher = name.partition(b" ")
        if space and value.isdigit() and now - int(value) <= STALE_SECONDS:
            people.add(watcher)
    return len(people)


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
