"""Logging in through the API: the same budget of failed attempts as the log-in page, and
the second factor when the account has one."""

from allauth.account.adapter import get_adapter
from allauth.mfa.base.forms import AuthenticateForm
from django.core.exceptions import ValidationError
from django.http import HttpRequest

from accounts.models import User


class TooManyAttempts(Exception):
    """The budget of failed log-ins is spent; the password was not looked at."""


def account_for(request: HttpRequest, *, username: str, password: str) -> User | None:
    """The active account these credentials open; None when they open none.

    A failure counts against the budget the log-in page keeps for the address and the name
    (allauth's "login_failed"), so guesses spread over the page and the API share it.
    """
    try:
        user = get_adapter(request).authenticate(request, username=username, password=password)
    except ValidationError as error:
        raise TooManyAttempts from error
    # allauth hands back a closed account whose password matched, to tell it so on a page.
    return user if user is not None and user.is_active else None


def second_factor_ok(request: HttpRequest, user: User, code: str) -> bool:
    """Whether `code` is the authenticator app's current code or an unused recovery code.

    Wrong codes count against the account's own budget, as on the page.
    """
    form = AuthenticateForm(user=user, data={"code": code})
    if form.is_valid():
        form.authenticator.record_usage()
        return True
    if any(error.code == "too_many_login_attempts" for error in form.errors.as_data()["code"]):
        raise TooManyAttempts
    return False
