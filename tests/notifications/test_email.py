"""Notifications by e-mail: in the reader's language, with a one-click unsubscribe per kind."""

import email
import email.policy
import re
import smtplib

import pytest
from django.conf import settings
from django.core import mail, signing
from django.db import transaction
from django.test import Client

from notifications import mail as notification_mail
from notifications import selectors, services, unsubscribe
from notifications.kinds import Kind
from notifications.models import Notification
from tests.notifications.conftest import tell

# The e-mail task runs once the change that asks for it has committed.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

ROUND = {
    "championship": "Spring <Cup> & Co",
    "opponent": "emma",
    "stage": "groups",
    "round": 1,
    "deadline": "2026-12-08T14:30:00Z",
}


def unsubscribe_link(message) -> str:
    found = re.search(r"https?://\S+/notifications/unsubscribe/\S+/", message.body)
    assert found, message.body
    return found.group(0)


def site_path(link: str) -> str:
    assert link.startswith(settings.SITE_URL)
    return link[len(settings.SITE_URL) :]


def test_tests_never_print_e_mails():
    assert settings.EMAIL_BACKEND == "django.core.mail.backends.locmem.EmailBackend"


def test_the_file_backend_writes_the_e_mail_in_the_recipients_language(anna, settings, tmp_path):
    settings.EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    settings.EMAIL_FILE_PATH = str(tmp_path)
    settings.SITE_URL = "https://dots.example.org"
    tell([anna], Kind.ROUND_STARTED, params=ROUND, url="/championships/7/")
    [written] = list(tmp_path.iterdir())
    message = email.message_from_bytes(written.read_bytes(), policy=email.policy.default)
    assert message["To"] == "anna@example.org"
    assert "8 декабря 2026" in message["Subject"]  # the reader's language: Russian
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert re.fullmatch(
        r"<https://dots\.example\.org/notifications/unsubscribe/[^>]+/>",
        message["List-Unsubscribe"].strip(),
    )
    text = message.get_body(("plain",)).get_content()
    html = message.get_body(("html",)).get_content()
    assert "Spring <Cup> & Co" in text and "https://dots.example.org/championships/7/" in text
    assert "Spring &lt;Cup&gt; &amp; Co" in html and "<Cup>" not in html
    assert '<html lang="ru">' in html


def test_the_unsubscribe_link_stops_that_kind_and_no_other(anna):
    tell([anna], Kind.ROUND_STARTED, params=ROUND)
    [message] = mail.outbox
    assert message.alternatives and message.alternatives[0][1] == "text/html"
    path = site_path(unsubscribe_link(message))
    assert message.extra_headers["List-Unsubscribe"] == f"<{settings.SITE_URL}{path}>"

    # Whoever opens the link (no log-in) sees the question in the reader's language.
    page = Client().get(path)
    assert page.status_code == 200 and b'<html lang="ru">' in page.content
    assert selectors.wants_email(anna, Kind.ROUND_STARTED)  # a GET changes nothing

    # A mail program's one-click POST: no session, no CSRF token, only the signed link.
    one_click = Client(enforce_csrf_checks=True).post(
        path, "List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded"
    )
    assert one_click.status_code == 200
    assert not selectors.wants_email(anna, Kind.ROUND_STARTED)

    mail.outbox.clear()
    assert tell([anna], Kind.ROUND_STARTED, params=ROUND) == 1  # still told on the site
    assert mail.outbox == []
    tell([anna], Kind.CHAMPIONSHIP_STARTED)
    assert len(mail.outbox) == 1 and "Spring Cup" in mail.outbox[0].subject


def test_an_unsubscribed_reader_can_turn_the_kind_back_on(anna):
    unsubscribe_path = "/notifications/unsubscribe/" + unsubscribe.token(anna, Kind.DECISION) + "/"
    Client().post(unsubscribe_path)
    assert not selectors.wants_email(anna, Kind.DECISION)
    assert Client().post(unsubscribe_path).status_code == 200  # twice is the same
    services.set_email_preferences(anna, {"decision": True})
    assert selectors.wants_email(anna, Kind.DECISION)


@pytest.mark.parametrize(
    "token",
    [
        "nonsense",
        "e30:1tx5Jc:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "forged-with-another-salt",
        "tampered",
        "unknown-kind",
        "nobody",
    ],
)
def test_a_bad_unsubscribe_link_answers_400(anna, token):
    if token == "forged-with-another-salt":
        token = signing.dumps({"user": anna.pk, "kind": "decision"}, salt="something else")
    elif token == "tampered":
        real = unsubscribe.token(anna, Kind.DECISION)
        token = real[:-3] + ("AAA" if not real.endswith("AAA") else "BBB")
    elif token == "unknown-kind":
        token = signing.dumps({"user": anna.pk, "kind": "spam"}, salt=unsubscribe.SALT)
    elif token == "nobody":
        token = signing.dumps({"user": anna.pk + 1000, "kind": "decision"}, salt=unsubscribe.SALT)
    for method in ("get", "post"):
        answer = getattr(Client(), method)(f"/notifications/unsubscribe/{token}/")
        assert answer.status_code == 400
        assert b"This link does not work" in answer.content
    assert selectors.wants_email(anna, Kind.DECISION)


# Transactional: that a rolled-back change sends nothing is told by a real rollback.
@pytest.mark.django_db(transaction=True)
def test_no_e_mail_without_an_address_or_for_a_rolled_back_change(make_user, anna):
    silent = make_user("silent")
    assert tell([silent], Kind.CHAMPIONSHIP_STARTED) == 1
    assert mail.outbox == []
    with pytest.raises(RuntimeError), transaction.atomic():
        tell([anna], Kind.CHAMPIONSHIP_STARTED)
        raise RuntimeError("the change is undone")
    assert mail.outbox == [] and not Notification.objects.filter(user=anna).exists()


def test_an_e_mail_is_sent_once_however_often_its_task_runs(anna):
    tell([anna], Kind.CHAMPIONSHIP_STARTED)
    notification = Notification.objects.get(user=anna)
    assert not notification_mail.send_notification_email(notification.pk)
    assert len(mail.outbox) == 1


def test_a_failing_mail_server_fails_neither_the_change_nor_the_page(anna, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", 1  # nothing listens there
    assert tell([anna], Kind.CHAMPIONSHIP_STARTED) == 1
    assert Notification.objects.get(user=anna).emailed_at is None  # free to be tried again


@pytest.mark.parametrize(
    ("kind", "params", "button"),
    [
        (
            Kind.CHECK_IN,
            {"championship": "Spring Cup", "what": "open", "closes": "2026-12-08T14:30:00Z"},
            "Check in",
        ),
        (Kind.ROUND_STARTED, ROUND, "Open your game"),
        (Kind.CHECK_IN, {"championship": "Spring Cup", "what": "missed"}, "See it on the site"),
        (Kind.CHAMPIONSHIP_FINISHED, {"championship": "Spring Cup", "place": 2}, None),
    ],
)
def test_the_e_mails_button_says_what_its_link_does(emma, kind, params, button):
    tell([emma], kind, params=params, url="/championships/7/#check-in")
    [message] = mail.outbox
    html = message.alternatives[0][0]
    found = re.search(r'<a href="([^"]+)"[^>]*>([^<]+)</a>', html)
    assert found, html
    assert site_path(found.group(1)) == "/championships/7/#check-in"
    assert found.group(2) == (button or "See it on the site")
    assert f"{found.group(2)}: {settings.SITE_URL}/championships/7/#check-in" in message.body


def test_the_check_in_button_is_in_the_readers_language(anna):
    params = {"championship": "Spring Cup", "what": "open", "closes": "2026-12-08T14:30:00Z"}
    tell([anna], Kind.CHECK_IN, params=params, url="/championships/7/#check-in")
    [message] = mail.outbox
    assert "Подтвердить участие" in message.alternatives[0][0]


class Retried(Exception):
    pass


@pytest.mark.parametrize(
    ("task", "ids", "retried_with"),
    [
        (notification_mail.send_emails, [1, 2, 3], ([2, 3],)),
        (notification_mail.send_email, 2, (2,)),
    ],
)
def test_a_mail_server_failing_midway_retries_from_that_e_mail_on(
    monkeypatch, task, ids, retried_with
):
    sent, retries = [], []

    def send(notification_id):
        if notification_id == 2:
            raise smtplib.SMTPServerDisconnected("gone")
        sent.append(notification_id)
        return True

    def retry(**options):
        retries.append(options["args"])
        return Retried()

    monkeypatch.setattr(notification_mail, "send_notification_email", send)
    monkeypatch.setattr(task, "retry", retry)
    with pytest.raises(Retried):
        task.run(ids)
    assert sent == ([1] if isinstance(ids, list) else [])
    assert retries == [retried_with]
