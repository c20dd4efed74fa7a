"""A player downloads their data and deletes their account, in Chromium: the file comes
as a download, a wrong password is refused at the field, and afterwards the player is
logged out and their opponent's game names a deleted player."""

import json
import re
from pathlib import Path

from playwright.sync_api import expect

from accounts.models import User
from games.models import Game
from tests.accounts.personal_data_support import friendly_game
from tests.browser.conftest import log_in, screenshot
from tests.conftest import TEST_PASSWORD


def test_a_player_downloads_their_data_then_deletes_the_account(site, open_page, make_user):
    anna, bob = make_user("anna"), make_user("bob")
    game = friendly_game(anna, bob)
    page = open_page()
    log_in(page, site, "anna")

    page.goto(f"{site}/account/")
    with page.expect_download() as waiting:
        page.get_by_role("link", name="Download your data").click()
    download = waiting.value
    assert re.fullmatch(
        r"championships-personal-data-\d{4}-\d{2}-\d{2}\.json", download.suggested_filename
    )
    data = json.loads(Path(download.path()).read_text())
    assert data["profile"]["username"] == "anna"
    assert [row["id"] for row in data["games"]] == [game.pk]

    page.get_by_role("link", name="Delete your account…").click()
    expect(page.locator("h1")).to_have_text("Delete your account")
    expect(page.get_by_text("Your 1 running game ends, lost by you")).to_be_visible()
    page.get_by_label("Your password").fill("not-my-password")
    page.get_by_role("button", name="Delete my account").click()
    expect(page.locator("#id_password_error")).to_have_text("Wrong password.")
    screenshot(page, "account-delete-wrong-password")
    page.get_by_label("Your password").fill(TEST_PASSWORD)
    page.get_by_role("button", name="Delete my account").click()

    page.wait_for_url(f"{site}/")
    expect(page.get_by_text("Your account is deleted.")).to_be_visible()
    expect(page.get_by_role("link", name="Log in")).to_be_visible()
    assert not User.objects.get(pk=anna.pk).is_active
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED

    watcher = open_page()
    log_in(watcher, site, "bob")
    watcher.goto(f"{site}/games/{game.pk}/")
    expect(watcher.locator(".players .deleted-player")).to_have_text("deleted player")
    screenshot(watcher, "game-with-a-deleted-player")
