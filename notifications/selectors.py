"""Reads of notifications shared by the API, the pages and the e-mails."""

from zoneinfo import ZoneInfo

from django.db.models import QuerySet
from django.utils import timezone, translation

from accounts.models import User
from infrastructure import time_zones
from notifications import kinds
from notifications.kinds import Kind
from notifications.models import EmailOptOut, Notification


def reader_time_zone(user: User) -> ZoneInfo:
    """The reader's own time zone: the account's choice, else their browser's last seen,
    else UTC."""
    return time_zones.zone(user.reading_time_zone) or time_zones.UTC


def notification_text(notification: Notification, reader: User) -> str:
    """The notification's sentence in the reader's language (their account's, else the one
    active) and their time zone; a program reading the API with a token reads it so too."""
    language = reader.language or translation.get_language()
    with translation.override(language), timezone.override(reader_time_zone(reader)):
        return kinds.text(notification.kind, notification.params)


def notifications_of(
    user: User, *, unread_only: bool = False, before: int | None = None
) -> QuerySet[Notification]:
    """The user's own notifications, newest first; only those older than id `before` if given."""
    found = Notification.objects.filter(user=user).order_by("-created_at", "-id")
    if unread_only:
        found = found.filter(read_at__isnull=True)
    if before is not None:
        found = found.filter(pk__lt=before)
    return found


def notification_rows(user: User, notifications) -> list[dict]:
    """The API's and the list page's shape of each notification, read by `user`."""
    return [
        {
            "id": notification.pk,
            "kind": notification.kind,
            "text": notification_text(notification, user),
            "url": notification.url,
            "created": notification.created_at,
            "read": notification.read_at is not None,
        }
        for notification in notifications
    ]


def unread_count(user: User) -> int:
    return Notification.objects.filter(user=user, read_at__isnull=True).count()


def latest_id(user: User) -> int | None:
    """The id of the user's newest notification (None without one): a page that shows what
    notifications announce (the home page's invitations) reads itself again when it changes."""
    newest = Notification.objects.filter(user=user).order_by("-created_at", "-id")
    return newest.values_list("id", flat=True).first()


def email_preferences(user: User) -> dict[str, bool]:
    """kind → whether the user is e-mailed about it, for every kind (all on by default)."""
    off = set(EmailOptOut.objects.filter(user=user).values_list("kind", flat=True))
    return {kind.value: kind.value not in off for kind in Kind}


def wants_email(user: User, kind: str) -> bool:
    return not EmailOptOut.objects.filter(user=user, kind=kind).exists()


def email_preference_rows(user: User) -> list[dict]:
    """The account page's list of kinds: each with its label and whether it is on."""
    chosen = email_preferences(user)
    return [
        {"kind": kind.value, "label": kinds.LABELS[kind], "on": chosen[kind.value]} for kind in Kind
    ]
