"""Waiting for another process (a worker, a stream process, the database server) to get
somewhere, with a deadline that names what never happened."""

import time
from collections.abc import Callable


def wait_until(condition: Callable[[], object], seconds: float, what: str) -> None:
    """Return once `condition()` is true; fail naming `what` after `seconds`."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"not within {seconds} s: {what}"
        time.sleep(0.05)
