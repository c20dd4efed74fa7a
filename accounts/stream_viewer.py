"""Who opens a live stream: their session's user or their API token's, resolved once."""

from importlib import import_module

from django.conf import settings
from django.contrib import auth
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest

from accounts import staff
from accounts.models import User
from accounts.token_auth import CachedTokenAuthentication


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
