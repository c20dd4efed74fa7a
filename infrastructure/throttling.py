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

Whatever costs the server has a budget per client too, counted here by `spend` the same way
for the API and the pages: a player's moves in a game (a burst, then a rate) and their other
actions there, games started against the CPU and invitations, positions replayed, files
downloaded, calendar feeds read. A client is the signed-in account, else the address. Over
a budget the answer is 429 with Retry-After: the API's error shape (`TooMany`), or a page
(`too_many_page`, `page_budget`).
"""

import functools
import hashlib
import math
from collections.abc import Callable, Sequence

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext, ngettext
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.throttling import BaseThrottle, SimpleRateThrottle
from rest_framework.views import APIView

from infrastructure.errors import TooMany

PASSWORD_ADDRESS_SCOPE = "token"
PASSWORD_USERNAME_SCOPE = "token_username"
REGISTER_SCOPE = "register"
PASSWORD_RESET_SCOPE = "password_reset"
PASSWORD_RESET_EMAIL_SCOPE = "password_reset_email"
GUEST_SCOPE = "guest"
# The budgets of what costs the server; a tuple is a burst then a rate, shortest window first.
MOVES_SCOPES = ("moves_burst", "moves")
GAME_ACTIONS_SCOPE = "game_actions"
CPU_GAMES_SCOPE = "cpu_games"
INVITATIONS_SCOPE = "invitations"
CHAMPIONSHIP_INVITATIONS_SCOPE = "championship_invitations"
ANNOUNCEMENTS_SCOPE = "announcements"
REPLAYS_SCOPE = "replays"
DOWNLOADS_SCOPE = "downloads"
CALENDARS_SCOPE = "calendars"


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

    def get_cache_key(self, request: object = None, view: object = None) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.ident}

    def full(self, history: list[float], now: float) -> bool:
        """Whether the window, read as `history` at `now`, has no room for one more attempt;
        DRF's own reckoning (`allow_request`), with the history read by the caller."""
        self.now = now
        self.history = [at for at in history if at > now - self.duration]
        return len(self.history) >= self.num_requests


def _count(budgets: list[_Budget]) -> float | None:
    """Count one attempt against each budget in turn; seconds to wait once one is spent."""
    for budget in budgets:
        if not budget.allow_request(None, None):
            return budget.wait() or 1.0
    return None


def _username_ident(canonical: str) -> str | None:
    # Hashed, so that the cache key holds no white space or control character whatever
    # was typed, and has a bounded length.
    return hashlib.sha256(canonical.encode()).hexdigest() if canonical else None


def password_attempt_wait(
    request: HttpRequest | Request | None, canonical_name: str | None
) -> float | None:
    """Count one password attempt; the seconds to wait when over budget, else None.

    `canonical_name` is the canonical form of the name the attempt is for (the accounts
    app's `canonical_username`, the form the log-in looks the account up by): the budget is
    the same for every spelling of one name.
    """
    budgets = []
    if request is not None:
        budgets.append(_Budget(PASSWORD_ADDRESS_SCOPE, client_address(request)))
    if isinstance(canonical_name, str) and (ident := _username_ident(canonical_name)):
        budgets.append(_Budget(PASSWORD_USERNAME_SCOPE, ident))
    return _count(budgets)


def password_address_wait(request: HttpRequest | Request) -> float | None:
    """Count one password attempt against the client address's budget alone: what a log-in
    can count before it has read its body (the username budget follows with
    `password_attempt_wait(None, name)`)."""
    return address_wait(request, PASSWORD_ADDRESS_SCOPE)


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


def try_again_after(seconds: float) -> str:
    """When a client over budget may come again: in seconds under a minute, else minutes."""
    whole = max(1, math.ceil(seconds))
    if whole >= 60:
        return try_again_in(whole)
    return ngettext(
        "Try again in %(seconds)d second.", "Try again in %(seconds)d seconds.", whole
    ) % {"seconds": whole}


def client_ident(request: HttpRequest | Request) -> str:
    """Whom a budget is kept for: the signed-in account, else the client's address."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"account-{user.pk}"
    return f"address-{client_address(request)}"


def account_ident(user: object) -> str:
    """The budget of an account, whichever request it comes by (the same as client_ident)."""
    return f"account-{user.pk}"


def spend(scopes: Sequence[str], ident: str, message: str, *, per: object = None) -> None:
    """Count one request of `ident` against every budget of `scopes` (say a burst and a
    rate) if it fits them all; otherwise TooMany saying `message` and when to come back,
    and nothing counted. `per`: a thing (a game, a calendar) that has a budget of its own
    for each client."""
    if per is not None:
        # Hashed: a calendar's secret key, say, is not written into the cache's keys.
        ident += ":" + hashlib.sha256(str(per).encode()).hexdigest()[:32]
    budgets = [budget for scope in scopes if (budget := _Budget(scope, ident)).rate is not None]
    if not budgets:
        return
    # Every window read in one round trip and written in one: a move passes here.
    keys = [budget.get_cache_key() for budget in budgets]
    histories = _Budget.cache.get_many(keys)
    now = _Budget.timer()
    waits = [
        budget.wait() or 1.0
        for budget, key in zip(budgets, keys, strict=True)
        if budget.full(histories.get(key, []), now)
    ]
    if waits:
        # The longest wait: coming back sooner would meet another window still full.
        # Nothing is written: a refused request costs nothing in any window.
        wait = max(waits)
        raise TooMany(f"{message} {try_again_after(wait)}", retry_after=wait)
    for budget in budgets:
        budget.history.insert(0, now)
    # One expiry for all: the longest window's (a history is read only within its window).
    _Budget.cache.set_many(
        {key: budget.history for budget, key in zip(budgets, keys, strict=True)},
        max(budget.duration for budget in budgets),
    )


def spend_download(request: HttpRequest | Request) -> None:
    """Count one file written for the client (a game record, a CSV file) against its
    budget of downloads; TooMany once it is spent."""
    spend([DOWNLOADS_SCOPE], client_ident(request), gettext("Too many downloads in a short time."))


def too_many_page(request: HttpRequest, refusal: TooMany) -> HttpResponse:
    """A page's answer to a client over budget: 429, why, and when to come back."""
    response = render(request, "429.html", {"refusal": refusal.message}, status=429)
    response["Retry-After"] = str(refusal.retry_after)
    return response


def answers_over_budget(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A page view whose client has spent a budget (TooMany raised anywhere in it) answers
    429 with a page saying when to come back."""

    @functools.wraps(view)
    def answered(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except TooMany as refusal:
            return too_many_page(request, refusal)

    return answered


def page_budget(scopes: Sequence[str], message: str, *, per: str | None = None) -> Callable:
    """A page view's budget for each client: `scopes` counted on every request, `message`
    (lazily translated) when one is spent; `per` names the URL's argument whose every
    value has a budget of its own."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @answers_over_budget
        @functools.wraps(view)
        def budgeted(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            thing = kwargs[per] if per is not None else None
            spend(scopes, client_ident(request), str(message), per=thing)
            return view(request, *args, **kwargs)

        return budgeted

    return decorate
