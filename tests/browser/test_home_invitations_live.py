"""An invitation to a game or a championship appears on an open home page without a reload
(the bell's reading of the server every 30 s; the page's clock is run forward instead)."""

from playwright.sync_api import expect

from games import services as games
from tests.browser.conftest import log_in, screenshot
from tests.support.championships import small_championship
from tournaments import services as championships

KROPKI = {"game": "kropki", "options": {"width": 10, "height": 10, "start": "empty"}}
SIZES = (("desktop", {"width": 1280, "height": 900}), ("phone", {"width": 390, "height": 844}))


def test_new_invitations_appear_on_the_open_home_page(site, open_page, make_user):
    make_user("nina")
    oleg, olga = make_user("oleg"), make_user("olga")
    shown = 0
    for size, viewport in SIZES:
        page = open_page(viewport=viewport)
        page.clock.install()
        log_in(page, site, "nina")
        page.goto(f"{site}/")
        invitations = page.locator("#home-invitations")
        expect(invitations.locator("li")).to_have_count(shown)

        game = games.create_game(creator=oleg, format=None, opponent="nina", **KROPKI)
        cup = small_championship(olga, name=f"Winter Cup {size}")
        championships.invite(cup.pk, by=olga, username="nina")
        page.clock.run_for(31_000)

        expect(invitations.locator(f'a[href="/games/{game.pk}/"]')).to_be_visible()
        expect(invitations.get_by_role("link", name=f"Winter Cup {size}")).to_be_visible()
        shown += 2
        expect(invitations.locator("li")).to_have_count(shown)
        screenshot(page, f"home-invitation-arrives-{size}")
