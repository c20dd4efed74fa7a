"""Deleting an account: the person's data go, their games and results stay.

The account's row stays, because games, seats, moves, ratings and championship rows point
at it, but nothing personal is left in it: a placeholder username (the old name is free for
a new person), no e-mail, names, language or usable password, and `is_active` off, so every
session and token of the account stops working at the next request. Each app's part
(`accounts.personal_data`) does the rest inside the same transaction: the championships
the person plays are left (their remaining games forfeited), running games are resigned,
invitations declined, notifications, presence and calendar forgotten; names kept as text
elsewhere are rewritten to the placeholder, which the pages read as "deleted player".
"""

from allauth.account.models import EmailAddress
from allauth.mfa.models import Authenticator
from django.contrib.admin.models import LogEntry
from django.contrib.contenttypes.models import ContentType
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework.authtoken.models import Token

from accounts import passwords, personal_data
from accounts.models import Plan, User
from accounts.personal_data import DeletedAccount
from accounts.shown_names import placeholder_username


def delete_account(user: User, *, password: str) -> None:
    """Delete the account once its password is confirmed; a wrong one changes nothing."""
    passwords.confirm_own_password(
        user, password, missing=_("Type your password to delete your account.")
    )
    erase_account(user)


def erase_account(user: User) -> None:
    """Delete the account without asking again (its password was checked).

    Running it again on a deleted account does nothing. A part that cannot do its outside
    work first (`Part.prepare`) refuses the deletion with its DomainError.
    """
    if user.deleted_at is None:
        for part in personal_data.parts():
            if part.prepare is not None:
                part.prepare(user)
    with transaction.atomic():
        row = User.objects.select_for_update().filter(pk=user.pk).first()
        if row is None or row.deleted_at is not None:
            return
        gone = DeletedAccount(user=row, old_username=row.username)
        _anonymise(row)
        for part in personal_data.parts():
            if part.erase is not None:
                part.erase(gone)
        # Its cached user is forgotten now and again after the commit (`accounts.token_auth`).
        Token.objects.filter(user=row).delete()
    # The caller's object reads as the account now is (a page that logs the person out).
    user.refresh_from_db()


def _anonymise(user: User) -> None:
    user.username = placeholder_username(user.pk)
    user.email = user.first_name = user.last_name = user.language = ""
    user.browser_language = user.time_zone = user.browser_time_zone = ""
    user.set_unusable_password()
    user.is_active = user.is_staff = user.is_superuser = False
    user.plan, user.plan_until = Plan.FREE, None
    user.last_login = None
    user.deleted_at = timezone.now()
    user.save()
    user.groups.clear()
    user.user_permissions.clear()


# -- the accounts app's own parts ----------------------------------------------------------


def erase_sign_in_data(gone: DeletedAccount) -> None:
    """The e-mail addresses and second factors the account pages keep."""
    EmailAddress.objects.filter(user=gone.user).delete()
    Authenticator.objects.filter(user=gone.user).delete()


def erase_own_rows(gone: DeletedAccount) -> None:
    """The plan's history goes; the admin's log names the account by its placeholder."""
    user = gone.user
    user.plan_changes.all().delete()
    LogEntry.objects.filter(
        content_type=ContentType.objects.get_for_model(User), object_id=str(user.pk)
    ).update(object_repr=user.username)
