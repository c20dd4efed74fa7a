"""One notification as an e-mail: in the reader's language, with a one-click unsubscribe."""

import logging
import smtplib

from celery import shared_task
from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from accounts import emails
from infrastructure import links
from infrastructure import text as plain_text
from notifications import selectors, unsubscribe
from notifications.kinds import LABELS, Kind, action
from notifications.models import Notification

SUBJECT_CHARS = 120
# What a mail server that fails can raise; the task tries again later.
SEND_ERRORS = (smtplib.SMTPException, OSError)
# A mail server that failed is tried again after this long.
RETRY_AFTER_S = 60

logger = logging.getLogger(__name__)


def send_notification_email(notification_id: int) -> bool:
    """E-mail the notification to its reader, if they have verified their address and want
    this kind; whether it was sent. Sent once however often it is asked for."""
    notification = Notification.objects.select_related("user").filter(pk=notification_id).first()
    if notification is None or notification.emailed_at is not None:
        return False
    user = notification.user
    if not user.is_active or not selectors.wants_email(user, notification.kind):
        return False
    if not emails.verified_address(user):
        return False
    with translation.override(user.reading_language):
        message = compose(notification)
    # Claimed before sending, so that two runs of the task cannot both send it.
    claimed = Notification.objects.filter(pk=notification.pk, emailed_at__isnull=True)
    if not claimed.update(emailed_at=timezone.now()):
        return False
    try:
        message.send()
    except Exception:
        Notification.objects.filter(pk=notification.pk).update(emailed_at=None)
        raise
    return True


def compose(notification: Notification) -> EmailMultiAlternatives:
    """The e-mail in the active language: the text as subject and body, a link to the page,
    and the link that ends e-mails of this kind."""
    user = notification.user
    text = selectors.notification_text(notification, user)
    kind = Kind(notification.kind) if notification.kind in set(LABELS) else None
    unsubscribe_url = (
        links.absolute(reverse("notification-unsubscribe", args=[unsubscribe.token(user, kind)]))
        if kind
        else ""
    )
    context = {
        "user": user,
        "text": text,
        "link": links.absolute(notification.url),
        "action": action(notification.kind, notification.params),
        "kind_label": LABELS.get(kind, ""),
        "unsubscribe_url": unsubscribe_url,
        "site_url": settings.SITE_URL,
        "language": translation.get_language(),
    }
    headers = {}
    if unsubscribe_url:
        headers = {
            "List-Unsubscribe": f"<{unsubscribe_url}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        }
    # A subject is one line: a reason given with line breaks is joined up.
    subject = plain_text.email_subject(text, SUBJECT_CHARS)
    message = EmailMultiAlternatives(
        subject=subject,
        body=render_to_string("notifications/email.txt", context),
        to=[user.email],
        headers=headers,
    )
    message.attach_alternative(render_to_string("notifications/email.html", context), "text/html")
    return message


@shared_task(bind=True, name="notifications.send_email", ignore_result=True, max_retries=5)
def send_email(self, notification_id: int) -> None:
    """E-mail one notification to its reader (if they want it). Notices now leave in
    `send_emails`; this one takes what was queued before."""
    _send_in_order(self, [notification_id], retried_with=lambda rest: (rest[0],))


@shared_task(bind=True, name="notifications.send_emails", ignore_result=True, max_retries=5)
def send_emails(self, notification_ids: list[int]) -> None:
    """E-mail each notification to its reader (if they want it), in order."""
    _send_in_order(self, notification_ids, retried_with=lambda rest: (rest,))


def _send_in_order(task, notification_ids: list[int], retried_with) -> None:
    """Send each in turn; when the server fails, the rest from that one on are tried again
    later (those sent stay sent once), as the task's arguments `retried_with(rest)`."""
    for position, notification_id in enumerate(notification_ids):
        try:
            send_notification_email(notification_id)
        except SEND_ERRORS as error:
            if task.request.is_eager:
                # Embedded, the task runs in the request that made the notification: a mail
                # server that fails must not fail the move or the page with it.
                logger.exception("notification %s: the e-mail could not be sent", notification_id)
                continue
            rest = notification_ids[position:]
            raise task.retry(args=retried_with(rest), exc=error, countdown=RETRY_AFTER_S) from error
