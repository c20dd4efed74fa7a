"""Guests: visitors who play practice games against the CPU without an account.

A guest is a real `User` row (`is_guest`) made for the visitor's session on their first
practice game, with a generated name and no usable password. A guest plays only practice
games against the CPU: `refuse_guest` is the one check every other way of playing (and
every part of an account a guest has no use for) asks. Signing up turns the row into a
full account (`claim_guest`), so the games stay theirs; guests who never come back are
removed with their games (`remove_stale_guests`; the games app removes the games).
"""

import secrets
from datetime import datetime, timedelta
from enum import StrEnum

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework.authtoken.models import Token

from accounts import services
from accounts.models import User
from accounts.signals import guests_leaving
from accounts.usernames import GUEST_PREFIX, USERNAME_TAKEN, stored_username
from infrastructure.errors import Conflict, DomainError, NotAllowed

# How often a guest's visit is noted (`note_visit`): a write at most once in this long.
VISIT_NOTED_EVERY = timedelta(hours=1)


class GuestRefusal(StrEnum):
    """What a guest may not do; each has its own words (`REFUSALS`)."""

    OTHER_GAMES = "other_games"
    CHAMPIONSHIPS = "championships"
    API_TOKEN = "api_token"
    PLAN = "plan"


REFUSALS = {
    GuestRefusal.OTHER_GAMES: gettext_lazy(
        "As a guest you play practice games against the CPU only. Sign up (your games stay "
        "yours) to invite a player or play a rated game."
    ),
    GuestRefusal.CHAMPIONSHIPS: gettext_lazy(
        "As a guest you play practice games against the CPU only. Sign up (your games stay "
        "yours) to enter or organise a championship."
    ),
    GuestRefusal.API_TOKEN: gettext_lazy(
        "As a guest you play in the browser only. Sign up (your games stay yours) to get an "
        "API token."
    ),
    GuestRefusal.PLAN: gettext_lazy(
        "As a guest you have no plan to change. Sign up (your games stay yours) first."
    ),
}


def is_guest(user: object) -> bool:
    """Whether `user` (a User, an anonymous user or None) is a guest."""
    return bool(getattr(user, "is_guest", False))


def refuse_guest(user: object, refusal: GuestRefusal) -> None:
    """Refuse a guest what only an account may do (403, code `guest_account`)."""
    if is_guest(user):
        raise NotAllowed(str(REFUSALS[refusal]), code="guest_account")


def players(users: QuerySet[User] | None = None) -> QuerySet[User]:
    """The users that are players: everyone but guests (for look-ups and lists of players)."""
    return (User.objects.all() if users is None else users).filter(is_guest=False)


def create_guest() -> User:
    """A new guest with a generated name that no player can hold, and no usable password."""
    for _attempt in range(5):
        guest = User(username=GUEST_PREFIX + secrets.token_hex(5), is_guest=True)
        guest.set_unusable_password()
        try:
            with transaction.atomic():
                guest.save(force_insert=True)
        except IntegrityError:
            continue  # the same random name twice: draw again
        return guest
    raise Conflict(_("Could not make a guest now; try again."), code="guest_unavailable")


def claim_guest(guest: User, *, username: str, email: str = "", password: str) -> User:
    """Turn a guest into a full account with these details; the row (and so every game of
    theirs) stays the same. Every field is checked first, as for a sign-up.

    Callers log the account in again afterwards: its new password ends the guest's session.
    """
    if not is_guest(guest):
        raise DomainError(_("Only a guest's account can be claimed."), code="not_a_guest")
    username = stored_username(username)
    if errors := services.new_account_errors(username=username, password=password, email=email):
        raise ValidationError(errors)
    try:
        with transaction.atomic():
            account = User.objects.select_for_update().get(pk=guest.pk)
            if not account.is_guest:
                raise DomainError(_("Only a guest's account can be claimed."), code="not_a_guest")
            account.username, account.email, account.is_guest = username, email, False
            account.set_password(password)
            account.date_joined = timezone.now()
            account.save()
            Token.objects.get_or_create(user=account)
    except IntegrityError:
        # Another sign-up took the name (in some spelling) since it was checked.
        if not User.objects.named(username).exclude(pk=guest.pk).exists():
            raise
        raise ValidationError({"username": [str(USERNAME_TAKEN)]}) from None
    return account


def note_visit(user: User, now: datetime | None = None) -> None:
    """Remember that the guest came back (at most one write an hour): see `stale_guests`."""
    now = now or timezone.now()
    if is_guest(user) and (user.last_login is None or user.last_login < now - VISIT_NOTED_EVERY):
        user.last_login = now
        User.objects.filter(pk=user.pk).update(last_login=now)


def stale_guests(now: datetime | None = None) -> QuerySet[User]:
    """Guests who have not visited for GUEST_KEEP_DAYS days."""
    before = (now or timezone.now()) - timedelta(days=settings.GUEST_KEEP_DAYS)
    return User.objects.filter(is_guest=True).filter(
        Q(last_login__lt=before) | Q(last_login__isnull=True, date_joined__lt=before)
    )


def remove_stale_guests(now: datetime | None = None) -> int:
    """Remove the guests gone for GUEST_KEEP_DAYS with their games; how many were removed.

    The games go first (their moves and seats refer to the player, protected): the games app
    removes them on `guests_leaving`.
    """
    with transaction.atomic():
        guests = list(stale_guests(now).select_for_update().values_list("pk", flat=True))
        if not guests:
            return 0
        guests_leaving.send(sender=User, user_ids=guests)
        User.objects.filter(pk__in=guests, is_guest=True).delete()
    return len(guests)
