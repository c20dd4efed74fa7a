"""A reader whose browser reads Russian, and who never chose a language in the account, gets
every e-mail in Russian: the address confirmation at sign-up, a championship's round notice,
and a password reset asked for from an English browser. Their links lead to the site as the
reader reached it."""

import re

from playwright.sync_api import expect

from accounts.models import User
from tests.browser.conftest import screenshot
from tests.browser.test_account_by_email import e_mails, link_in, mailbox  # noqa: F401
from tests.support.notices import e_mail_round_notice

PASSWORD = "kropki-i-kletki-2026"
CYRILLIC = re.compile(r"[А-Яа-яЁё]{4,}")


def test_a_russian_reader_gets_every_e_mail_in_russian(site, mailbox, open_page):  # noqa: F811
    page = open_page(viewport={"width": 1280, "height": 900}, locale="ru-RU")
    page.goto(f"{site}/signup/")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    page.locator("input[name=username]").fill("nadia")
    page.locator("input[name=email]").fill("nadia@example.org")
    page.locator("input[name=password1]").fill(PASSWORD)
    page.locator("input[name=password2]").fill(PASSWORD)
    page.locator("main form button[type=submit]").first.click()
    expect(page.locator(".user-nav")).to_contain_text("nadia")
    screenshot(page, "signed-up-in-russian")

    nadia = User.objects.get(username="nadia")
    assert nadia.language == "" and nadia.browser_language == "ru"

    # The address confirmation, written while the browser read Russian.
    [confirmation] = e_mails(mailbox)
    assert CYRILLIC.search(confirmation["Subject"]), confirmation["Subject"]
    link = link_in(confirmation, "/accounts/confirm-email/")
    assert link.startswith(site)  # where the reader is, logged in
    page.goto(link)
    page.locator("main form button[type=submit]").first.click()
    page.wait_for_url(f"{site}/account/")

    # A round notice, e-mailed by the worker with no browser to ask: Russian all the same.
    e_mail_round_notice(nadia)
    round_notice = e_mails(mailbox)[-1]
    assert "8 декабря 2026" in round_notice["Subject"]
    assert link_in(round_notice, "/championships/1").startswith(site)

    # A reset asked for from an English browser is written for the account's reader.
    english = open_page(viewport={"width": 1280, "height": 900}, locale="en-US")
    english.goto(f"{site}/accounts/password/reset/")
    english.get_by_label("Email").fill("nadia@example.org")
    english.get_by_role("button", name="Send the link").click()
    expect(english.locator("h1")).to_have_text("Check your e-mail")
    reset = e_mails(mailbox)[-1]
    assert reset["To"] == "nadia@example.org"
    assert CYRILLIC.search(reset["Subject"]), reset["Subject"]
    assert link_in(reset, "/accounts/password/reset/key/").startswith(site)
