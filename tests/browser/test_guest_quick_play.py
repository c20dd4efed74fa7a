"""A visitor plays the CPU from the home page as a guest, at the strength they choose, and
after the first game the home page still offers the CPU, not what a guest may not do."""

import re

from playwright.sync_api import expect

from games import registry
from games.models import Game
from tests.browser.conftest import screenshot

SIZES = (("desktop", {"width": 1280, "height": 900}), ("phone", {"width": 390, "height": 844}))


def test_a_guest_plays_two_games_from_the_home_page_choosing_the_cpus_strength(site, open_page):
    page = open_page(viewport=SIZES[0][1])
    page.goto(f"{site}/")
    quick_play = page.locator(".guest-offer .quick-play")
    expect(quick_play.get_by_label("Normal")).to_be_checked()
    quick_play.get_by_label("Strong").check()
    quick_play.get_by_role("button", name="Play Kropki (Dots) against the CPU").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    expect(page.locator(".guest-badge")).to_be_visible()
    first = Game.objects.get()
    assert first.cpu_level == "strong"

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Resign").click()
    expect(page.locator(".game-over")).to_contain_text("resignation")
    expect(page.get_by_role("button", name="Another game")).to_be_enabled()

    for size, viewport in SIZES:
        page.set_viewport_size(viewport)
        page.goto(f"{site}/")
        quick_play = page.locator(".guest-offer .quick-play")
        buttons = quick_play.get_by_role("button", name=re.compile("against the CPU"))
        expect(buttons).to_have_count(len(registry.names()))
        expect(buttons.first).to_be_enabled()
        screenshot(page, f"home-guest-quick-play-{size}")

    page.set_viewport_size(SIZES[0][1])
    quick_play.get_by_label("Easy").check()
    quick_play.get_by_role("button", name="Play Dots and Boxes against the CPU").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    second = Game.objects.exclude(pk=first.pk).get()
    assert (second.game, second.cpu_level) == ("dots_and_boxes", "easy")

    # The practice form offers a guest the CPU at every strength and no player to invite.
    page.goto(f"{site}/games/new/?game=kropki")
    expect(page.get_by_label("CPU (strong)")).to_be_visible()
    expect(page.get_by_label("A player")).to_have_count(0)
    expect(page.locator("#guest-only-cpu")).to_contain_text("Sign up")
    screenshot(page, "new-game-guest")
