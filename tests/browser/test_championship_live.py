"""Two players in two browsers: sign up, a championship, a Kropki game played live, standings."""

import re
import time

from playwright.sync_api import expect

from games.models import Game
from tests.browser.conftest import click_point, screenshot

PASSWORD = "dots-and-lines-2026"

# Blue closes a ring around red's 3-3; red's other dots stay far from it.
MOVES = [("blue", 3, 2), ("red", 3, 3), ("blue", 2, 3), ("red", 8, 8), ("blue", 4, 3),
         ("red", 8, 2), ("blue", 3, 4)]  # fmt: skip


def sign_up(page, site: str, username: str) -> None:
    page.goto(f"{site}/signup/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    page.get_by_role("button", name="Create account").click()
    expect(page.locator(".user-nav")).to_contain_text(username)


def test_two_players_enter_a_championship_and_play_their_game_live(site, open_page):
    alice = open_page(viewport={"width": 1280, "height": 900})
    bob = open_page(viewport={"width": 390, "height": 844})  # a phone
    sign_up(alice, site, "alice")
    sign_up(bob, site, "bob")

    alice.goto(f"{site}/championships/new/")
    alice.get_by_label("Name").fill("Browser Cup")
    alice.get_by_label("Board width").fill("10")
    alice.get_by_label("Board height").fill("10")
    alice.get_by_role("button", name="Create the championship").click()
    alice.wait_for_url(re.compile(r"/championships/\d+/organise/$"))
    championship_url = alice.url.removesuffix("organise/")
    screenshot(alice, "organise-registration")

    for page in (alice, bob):
        page.goto(championship_url)
        page.get_by_role("button", name="Enter this championship").click()
        expect(page.get_by_role("button", name="Withdraw my entry")).to_be_visible()
    alice.goto(f"{championship_url}organise/")
    alice.get_by_role("link", name="Start now").click()
    expect(alice.locator("h1")).to_have_text("Start Browser Cup?")
    alice.get_by_role("button", name="Start the championship").click()
    expect(alice.locator(".messages")).to_contain_text("round one is open")
    alice.goto(championship_url)
    screenshot(alice, "championship-groups")

    game = Game.objects.get(match__stage__championship__name="Browser Cup")
    game_link = alice.locator(f'a[href="/games/{game.pk}/"]').first
    expect(game_link).to_be_visible()
    game_link.click()
    bob.goto(f"{site}/games/{game.pk}/")
    pages = {alice.locator("#game").get_attribute("data-seat"): alice}
    pages[bob.locator("#game").get_attribute("data-seat")] = bob
    assert set(pages) == {"blue", "red"}
    for page in pages.values():
        page.evaluate("window.notReloaded = true")

    for seq, (seat, x, y) in enumerate(MOVES, 1):
        click_point(pages[seat], x, y)
        for page in pages.values():
            expect(page.locator(f'.dot[data-point="{x}-{y}"]')).to_have_count(1)
            expect(page.locator(".game-side")).to_contain_text(f"{seq} move")

    # Red's page learnt of the capture by itself: the captured dot, blue's territory, the score.
    red = pages["red"]
    expect(red.locator('.dot.red.captured[data-point="3-3"]')).to_have_count(1)
    expect(red.locator(".player.seat-blue .score")).to_have_text("1")
    expect(red.locator(".player.seat-red .score")).to_have_text("0")
    assert red.evaluate("window.notReloaded") is True
    screenshot(pages["blue"], "championship-game-capture")
    screenshot(red, "championship-game-capture-phone")

    red.once("dialog", lambda dialog: dialog.accept())
    red.get_by_role("button", name="Resign").click()
    for page in pages.values():
        expect(page.locator(".game-over")).to_contain_text("wins")
        expect(page.locator(".game-over")).to_contain_text("resignation")

    # A spectator sees the group table with the result counted. The worker settles the
    # championship just after the game ends, so the page is reloaded as a spectator would.
    spectator = open_page()
    spectator.goto(championship_url)
    blue_player = game.seats.get(seat="blue").user.username
    row = spectator.locator("table.standings tbody tr").filter(has_text=blue_player).first
    points = row.locator("td.points")
    deadline = time.monotonic() + 30
    while points.inner_text().strip() != "2":
        assert time.monotonic() < deadline, f"the game was never counted: {row.inner_text()}"
        time.sleep(0.2)
        spectator.reload()
    expect(row.locator("td.number").nth(2)).to_have_text("1")  # won
    expect(spectator.locator("table.standings tbody tr").first).to_contain_text(blue_player)
    screenshot(spectator, "championship-after-the-game")
