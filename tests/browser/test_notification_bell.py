"""The bell and the tab title follow what happens while the page stays open (its script
asks the server every 30 s; the page's clock is run forward instead of waiting)."""

import re

from playwright.sync_api import expect

from games import services as games
from notifications import services as notifications
from notifications.kinds import Kind
from tests.browser.conftest import log_in

KROPKI = {"game": "kropki", "options": {"width": 10, "height": 10, "start": "empty"}}


def test_the_bell_and_the_title_change_without_a_reload(site, page, make_user):
    nina, oleg = make_user("nina"), make_user("oleg")
    page.clock.install()
    log_in(page, site, "nina")
    page.goto(f"{site}/rules/")
    bell = page.locator("#notification-bell")
    expect(bell.locator(".bell-count")).to_be_hidden()
    assert "Your move" not in page.title()

    notifications.notify(
        [nina], Kind.CHAMPIONSHIP_STARTED, url="/championships/1/", params={"championship": "Cup"}
    )
    game = games.create_game(creator=oleg, format=None, opponent="nina", seat="red", **KROPKI)
    games.accept_invitation(game.pk, nina)  # nina plays blue: her move

    page.clock.run_for(31_000)
    expect(bell.locator(".bell-number")).to_have_text("2")  # the championship and the invite
    expect(bell.locator(".bell-count")).to_be_visible()
    expect(page).to_have_title(re.compile(r"^\(1\) Your move · Rules"))

    notifications.mark_read(nina, "all")
    page.clock.run_for(31_000)
    expect(bell.locator(".bell-count")).to_be_hidden()
    bell.click()
    expect(page.locator("h1")).to_have_text("Notifications")
