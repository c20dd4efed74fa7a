"""A notification e-mailed as the worker e-mails it, for the tests of what e-mails say."""

from notifications.kinds import Kind
from notifications.mail import send_notification_email
from notifications.models import Notification

# A round of the group stage whose deadline is 14:30 UTC on 8 December 2026.
ROUND_STARTED = {
    "championship": "Spring Cup",
    "opponent": "emma",
    "stage": "groups",
    "round": 1,
    "deadline": "2026-12-08T14:30:00Z",
}


def e_mail_round_notice(reader) -> None:
    """Tell `reader` that a round has started, and e-mail it (with no request to ask)."""
    notice = Notification.objects.create(
        user=reader, kind=Kind.ROUND_STARTED, url="/championships/1/", params=ROUND_STARTED
    )
    assert send_notification_email(notice.pk)
