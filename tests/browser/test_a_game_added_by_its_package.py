"""The tests' own game (tests/noughts_and_crosses) in Chromium: its board follows the
clickable-grid contract, so the page's generic script plays it by click and keyboard."""

import re

from playwright.sync_api import expect

from games.models import Game
from tests.browser.conftest import click_point, log_in, screenshot

REFUSED = re.compile(r"Content Security Policy|Refused to", re.I)
GAME_OVER_OR_ANSWERED = """n => document.querySelector('.game-over[role=status]')
  || document.querySelectorAll('svg.board g.mark').length >= n + 2"""


def test_a_game_added_by_its_package_is_played_on_its_page_by_click_and_keyboard(
    site, page, make_user
):
    refused = []
    page.on("console", lambda message: REFUSED.search(message.text) and refused.append(message))
    page.on("pageerror", lambda error: refused.append(str(error)))
    make_user("tom")
    log_in(page, site, "tom")
    page.goto(f"{site}/games/new/?game=noughts_and_crosses")
    page.get_by_label("Your mark").select_option("x")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    game = Game.objects.get()
    assert game.game == "noughts_and_crosses" and game.seats.get(user__username="tom").seat == "x"

    click_point(page, 2, 2)
    expect(page.locator('svg.board g.mark.x[data-point="2-2"]')).to_have_count(1)
    expect(page.locator("svg.board g.mark.o")).to_have_count(1)  # the CPU answered
    screenshot(page, "noughts-and-crosses-practice")

    # The keyboard: the cursor starts on the square last clicked and walks square by square.
    page.locator("svg.board").focus()
    expect(page.locator("#cursor-status")).to_have_text("2-2: X")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#cursor-status")).to_have_text("3-2: free")
    page.keyboard.press("Enter")
    expect(page.locator('svg.board g.mark.x[data-point="3-2"]')).to_have_count(1)
    expect(page.locator("svg.board g.mark.o")).to_have_count(2)

    # A marked square is refused by the server, in the engine's words.
    click_point(page, 2, 2)
    expect(page.locator(".board-message")).to_contain_text("2-2 is already marked")

    # Play on, each time on the first free square, to the end of the game.
    for _ in range(5):
        if page.locator(".game-over[role=status]").count():
            break
        before = page.locator("svg.board g.mark").count()
        rows = page.locator("svg.board").get_attribute("data-points").split("/")
        x, y = next(
            (x, y)
            for y, row in enumerate(rows, start=1)
            for x, mark in enumerate(row, start=1)
            if mark == "."
        )
        click_point(page, x, y)
        page.wait_for_function(GAME_OVER_OR_ANSWERED, arg=before)
    expect(page.locator(".game-over[role=status]")).to_contain_text(
        re.compile("three in a row|the board is full")
    )
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    screenshot(page, "noughts-and-crosses-over")
    assert not refused, [getattr(message, "text", message) for message in refused]
