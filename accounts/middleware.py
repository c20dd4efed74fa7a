"""Per-request account work: the player's language; a guest's visit noted; whether a staff
session passed the second factor."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import translation

from accounts import guests, staff


class AccountLanguageMiddleware:
    """After log-in, the account's language wins over the browser's Accept-Language.

    Visitors keep what LocaleMiddleware found: their switcher choice (a cookie) or the
    browser's languages.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        language = getattr(user, "language", "") if user and user.is_authenticated else ""
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        # LocaleMiddleware, outside this one, names the active language in Content-Language.
        return self.get_response(request)


class GuestVisitMiddleware:
    """Notes that a guest came back, so that the clean-up keeps guests who still play."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and guests.is_guest(user):
            guests.note_visit(user)
        return self.get_response(request)


class StaffSessionMiddleware:
    """Notes on a staff account logged in by a session whether that session passed the second
    factor: staff powers ask it (`accounts.staff`), wherever the user is handed on to."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None:
            staff.credit_session(request, user)
        return self.get_response(request)
