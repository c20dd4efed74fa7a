"""Requests carrying NUL characters are answered before they reach the database.

PostgreSQL cannot hold a NUL in text, and a lookup with one fails (a 500): a username
in a path, a token in a header, a session id in a cookie. No real request has one.
"""

from collections.abc import Callable

from django.core.exceptions import BadRequest
from django.http import Http404, HttpRequest, HttpResponse

NUL = "\x00"


class NulCharacterMiddleware:
    """A NUL in the path names no page (404); in a header or the query string it is a bad
    request (400); a cookie with one is ignored, as if it had not been sent."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if NUL in request.path:
            raise Http404("No page has a NUL character in its address.")
        headers = (value for key, value in request.META.items() if key.startswith("HTTP_"))
        if any(NUL in value for value in headers if isinstance(value, str)):
            raise BadRequest("A header holds a NUL character.")
        if any(NUL in key + "".join(values) for key, values in request.GET.lists()):
            raise BadRequest("The query string holds a NUL character.")
        for name in [name for name, value in request.COOKIES.items() if NUL in name + value]:
            del request.COOKIES[name]
        return self.get_response(request)
