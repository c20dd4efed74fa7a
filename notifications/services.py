"""Notification operations: telling players something, marking it read, e-mail choices."""

from collections.abc import Iterable, Mapping
from typing import Literal

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from infrastructure import links
from infrastructure.errors import DomainError
from notifications.kinds import Kind
from notifications.mail import send_email
from notifications.models import EmailOptOut, Notification

KINDS = frozenset(kind.value for kind in Kind)


def notify(
    users: Iterable[User],
    kind: Kind,
    *,
    url: str,
    params: dict,
    once_key: str | None = None,
) -> int:
    """Tell each of `users` about `kind` (a link to the site path `url`); how many were told.

    With `once_key` a user who already holds a notification under that key gets nothing
    new. Runs inside the caller's transaction; the e-mails are sent once it commits, and
    never for a change rolled back.
    """
    kind = Kind(kind)
    if not links.is_site_path(url):
        raise ValueError(f"a notification leads to a path on this site, not {url!r}")
    # A deleted account is told nothing: nothing personal is kept for it again.
    recipients = {user.pk: user for user in users if user.deleted_at is None}
    if not recipients:
        return 0
    with transaction.atomic():
        if once_key:
            told = Notification.objects.filter(user_id__in=recipients, once_key=once_key)
            for user_id in told.values_list("user_id", flat=True):
                recipients.pop(user_id, None)
        key = once_key or ""
        rows = [
            Notification(user_id=user_id, kind=kind, params=params, url=url, once_key=key)
            for user_id in recipients
        ]
        created = _create(rows)
        created_ids = [row.user_id for row in created]
        muted = set(
            EmailOptOut.objects.filter(kind=kind, user_id__in=created_ids).values_list(
                "user_id", flat=True
            )
        )
        for row in created:
            if recipients[row.user_id].email and row.user_id not in muted:
                send_email.delay(row.pk)  # sent after the commit (AfterCommitTask)
    return len(created)


def _create(rows: list[Notification]) -> list[Notification]:
    """Insert the rows; one taken meanwhile under the same once-key is left out."""
    if not rows:
        return []
    try:
        with transaction.atomic():
            return Notification.objects.bulk_create(rows)
    except IntegrityError:
        if not rows[0].once_key:
            raise
    created = []
    for row in rows:  # another transaction told some of them first
        try:
            with transaction.atomic():
                row.save(force_insert=True)
        except IntegrityError:
            continue
        created.append(row)
    return created


def mark_read(user: User, ids: Iterable[int] | Literal["all"]) -> int:
    """Mark the user's own notifications read (every one with "all"); how many were unread.

    Ids of notifications that are not the user's are ignored, as ids of none at all are.
    """
    unread = Notification.objects.filter(user=user, read_at__isnull=True)
    if ids != "all":
        unread = unread.filter(pk__in=list(ids))
    return unread.update(read_at=timezone.now())


def set_email_preferences(user: User, choices: Mapping[str, bool], *, field: str = "") -> None:
    """Turn e-mail about each named kind on (True) or off (False); other kinds stay as they are.

    `field` names the input in an error (`notifications` in the API).
    """
    prefix = f"{field}." if field else ""
    for kind, wanted in choices.items():
        if kind not in KINDS:
            raise DomainError(_("no such kind of notification"), field=f"{prefix}{kind}")
        if not isinstance(wanted, bool):
            raise DomainError(_("true or false"), field=f"{prefix}{kind}")
    on = [kind for kind, wanted in choices.items() if wanted]
    off = [kind for kind, wanted in choices.items() if not wanted]
    with transaction.atomic():
        if on:
            EmailOptOut.objects.filter(user=user, kind__in=on).delete()
        if off:
            EmailOptOut.objects.bulk_create(
                [EmailOptOut(user=user, kind=kind) for kind in off], ignore_conflicts=True
            )


def unsubscribe(user: User, kind: Kind) -> None:
    """No more e-mail about `kind` for the user (the e-mails' one-click link)."""
    set_email_preferences(user, {Kind(kind).value: False})
