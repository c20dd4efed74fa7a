"""Answers for a database the site cannot reach: 503 with Retry-After, never a 500.

A request that waited its pool's timeout for a connection, met a server that refused one
more, that is starting or shutting down, or lost its connection midway (the server
restarted) is told to come back shortly. The transaction it was in did not commit, so
retrying is safe; the next request takes a fresh connection, and the process serves again
as soon as the server does, without a restart.
"""

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from infrastructure import metrics
from infrastructure.api_errors import error_body

RETRY_AFTER_SECONDS = 2
# PostgreSQL's too_many_connections, admin_shutdown, crash_shutdown and cannot_connect_now
# (a server starting up or shutting down).
_REFUSED_STATES = {"53300", "57P01", "57P02", "57P03"}
# The class of every "connection exception" (08000, 08001, 08003, 08006...).
_CONNECTION_CLASS = "08"


def no_connection_free(error: BaseException | None) -> bool:
    """Whether an error, or an error it was raised from, says no database connection could
    be had or the one in use was lost."""
    import psycopg
    from psycopg_pool import PoolTimeout

    seen = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        if isinstance(error, PoolTimeout):
            return True
        state = getattr(error, "sqlstate", None)
        if state in _REFUSED_STATES or (state or "").startswith(_CONNECTION_CLASS):
            return True
        # psycopg's own errors with no state from the server: a refused or broken
        # connection ("connection refused", "server closed the connection unexpectedly",
        # "the connection is closed").
        if isinstance(error, psycopg.OperationalError | psycopg.InterfaceError) and not state:
            return True
        error = error.__cause__ or error.__context__
    return False


def busy_response(request: HttpRequest) -> HttpResponse:
    metrics.POOL_TIMEOUTS.inc()
    message = _("The site is busy. Please try again in a few seconds.")
    if request.path.startswith("/api/"):
        body = error_body("busy", message, {"retry_after": RETRY_AFTER_SECONDS})
        response: HttpResponse = JsonResponse(body, status=503)
    else:
        page = render_to_string("503.html", {"message": message})
        response = HttpResponse(page, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


class BusyDatabaseMiddleware:
    """A view that could not get or keep a connection answers 503 (in DEBUG too)."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        return busy_response(request) if no_connection_free(exception) else None
