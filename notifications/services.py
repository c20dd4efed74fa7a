"""Notification operations: telling players something, marking it read, e-mail choices."""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Literal

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from infrastructure import links
from infrastructure.errors import DomainError
from notifications.kinds import Kind
from notifications.mail import send_emails
from notifications.models import EmailOptOut, Notification

KINDS = frozenset(kind.value for kind in Kind)


# E-mails sent by one task: a round's notices leave in a few tasks, not one per reader.
EMAILS_PER_TASK = 100


@dataclass(frozen=True)
class Notice:
    """One reader's notification in a batch: whom, the site path it leads to, what it says
    (its params) and the key it is sent once under (None: it may repeat)."""

    user: User
    url: str
    params: dict
    once_key: str | None = None


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
    return notify_each(kind, [Notice(user, url, params, once_key) for user in users])


def notify_at_most_every(
    users: Iterable[User],
    kind: Kind,
    period: timedelta,
    *,
    topic: str,
    url: str,
    params: dict,
) -> int:
    """`notify`, except that a reader told of `topic` less than `period` ago is not told
    again, however often it comes up: what another's clicks can repeat (an invitation
    cancelled and made again) reaches a reader once in a while, not once a click."""
    now = timezone.now()
    users = list(users)
    told = set(
        Notification.objects.filter(
            user__in=users, once_key__startswith=f"{topic}@", created_at__gt=now - period
        ).values_list("user_id", flat=True)
    )
    # The period's own key: two notices of one moment meet on it, and one is kept.
    window = int(now.timestamp() // period.total_seconds())
    return notify(
        [user for user in users if user.pk not in told],
        kind,
        url=url,
        params=params,
        once_key=f"{topic}@{window}",
    )


def notify_each(kind: Kind, notices: Iterable[Notice]) -> int:
    """Tell each notice's reader about `kind`, each with their own link and params; how
    many were told. A reader is told once per once-key (and once per call without one).

    The whole batch (a round's players) costs one read of the keys already told, one
    insert, one read of the e-mail opt-outs and a task per EMAILS_PER_TASK e-mails, sent
    once the caller's transaction commits.
    """
    kind = Kind(kind)
    wanted: dict[tuple[int, str], Notice] = {}
    for notice in notices:
        if not links.is_site_path(notice.url):
            raise ValueError(f"a notification leads to a path on this site, not {notice.url!r}")
        # A deleted account is told nothing: nothing personal is kept for it again.
        if notice.user.deleted_at is None:
            wanted.setdefault((notice.user.pk, notice.once_key or ""), notice)
    if not wanted:
        return 0
    with transaction.atomic():
        _drop_told(wanted)
        rows = [
            Notification(
                user_id=user_id, kind=kind, params=notice.params, url=notice.url, once_key=key
            )
            for (user_id, key), notice in wanted.items()
        ]
        created = _create(rows)
        muted = set(
            EmailOptOut.objects.filter(
                kind=kind, user_id__in={row.user_id for row in created}
            ).values_list("user_id", flat=True)
        )
        mailed = [
            row.pk
            for row in created
            if wanted[(row.user_id, row.once_key)].user.email and row.user_id not in muted
        ]
        for start in range(0, len(mailed), EMAILS_PER_TASK):
            # Sent after the commit (AfterCommitTask).
            send_emails.delay(mailed[start : start + EMAILS_PER_TASK])
    return len(created)


def _drop_told(wanted: dict[tuple[int, str], Notice]) -> None:
    """Leave out the readers who already hold a notification under their notice's key."""
    keyed = [pair for pair in wanted if pair[1]]
    if not keyed:
        return
    told = Notification.objects.filter(
        user_id__in={user_id for user_id, _key in keyed},
        once_key__in={key for _user_id, key in keyed},
    ).values_list("user_id", "once_key")
    for pair in told:
        wanted.pop(pair, None)


def _create(rows: list[Notification]) -> list[Notification]:
    """Insert the rows; one taken meanwhile under the same once-key is left out."""
    if not rows:
        return []
    try:
        with transaction.atomic():
            return Notification.objects.bulk_create(rows)
    except IntegrityError:
        if not any(row.once_key for row in rows):
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
