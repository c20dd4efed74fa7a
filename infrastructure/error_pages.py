"""The error pages: JSON under /api/, the site's HTML elsewhere; 503 when the database is busy."""

import sys

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse
from django.views import defaults

from infrastructure import api_errors, busy


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
