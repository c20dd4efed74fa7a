"""Where the pages open their event streams: the stream process's public URL, if any."""

from django.conf import settings


def stream_url(path: str) -> str:
    """`path` on the stream process (STREAMS_URL), or on the site itself when it is empty."""
    return settings.STREAMS_URL + path


def cross_origin() -> bool:
    """Whether the streams are on another host (the browser then sends its cookies along)."""
    return bool(settings.STREAMS_URL)
