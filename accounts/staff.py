"""Staff powers: the one rule every staff check asks.

A staff account holds its powers only through a credential that passed the second factor:
a session whose log-in (or a later confirmation) took a code of the account's second
factor (allauth records how a session authenticated), or an API token issued on such a
code (`SecondFactorToken`). Without it the account is an ordinary player everywhere; a
staff-only endpoint or page tells it how to set up or pass the second factor.

The credential's verdict travels on the user object it brought (`credit_session`,
`credit_token`), so that reads which only get a user (who may see a championship) follow
the same rule as views which get the request.
"""

from allauth.account.authentication import get_authentication_records
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.authtoken.models import Token
from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from accounts import mfa
from accounts.models import SecondFactorToken, User
from infrastructure.errors import NotAllowed

# Set on a staff account's user object by the credential that authenticated the request.
SECOND_FACTOR_ATTRIBUTE = "credential_passed_second_factor"
# How allauth names a step of the second factor in a session's authentication records.
SECOND_FACTOR_METHOD = "mfa"

SETUP_REQUIRED = "second_factor_setup_required"
SECOND_FACTOR_REQUIRED = "second_factor_required"


def is_staff_account(user: User | AnonymousUser) -> bool:
    """A staff account, whatever credential brought it (Django's "may enter the admin")."""
    return bool(user.is_authenticated and user.is_active and user.is_staff)


def has_staff_powers(who: HttpRequest | Request | User | AnonymousUser) -> bool:
    """Whether a staff power may be used: a staff account, its second factor set up, and the
    request's credential (or the user it brought) passed it."""
    user = who.user if isinstance(who, HttpRequest | Request) else who
    return (
        is_staff_account(user)
        and getattr(user, SECOND_FACTOR_ATTRIBUTE, False)
        and mfa.has_totp(user)
    )


def session_passed_second_factor(request: HttpRequest, user: User) -> bool:
    """Whether this session's log-in, or a confirmation since, took a second factor's code."""
    return any(
        record.get("method") == SECOND_FACTOR_METHOD
        for record in get_authentication_records(request, user)
    )


def token_passed_second_factor(key: str) -> bool:
    return SecondFactorToken.objects.filter(token_id=key).exists()


def credential_passed_second_factor(request: HttpRequest | Request) -> bool:
    """Whether the request's own credential passed the second factor: its API token was
    issued on a code, or its session's log-in took one."""
    credential = getattr(request, "auth", None)
    if isinstance(credential, Token):
        return token_passed_second_factor(credential.key)
    return session_passed_second_factor(request, request.user)


def credit_session(request: HttpRequest, user: User | AnonymousUser) -> None:
    """Note on a staff account brought by a session whether that session passed the factor."""
    if is_staff_account(user):
        setattr(user, SECOND_FACTOR_ATTRIBUTE, session_passed_second_factor(request, user))


def credit_token(user: User, key: str) -> None:
    """Note on a staff account brought by an API token whether the token was issued so."""
    if is_staff_account(user):
        setattr(user, SECOND_FACTOR_ATTRIBUTE, token_passed_second_factor(key))


def refusal(user: User) -> tuple[str, str]:
    """Why a staff account's credential is refused a staff power: (code, message)."""
    if not mfa.has_totp(user):
        return SETUP_REQUIRED, _(
            "Staff powers need a second factor: set up an authenticator app at %(url)s, "
            "then log in again with its code."
        ) % {"url": reverse("mfa_activate_totp")}
    return SECOND_FACTOR_REQUIRED, _(
        "Staff powers need a credential that passed the second factor: log in with a code "
        "from your authenticator app (for the API, send it as code to "
        "POST /api/accounts/token/)."
    )


def refuse_without_second_factor(user: User, passed: bool) -> None:
    """A staff account gets no credential of its own (an API token) without the second
    factor: refused (403) with the way to get it."""
    if is_staff_account(user) and not (passed and mfa.has_totp(user)):
        code, message = refusal(user)
        raise NotAllowed(message, code=code)


class StaffSecondFactorRequired(exceptions.PermissionDenied):
    default_code = SECOND_FACTOR_REQUIRED


class HasStaffPowers(BasePermission):
    """DRF's permission for staff-only endpoints: staff powers, or a refusal that says how
    to get them (403); anyone else gets DRF's usual answers (401 or 403)."""

    def has_permission(self, request: Request, view) -> bool:
        if has_staff_powers(request):
            return True
        if is_staff_account(request.user):
            code, message = refusal(request.user)
            raise StaffSecondFactorRequired(message, code)
        return False
