"""Who opens a stream, as `live` needs it: whether a request names anyone, forgetting who
they were, the answers that refuse them. Who they are is the accounts app's
(`accounts.stream_viewer`), asked by each Source."""

from django.conf import settings
from django.http import HttpRequest, JsonResponse
from rest_framework.exceptions import AuthenticationFailed

from infrastructure.api_errors import error_body
from live.sources import Admission


def says_who(headers: dict[bytes, bytes]) -> bool:
    """Whether a request names a viewer (a session cookie or a token): only then is the
    database asked who they are."""
    if b"authorization" in headers:
        return True
    cookie = headers.get(b"cookie", b"")
    return settings.SESSION_COOKIE_NAME.encode() + b"=" in cookie


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
