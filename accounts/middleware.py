"""Per-request account work: the player's language; a guest's visit noted; whether a staff
session passed the second factor."""

from collections.abc import Callable
from urllib.parse import unquote

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation

from accounts import guests, staff
from accounts.models import User
from infrastructure import time_zones
from infrastructure.api_errors import is_api_request


class AccountLanguageMiddleware:
    """After log-in, the account's language wins over the browser's Accept-Language.

    Visitors keep what LocaleMiddleware found: their switcher choice (a cookie) or the
    browser's languages. A player who has chosen no language has the one their browser reads
    the site in remembered, so that e-mails reach them in it too.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        language = getattr(user, "language", "") if user and user.is_authenticated else ""
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        elif user is not None and user.is_authenticated and _names_a_language(request):
            remember_browser_language(user, request.LANGUAGE_CODE)
        # LocaleMiddleware, outside this one, names the active language in Content-Language.
        return self.get_response(request)


def _names_a_language(request: HttpRequest) -> bool:
    """Whether the browser said which language it reads (a switcher's cookie, its
    Accept-Language), rather than getting the site's default unasked."""
    return (
        settings.LANGUAGE_COOKIE_NAME in request.COOKIES or "HTTP_ACCEPT_LANGUAGE" in request.META
    )


def remember_browser_language(user: User, language: str) -> None:
    """Keep the language the player's browser reads the site in; written only when it changes."""
    if guests.is_guest(user) or user.browser_language == language:
        return
    if language not in dict(settings.LANGUAGES):
        return
    user.browser_language = language
    User.objects.filter(pk=user.pk).update(browser_language=language)


class ReaderTimeZoneMiddleware:
    """Pages show and read dates in the reader's time zone: the account's choice, else the
    zone their browser is in now (the cookie local-times.js writes), else the browser's last
    seen. The API speaks UTC to everyone (its dates carry their offset), whoever asks.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if is_api_request(request):
            timezone.deactivate()
            return self.get_response(request)
        user = getattr(request, "user", None)
        signed_in = user is not None and user.is_authenticated
        browser = time_zones.zone(unquote(request.COOKIES.get(time_zones.COOKIE, "")))
        if signed_in and browser is not None:
            remember_browser_time_zone(user, browser.key)
        chosen = time_zones.zone(user.time_zone) if signed_in else None
        seen = time_zones.zone(user.browser_time_zone) if signed_in else None
        reader = chosen or browser or seen
        if reader is not None:
            timezone.activate(reader)
        else:
            timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()


def remember_browser_time_zone(user: User, name: str) -> None:
    """Keep the zone the player's browser is in; written only when it changes."""
    if guests.is_guest(user) or user.browser_time_zone == name:
        return
    user.browser_time_zone = name
    User.objects.filter(pk=user.pk).update(browser_time_zone=name)


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
