"""Answers for a database that has no connection free: 503 with Retry-After, never a 500.

A request that waited its pool's timeout for a connection (or met a server that refused
one more) is told to come back shortly; nothing was written, so retrying is safe.
"""

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from infrastructure import metrics
from infrastructure.api_errors import error_body

RETRY_AFTER_SECONDS = 2
# PostgreSQL's "too_many_connections" and "cannot_connect_now" (a server starting up).
_REFUSED_STATES = {"53300", "57P03"}


def no_connection_free(error: BaseException | None) -> bool:
    """Whether an error, or an error it was raised from, says no connection could be had."""
    from psycopg_pool import PoolTimeout

    seen = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        if isinstance(error, PoolTimeout):
            return True
        if getattr(error, "sqlstate", None) in _REFUSED_STATES:
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
    """A view that could not get a connection answers 503 (in DEBUG too)."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        return busy_response(request) if no_connection_free(exception) else None
