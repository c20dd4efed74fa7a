"""A visitor plays the CPU without an account, in Chromium, then signs up and keeps the game."""

import re

from playwright.sync_api import expect

from accounts.models import User
from games.models import Game
from tests.browser.conftest import click_point, screenshot

PASSWORD = "kropki-on-a-rainy-day"


def test_visitor_plays_the_cpu_as_a_guest_and_keeps_the_game_after_signing_up(site, page):
    page.goto(f"{site}/games/new/?game=kropki")
    page.locator(".guest-offer button[type=submit]").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    expect(page.locator(".guest-badge")).to_be_visible()

    click_point(page, 1, 1)
    expect(page.locator('.dot.blue[data-point="1-1"]')).to_be_visible()
    screenshot(page, "guest-game")
    game = Game.objects.get()
    guest = User.objects.get(is_guest=True)

    page.get_by_role("link", name="Sign up and keep your games").click()
    page.get_by_label("Username").fill("nadia")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url(re.compile(r"/games/new/$"))  # a newcomer comes to play
    expect(page.locator(".guest-badge")).to_have_count(0)

    nadia = User.objects.get(username="nadia")
    assert nadia.pk == guest.pk and not nadia.is_guest
    assert game.seats.filter(user=nadia).exists()
    page.goto(f"{site}/players/nadia/")
    expect(page.locator(f'a[href="/games/{game.pk}/"]').first).to_be_visible()
