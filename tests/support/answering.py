"""Which requests the test run's servers are still answering.

On SQLite the browser tests' live server answers from a thread that shares the test's
in-memory database connection: a read it is still making when the test ends (a page's
poll, the last click's page) locks a table, and emptying the database then fails with
"database table is locked". The browser tests close their pages and wait here for the
answers already begun before the database is emptied.
"""

import threading
from collections.abc import Callable

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.http import HttpRequest

_changed = threading.Condition()
_answering = 0


class AnsweringMiddleware:
    """Counts the requests whose view has not returned yet (a stream's body is not waited
    for: it reads the database only when it has something to send)."""

    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Callable) -> None:
        self.get_response = get_response
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest):
        if self.is_async:
            # The stream process's requests: no live server thread shares its connection.
            return self.get_response(request)
        _begun(+1)
        try:
            return self.get_response(request)
        finally:
            _begun(-1)


def _begun(change: int) -> None:
    global _answering
    with _changed:
        _answering += change
        _changed.notify_all()


def wait_until_answered(timeout: float) -> bool:
    """True once no request is being answered; False if some still is after `timeout`."""
    with _changed:
        return _changed.wait_for(lambda: _answering == 0, timeout)
