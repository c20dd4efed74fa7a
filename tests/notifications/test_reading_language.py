"""Every e-mail reaches its reader in the language they read the site in, whether they chose
it in their account or only their browser asks for it; and e-mails link to where the site is."""

import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core import mail
from django.test import Client

from accounts.services import deletion
from notifications.kinds import Kind
from tests.notifications.conftest import tell

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

PROJECT = Path(__file__).resolve().parents[2]
ROUND = {
    "championship": "Spring Cup",
    "opponent": "emma",
    "stage": "groups",
    "round": 1,
    "deadline": "2026-12-08T14:30:00Z",
}


def browse(user, accept_language: str | None = None, cookie: str | None = None) -> None:
    """The player opens the home page, logged in, from a browser asking for a language."""
    client = Client()
    client.force_login(user)
    if cookie:
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = cookie
    headers = {"Accept-Language": accept_language} if accept_language else {}
    assert client.get("/", headers=headers).status_code == 200


def test_round_notice_reaches_a_reader_whose_browser_reads_russian_in_russian(make_user):
    boris = make_user("boris", email="boris@example.org")  # no language chosen
    browse(boris, accept_language="ru-RU,ru;q=0.9,en;q=0.5")
    boris.refresh_from_db()
    assert (boris.language, boris.browser_language) == ("", "ru")

    tell([boris], Kind.ROUND_STARTED, params=ROUND)
    [message] = mail.outbox
    assert "8 декабря 2026" in message.subject
    assert '<html lang="ru">' in message.alternatives[0][0]


def test_the_language_switcher_cookie_counts_as_the_browsers_language(make_user):
    ola = make_user("ola", email="ola@example.org")
    browse(ola, accept_language="en", cookie="pl")
    ola.refresh_from_db()
    assert ola.browser_language == "pl"


def test_the_accounts_own_language_wins_over_the_browsers(make_user):
    anna = make_user("anna2", email="anna2@example.org", language="ru")
    browse(anna, accept_language="pl")
    anna.refresh_from_db()
    assert anna.browser_language == ""  # nothing to remember: the account says Russian
    tell([anna], Kind.ROUND_STARTED, params=ROUND)
    assert "8 декабря 2026" in mail.outbox[0].subject


def test_a_request_that_names_no_language_forgets_nothing(make_user):
    boris = make_user("boris", email="boris@example.org", browser_language="ru")
    browse(boris)  # a client that sends no Accept-Language gets English, unasked
    boris.refresh_from_db()
    assert boris.browser_language == "ru"


def test_a_player_never_seen_gets_the_sites_language(make_user):
    emma = make_user("emma3", email="emma3@example.org")
    tell([emma], Kind.ROUND_STARTED, params=ROUND)
    [message] = mail.outbox
    assert "Dec. 8, 2026" in message.subject and '<html lang="en">' in message.alternatives[0][0]


def test_password_reset_e_mail_speaks_the_accounts_reader_not_the_requesting_page(make_user):
    make_user("piotrek", email="piotrek@example.org", browser_language="pl")
    answer = Client().post(
        "/api/accounts/password/reset/",
        {"email": "piotrek@example.org"},
        content_type="application/json",
        headers={"Accept-Language": "en"},
    )
    assert answer.status_code == 202
    [message] = mail.outbox
    assert message.to == ["piotrek@example.org"]
    assert "E-mail z resetowaniem hasła" in message.subject


def test_erasing_the_account_forgets_the_browsers_language(make_user):
    boris = make_user("boris", email="boris@example.org", browser_language="ru")
    deletion.erase_account(boris)
    boris.refresh_from_db()
    assert boris.browser_language == ""


def test_e_mail_links_lead_to_the_address_make_serves_on():
    """`make demo` listens on 127.0.0.1:8000 and says so; its e-mails link there too, where
    the reader is logged in (a browser keeps localhost's cookies apart)."""
    seen = subprocess.run(
        [sys.executable, "-c", "from django.conf import settings; print(settings.SITE_URL)"],
        cwd=PROJECT,
        env={"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "config.settings"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert seen.returncode == 0, seen.stderr
    assert seen.stdout.strip() == "http://127.0.0.1:8000"
    makefile = (PROJECT / "Makefile").read_text()
    assert re.search(r"HOST \?= 127\.0\.0\.1", makefile) and re.search(r"PORT \?= 8000", makefile)
    assert 'SITE_URL="$${SITE_URL:-http://$(HOST):$(PORT)}"' in makefile
