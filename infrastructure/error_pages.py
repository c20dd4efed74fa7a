"""The error pages: JSON under /api/, the site's HTML in the reader's language elsewhere;
503 when the database is busy. An error answered with no body at all (a POST-only address
opened in the browser, a bare 400 or 403) gets the same page or JSON as the rest."""

import sys
from collections.abc import Callable

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views import defaults

from infrastructure import api_errors, busy

# The headers of a bare error that say something to the client, kept on the page sent instead.
_KEPT_HEADERS = ("Allow", "Retry-After", "WWW-Authenticate")


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if api_errors.is_api_request(request):
        return api_errors.json_not_found(request)
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    # Called while the error is being handled: a failure in a middleware (the session's
    # save, say) that found no database connection is a busy site, not a broken one.
    if busy.no_connection_free(sys.exc_info()[1]):
        return busy.busy_response(request)
    if api_errors.is_api_request(request):
        return api_errors.json_server_error(request)
    return defaults.server_error(request)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if api_errors.is_api_request(request):
        if isinstance(exception, RequestDataTooBig):
            return api_errors.json_too_large(request)
        return api_errors.json_bad_request(request)
    return defaults.bad_request(request, exception)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    if api_errors.is_api_request(request):
        return api_errors.json_forbidden(request)
    return defaults.permission_denied(request, exception)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form sent without its security token, or with an old one (CSRF_FAILURE_VIEW)."""
    message = _(
        "The form was sent without its security check, or from a page open too long. Go back, "
        "reload the page and send the form again."
    )
    if api_errors.is_api_request(request):
        return JsonResponse(api_errors.error_body("csrf_failed", message), status=403)
    return render(request, "403.html", {"message": message}, status=403)


def _json_error(request: HttpRequest, status: int) -> JsonResponse:
    if status == 405:
        body = api_errors.error_body(
            "method_not_allowed",
            _('Method "%(method)s" not allowed.') % {"method": request.method},
            {"method": request.method},
        )
    elif status == 404:
        return api_errors.json_not_found(request)
    elif status == 403:
        return api_errors.json_forbidden(request)
    elif status == 429:
        body = api_errors.error_body("throttled", _("Too many requests; try again later."))
    elif status >= 500:
        return api_errors.json_server_error(request)
    else:
        return api_errors.json_bad_request(request)
    return JsonResponse(body, status=status)


def _page(request: HttpRequest, status: int) -> HttpResponse:
    if status in (400, 403, 404, 405, 429):
        template = f"{status}.html"
    else:
        template = "500.html" if status >= 500 else "400.html"
    return render(request, template, {"method": request.method}, status=status)


def error_answer(request: HttpRequest, bare: HttpResponse) -> HttpResponse:
    """The page (or the API's JSON) for an error answered with no body, with its status and
    the headers that tell the client what to do (Allow, Retry-After)."""
    status = bare.status_code
    api = api_errors.is_api_request(request)
    answer = _json_error(request, status) if api else _page(request, status)
    answer.status_code = status
    for header in _KEPT_HEADERS:
        if header in bare:
            answer[header] = bare[header]
    return answer


class ErrorPageMiddleware:
    """Every error a browser or a client can reach says what happened: an answer of status
    400 or more with no body (`require_POST`'s 405, a bare 400 or 403) is replaced by the
    site's page in the reader's language, or the API's JSON error under /api/."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code < 400 or response.streaming or response.content:
            return response
        return error_answer(request, response)
