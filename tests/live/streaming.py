"""Reading an event stream in the tests: frames from a response's chunks or a socket."""

from collections.abc import Iterable, Iterator

from live import frames


def split(chunks: Iterable[bytes]) -> Iterator[bytes]:
    """Whole frames (comments and the retry hint included) from the chunks as they come."""
    pending = b""
    for chunk in chunks:
        pending += chunk
        while b"\n\n" in pending:
            raw, pending = pending.split(b"\n\n", 1)
            yield raw + b"\n\n"


def events(chunks: Iterable[bytes]) -> Iterator[bytes]:
    """The frames that are events (no comments, no retry hint)."""
    return (raw for raw in split(chunks) if b"event: " in raw)


def until(stream: Iterator[bytes], wanted: str, limit: int = 500) -> bytes:
    """The first frame of type `wanted`; fails after `limit` other frames."""
    for _ in range(limit):
        raw = next(stream)
        if raw.startswith(b"id: ") or raw.startswith(b"event: "):
            if f"event: {wanted}\n".encode() in raw:
                return raw
        elif wanted == "keep-alive" and raw == frames.KEEP_ALIVE:
            return raw
    raise AssertionError(f"no {wanted} frame in {limit} frames")


def ends(stream: Iterator[bytes], limit: int = 200) -> bool:
    """Whether the stream ends within `limit` frames (heartbeats count)."""
    for _ in range(limit):
        try:
            next(stream)
        except StopIteration:
            return True
    return False
