"""A newcomer in a browser: signs up, confirms the address through the link in the e-mail,
logs in, changes the password, forgets it, resets it through the e-mailed link, logs in
with the new one, downloads their data and deletes the account. E-mails are read from the
files Django's file backend writes."""

import email
import email.policy
import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from accounts.models import User
from tests.browser.conftest import screenshot

FIRST = "dots-and-lines-2026"
SECOND = "boxes-and-lines-2027"
THIRD = "pyramids-in-the-sand-2028"


@pytest.fixture
def mailbox(settings, tmp_path, site) -> Path:
    """The folder the site writes its e-mails to; their links lead to the site under test."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    settings.EMAIL_FILE_PATH = str(tmp_path)
    settings.SITE_URL = site
    return tmp_path


def e_mails(folder: Path) -> list[email.message.EmailMessage]:
    """Every e-mail written so far, oldest first (the backend writes one file per send)."""
    found = []
    for path in sorted(folder.iterdir(), key=lambda path: path.stat().st_mtime_ns):
        # A file holds the messages of one connection, each followed by a line of dashes.
        for raw in path.read_bytes().split(b"\n" + b"-" * 79 + b"\n"):
            if raw.strip():
                found.append(email.message_from_bytes(raw, policy=email.policy.default))
    return found


def link_in(message, path_pattern: str) -> str:
    body = message.get_body(("plain",)).get_content()
    found = re.search(rf"https?://\S+{path_pattern}\S*/", body)
    assert found, body
    return found.group(0)


def log_in(page, site: str, login: str, password: str) -> None:
    page.goto(f"{site}/login/")
    page.get_by_label("Username or e-mail").fill(login)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()


def log_out(page) -> None:
    page.locator(".user-nav").get_by_role("button", name="Log out").click()
    expect(page.locator(".user-nav")).to_contain_text("Log in")


def test_sign_up_confirm_the_address_change_and_reset_the_password_export_and_delete(
    site, mailbox, open_page
):
    page = open_page(viewport={"width": 1280, "height": 900})

    # Sign up with an address; the account opens at once, the address not yet confirmed.
    page.goto(f"{site}/signup/")
    page.get_by_label("Username").fill("nadia")
    page.get_by_label("E-mail (optional)").fill("nadia@example.org")
    page.get_by_label("Password", exact=True).fill(FIRST)
    page.get_by_label("Password again").fill(FIRST)
    page.get_by_role("button", name="Create account").click()
    expect(page.locator(".messages")).to_contain_text("Welcome, nadia!")
    page.locator(".user-nav").get_by_role("link", name="Account", exact=True).click()
    security = page.locator("#security")
    expect(security).to_contain_text("not confirmed")
    screenshot(page, "account-address-not-confirmed")

    # The link in the e-mail confirms it.
    [welcome] = e_mails(mailbox)
    assert welcome["To"] == "nadia@example.org"
    page.goto(link_in(welcome, "/accounts/confirm-email/"))
    expect(page.locator("main")).to_contain_text("nadia@example.org")
    page.get_by_role("button", name="Yes, confirm it").click()
    page.wait_for_url(f"{site}/account/")
    expect(page.locator("#security")).to_contain_text("confirmed")
    expect(page.locator("#security")).not_to_contain_text("not confirmed")

    # Log out, log in again, change the password.
    log_out(page)
    log_in(page, site, "nadia", FIRST)
    expect(page.locator(".user-nav")).to_contain_text("nadia")
    page.goto(f"{site}/account/")
    page.locator("#security").get_by_role("link", name="Change your password").click()
    page.get_by_label("Current Password").fill(FIRST)
    page.get_by_label("New Password", exact=True).fill(SECOND)
    page.get_by_label("New Password (again)").fill(SECOND)
    screenshot(page, "password-change")
    page.get_by_role("button", name="Change the password").click()
    expect(page.locator(".messages")).to_contain_text("Password successfully changed.")
    log_out(page)

    # Forgotten: the log-in page leads to the reset, whose e-mail leads to a new password.
    page.goto(f"{site}/login/")
    page.get_by_role("link", name="Forgot your password?").click()
    page.get_by_label("Email").fill("nadia@example.org")
    page.get_by_role("button", name="Send the link").click()
    expect(page.locator("h1")).to_have_text("Check your e-mail")
    reset = e_mails(mailbox)[-1]
    assert reset["To"] == "nadia@example.org"
    page.goto(link_in(reset, "/accounts/password/reset/key/"))
    expect(page.locator("h1")).to_have_text("Choose a new password")
    assert page.url.endswith("-set-password/")  # the key left the address bar
    page.get_by_label("New Password", exact=True).fill(THIRD)
    page.get_by_label("New Password (again)").fill(THIRD)
    page.get_by_role("button", name="Save the new password").click()
    expect(page.locator("h1")).to_have_text("Password changed")
    screenshot(page, "password-reset-done")

    # The old password opens nothing; the new one logs in.
    log_in(page, site, "nadia", SECOND)
    expect(page.locator(".message.error")).to_contain_text("not correct")
    log_in(page, site, "nadia@example.org", THIRD)
    expect(page.locator(".user-nav")).to_contain_text("nadia")
    assert User.objects.get(username="nadia").check_password(THIRD)

    # Her data, then the account gone: the address is free and the password opens nothing.
    page.goto(f"{site}/account/")
    with page.expect_download() as waiting:
        page.get_by_role("link", name="Download your data").click()
    data = json.loads(Path(waiting.value.path()).read_text())
    assert data["profile"]["username"] == "nadia"
    assert data["sign_in"]["email_addresses"] == [
        {"email": "nadia@example.org", "verified": True, "primary": True}
    ]
    page.get_by_role("link", name="Delete your account…").click()
    page.get_by_label("Your password").fill(THIRD)
    page.get_by_role("button", name="Delete my account").click()
    expect(page.get_by_text("Your account is deleted.")).to_be_visible()
    log_in(page, site, "nadia@example.org", THIRD)
    expect(page.locator(".message.error")).to_be_visible()
    assert not User.objects.filter(username="nadia").exists()
