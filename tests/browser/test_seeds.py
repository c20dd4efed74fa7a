"""The organiser reorders the seeds on the organise page, at desktop and phone size."""

from playwright.sync_api import expect

from tests.browser.conftest import log_in, screenshot
from tournaments import services


def test_the_organiser_moves_a_seed_up_and_puts_everyone_back_by_rating(site, open_page, make_user):
    organiser = make_user("olga")
    championship = services.create_championship(
        organiser=organiser, name="Autumn Cup", game="kropki", options={"width": 5, "height": 5}
    )
    for name in ("anna", "boris", "clara"):
        services.enter(championship.pk, by=make_user(name))
    for viewport, size in [
        ({"width": 1280, "height": 900}, "desktop"),
        ({"width": 390, "height": 844}, "phone"),
    ]:
        page = open_page(viewport=viewport)
        log_in(page, site, "olga")
        page.goto(f"{site}/championships/{championship.pk}/organise/#seeds")
        seeds = page.locator("#seeds .seed-name")
        expect(seeds).to_have_text(["anna", "boris", "clara"])
        page.get_by_role("button", name="Move clara up").click()
        expect(seeds).to_have_text(["anna", "clara", "boris"])
        expect(page.locator("#seeds .seed").nth(1)).to_contain_text("placed by you")
        screenshot(page, f"organise-seeds-{size}")
        page.get_by_role("button", name="Seed everyone by rating again").click()
        expect(seeds).to_have_text(["anna", "boris", "clara"])
