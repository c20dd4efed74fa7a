"""The API's budgets of attempts for the endpoints that take a password, make an account or
send an e-mail (REST_FRAMEWORK's DEFAULT_THROTTLE_RATES).

Every API endpoint that checks a password (the token, the password change) counts the
attempt with `password_attempt_wait`: against one budget per client address (rate "token")
and one per username ("token_username"), so guesses spread over addresses or over spellings
of one name share one limit. Registrations count against the per-address "register" budget;
password resets against "password_reset" per address and "password_reset_email" per address
written to.

The pages (log-in, sign-up, passwords, e-mail) have allauth's rate limits instead
(ACCOUNT_RATE_LIMITS); failed log-ins through the API count against allauth's budget too
(`accounts.logins`), so guessing over the pages and the API shares one limit.
Guests (visitors playing without an account) are made on the per-address "guest" budget.
"""

import hashlib
import math

from django.http import HttpRequest, HttpResponse
from django.utils.translation import ngettext
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.throttling import BaseThrottle, SimpleRateThrottle
from rest_framework.views import APIView

from accounts.usernames import canonical_username

PASSWORD_ADDRESS_SCOPE = "token"
PASSWORD_USERNAME_SCOPE = "token_username"
REGISTER_SCOPE = "register"
PASSWORD_RESET_SCOPE = "password_reset"
PASSWORD_RESET_EMAIL_SCOPE = "password_reset_email"
GUEST_SCOPE = "guest"


def client_address(request: HttpRequest | Request) -> str:
    """The client's address: REMOTE_ADDR, or X-Forwarded-For read as deep as NUM_PROXIES says.

    With no trusted proxy (NUM_PROXIES=0) the header is the client's own words and is ignored.
    DRF's reading of the setting is used, so its throttles and these agree.
    """
    return BaseThrottle().get_ident(request) or "unknown"


class _Budget(SimpleRateThrottle):
    """DRF's sliding window of attempts for one scope and one identity.

    The rate is read from the settings at each attempt, so a changed setting applies at once.
    """

    def __init__(self, scope: str, ident: str) -> None:
        self.scope, self.ident = scope, ident
        super().__init__()

    def get_rate(self) -> str | None:
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def get_cache_key(self, request: object, view: object) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.ident}


def _count(budgets: list[_Budget]) -> float | None:
    """Count one attempt against each budget in turn; seconds to wait once one is spent."""
    for budget in budgets:
        if not budget.allow_request(None, None):
            return budget.wait() or 1.0
    return None


def _username_ident(username: str) -> str | None:
    canonical = canonical_username(username)
    # Hashed, so that the cache key holds no white space or control character whatever
    # was typed, and has a bounded length.
    return hashlib.sha256(canonical.encode()).hexdigest() if canonical else None


def password_attempt_wait(
    request: HttpRequest | Request | None, username: str | None
) -> float | None:
    """Count one password attempt; the seconds to wait when over budget, else None.

    `username` is the name the attempt is for, exactly as it is handed to the log-in; the
    budget is kept for its canonical form, the one the log-in looks the account up by.
    """
    budgets = []
    if request is not None:
        budgets.append(_Budget(PASSWORD_ADDRESS_SCOPE, client_address(request)))
    if isinstance(username, str) and (ident := _username_ident(username)):
        budgets.append(_Budget(PASSWORD_USERNAME_SCOPE, ident))
    return _count(budgets)


def email_wait(email: str, scope: str) -> float | None:
    """Count one attempt against the budget for `scope` of the e-mail address written to."""
    ident = hashlib.sha256(email.strip().lower().encode()).hexdigest()
    return _count([_Budget(scope, ident)])


def address_wait(request: HttpRequest | Request, scope: str) -> float | None:
    """Count one attempt against the client address's budget for `scope`; seconds to wait."""
    return _count([_Budget(scope, client_address(request))])


class AddressRateThrottle(BaseThrottle):
    """The client address's budget for the view's `throttle_scope`, as a DRF throttle."""

    def allow_request(self, request: Request, view: APIView) -> bool:
        self._wait = address_wait(request, view.throttle_scope)
        return self._wait is None

    def wait(self) -> float | None:
        return self._wait


def try_again_in(seconds: float) -> str:
    """When a page's visitor over budget may try again, in whole minutes."""
    minutes = max(1, math.ceil(seconds / 60))
    return ngettext(
        "Try again in %(minutes)d minute.", "Try again in %(minutes)d minutes.", minutes
    ) % {"minutes": minutes}


def refused(response: HttpResponse, wait: float) -> HttpResponse:
    """A page's answer to an attempt over budget: 429, and when to come back."""
    response.status_code = 429
    response["Retry-After"] = str(max(1, math.ceil(wait)))
    return response
