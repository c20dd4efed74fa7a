"""Dots and Boxes in Chromium: lines drawn by clicking between dots, taking a move back."""

import re

from playwright.sync_api import expect

from games.models import Game
from tests.browser.conftest import click_point, log_in, screenshot


def test_dots_and_boxes_practice_game_draws_lines_by_click_and_takes_them_back(
    site, page, make_user
):
    make_user("lena")
    log_in(page, site, "lena")
    page.goto(f"{site}/games/new/?game=dots_and_boxes")
    page.get_by_label("Boxes across").select_option("3")
    page.get_by_label("Boxes down").select_option("3")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    game = Game.objects.get()
    assert game.game == "dots_and_boxes" and game.seats.get(user__username="lena").seat == "first"
    # The first seat is drawn in blue, the second in red.
    mark = page.locator(".player.seat-first .seat-mark")
    expect(mark).to_have_css("background-color", "rgb(31, 79, 191)")
    expect(page.locator(".player.seat-second .seat-mark")).to_have_css(
        "background-color", "rgb(192, 38, 45)"
    )

    # Grid point (2, 1) is the middle of the bottom-left horizontal line, h 0 0.
    click_point(page, 2, 1)
    expect(page.locator('.edge.blue[data-point="2-1"]')).to_have_count(1)
    expect(page.locator(".edge.red")).to_have_count(1)  # the CPU answered
    screenshot(page, "dots-and-boxes-practice")

    # The keyboard: the cursor walks half a box at a time; Enter draws the line under it.
    page.locator("svg.board").focus()
    expect(page.locator("#cursor-status")).to_have_text("2-1: the first player's line (blue)")
    page.keyboard.press("ArrowUp")
    expect(page.locator("#cursor-status")).to_have_text("2-2: an open box")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#cursor-status")).to_have_text("4-1: free line")  # h 1 0
    page.keyboard.press("Enter")
    expect(page.locator('.edge.blue[data-point="4-1"]')).to_have_count(1)
    expect(page.locator(".edge")).to_have_count(4)

    # Against the CPU a move is taken back at once, with the CPU's answer to it.
    page.get_by_role("button", name="Take back my move").click()
    expect(page.locator(".edge")).to_have_count(2)
    expect(page.locator('.edge.blue[data-point="4-1"]')).to_have_count(0)
    screenshot(page, "dots-and-boxes-taken-back")
