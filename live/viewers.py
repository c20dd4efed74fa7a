"""Who opens a stream: their session's user or their API token's, resolved once."""

from importlib import import_module

from django.conf import settings
from django.contrib import auth
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, JsonResponse
from rest_framework.exceptions import AuthenticationFailed

from accounts import staff
from accounts.models import User
from accounts.token_auth import CachedTokenAuthentication
from infrastructure.api_errors import error_body
from live.sources import Admission


def says_who(headers: dict[bytes, bytes]) -> bool:
    """Whether a request names a viewer (a session cookie or a token): only then is the
    database asked who they are."""
    if b"authorization" in headers:
        return True
    cookie = headers.get(b"cookie", b"")
    return settings.SESSION_COOKIE_NAME.encode() + b"=" in cookie


def viewer(request: HttpRequest) -> User | AnonymousUser:
    """The session's user, or else the API token's: bots follow their games with a token.

    The stream is no DRF view (an event stream is not JSON to negotiate), so it reads the
    token itself; a wrong token raises AuthenticationFailed, as in the API. Outside
    Django's middleware (the stream process) the session is read here.
    """
    user = getattr(request, "user", None)
    if user is None:
        store = import_module(settings.SESSION_ENGINE).SessionStore
        request.session = store(request.COOKIES.get(settings.SESSION_COOKIE_NAME))
        user = auth.get_user(request)
        staff.credit_session(request, user)
    if user.is_authenticated:
        return user
    found = CachedTokenAuthentication().authenticate(request)
    return found[0] if found else user


def forget_viewer(request: HttpRequest) -> None:
    """Let the next `viewer(request)` read the session and the token again: an open stream
    asks who its viewer is now (their account may be gone, their session ended)."""
    if "user" in request.__dict__:
        del request.user


def refused_token(error: AuthenticationFailed) -> Admission:
    return Admission(
        401,
        error=error_body(error.default_code, str(error.detail)),
        headers={"WWW-Authenticate": "Token"},
    )


def error_response(admission: Admission) -> JsonResponse:
    return JsonResponse(admission.error, status=admission.status, headers=admission.headers)
