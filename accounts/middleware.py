"""The language a player chose is the site's language for them, on every device."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import translation


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
