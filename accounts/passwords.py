"""Passwords changed and reset through the API, by the same rules and e-mails as the pages.

The pages are allauth's; these are its forms and flows without the pages, so the password
validators, the reset e-mail and its link, and the e-mail telling the player that the
password changed are one and the same.
"""

from allauth.account import signals
from allauth.account.adapter import get_adapter
from allauth.account.forms import ChangePasswordForm, ResetPasswordForm
from django.contrib.auth import update_session_auth_hash
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils.translation import gettext as _

from accounts.models import User

# allauth's names for the fields, and the API's.
_CHANGE_FIELDS = {"oldpassword": "old_password", "password1": "new_password"}


def change_password(
    request: HttpRequest, user: User, *, old_password: str, new_password: str, keep_session: bool
) -> None:
    """Set a new password, the old one given; every session of the account ends but this
    request's own when `keep_session`. Field errors name `old_password` and `new_password`."""
    form = ChangePasswordForm(
        user=user,
        data={"oldpassword": old_password, "password1": new_password, "password2": new_password},
    )
    if not form.is_valid():
        raise ValidationError(
            {
                _CHANGE_FIELDS.get(field, field): errors
                for field, errors in form.errors.as_data().items()
            }
        )
    form.save()
    # The password is part of every session's hash: the others no longer match it.
    if keep_session:
        update_session_auth_hash(request, user)
    get_adapter(request).send_notification_mail("account/email/password_changed", user)
    signals.password_changed.send(sender=User, request=request, user=user)


def request_password_reset(request: HttpRequest, email: str) -> None:
    """E-mail a link to choose a new password to every active account with this address;
    nothing at all when there is none, and nothing that tells the two apart."""
    form = ResetPasswordForm(data={"email": email})
    if not form.is_valid():
        raise ValidationError(form.errors.as_data())
    form.save(request)


def confirm_own_password(user: User, password: object, *, missing: str) -> None:
    """The account's holder confirms a change with the password: a missing or wrong one is a
    ValidationError naming `password` (`missing` says what it is asked for)."""
    if not isinstance(password, str) or not password:
        raise ValidationError({"password": [missing]})
    if not user.check_password(password):
        raise ValidationError({"password": [_("Wrong password.")]})
