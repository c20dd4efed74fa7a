"""A player's e-mail address: allauth's record of it, and whether the player has verified it.

An account has at most one address (`ACCOUNT_CHANGE_EMAIL`): a new one waits for its link
to be followed, then replaces the old. The site e-mails nothing but that link to an
address until it is verified.
"""

from allauth.account import signals
from allauth.account.forms import AddEmailForm
from allauth.account.models import EmailAddress
from allauth.account.utils import setup_user_email
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils.translation import gettext as _

from accounts import passwords
from accounts.models import User


def verified_address(user: User) -> str:
    """The account's address when the player has verified it; "" otherwise."""
    if not user.email:
        return ""
    verified = EmailAddress.objects.filter(
        user_id=user.pk, email__iexact=user.email, verified=True
    ).exists()
    return user.email if verified else ""


def pending_address(user: User) -> str:
    """The address the player is changing to (or gave first), still waiting for its link."""
    address = EmailAddress.objects.get_new(user)
    return address.email if address else ""


def record_new_account_address(request: HttpRequest, user: User) -> None:
    """The address given when the account was made, unverified, and the e-mail with the link
    that verifies it (what sign-up on the pages does)."""
    if not user.email:
        return
    address = setup_user_email(request, user, [])
    if address is not None and not address.verified:
        address.send_confirmation(request, signup=True)


def change_address(request: HttpRequest, user: User, email: str, *, password: str) -> None:
    """Start changing the account's address to `email`, the account's password confirming
    it (as for deleting the account): a link goes there, and the address replaces the
    current one once it is followed (as on the e-mail page)."""
    passwords.confirm_own_password(
        user, password, missing=_("Type your password to change your e-mail address.")
    )
    form = AddEmailForm(user=user, data={"email": email})
    if not form.is_valid():
        raise ValidationError(form.errors.as_data())
    address = form.save(request)
    signals.email_added.send(sender=EmailAddress, request=request, user=user, email_address=address)
