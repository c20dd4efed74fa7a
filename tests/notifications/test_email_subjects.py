"""An e-mail's subject is one line whatever name it carries: a notification naming an old
championship with a line break, and every account e-mail (allauth's), go out whole."""

import pytest
from django.core import mail

from accounts.adapter import AccountAdapter
from notifications.kinds import Kind
from tests.notifications.conftest import tell

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

LINE_BREAKS = "\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


def test_an_email_subject_never_carries_a_line_break(emma):
    # Names kept from before they were checked may hold anything.
    params = {"championship": "Spring\r\nBcc: everyone@example.org\u2028Cup\x07"}
    tell([emma], Kind.CHAMPIONSHIP_STARTED, params=params)
    [message] = mail.outbox
    assert not any(character in message.subject for character in LINE_BREAKS + "\x07")
    assert "Spring Bcc: everyone@example.org Cup" in message.subject
    assert message.message()["Bcc"] is None


def test_an_account_email_subject_is_one_line():
    subject = AccountAdapter().format_email_subject("Confirm\r\nBcc: x@example.org\u2029now")
    assert subject == "[Dots Championships] Confirm Bcc: x@example.org now"
