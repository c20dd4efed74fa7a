"""Dots and Boxes in Chromium: lines drawn by clicking between dots, taking a move back."""

import re

from playwright.sync_api import expect

from games.models import Game
from tests.browser.conftest import click_point, log_in, screenshot
from tests.support.replays import finished_game


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


def test_dots_and_boxes_won_boxes_show_their_owners_sign_as_the_players_list_does(
    live_server, transactional_db, embedded, open_page, make_user
):
    lena = make_user("lena")
    game = finished_game(lena, "dots_and_boxes", own_moves=30)
    page = open_page()
    page.goto(f"{live_server.url}/games/{game.pk}/")
    won = page.locator("svg.board g.won-box")
    expect(won).to_have_count(9)  # every box of the 3×3 board is taken by the end
    # No box shows a number, which would read as what the box is worth.
    assert page.locator("svg.board text").count() == 0
    for letter, shape, seat, colour in (
        ("f", "circle", "first", "rgb(31, 79, 191)"),
        ("s", "polygon", "second", "rgb(192, 38, 45)"),
    ):
        boxes = page.locator(f'svg.board g.won-box[data-owner="{letter}"]')
        score = page.locator(f".players .player.seat-{seat} .score")
        expect(score).to_have_text(str(boxes.count()))
        for index in range(boxes.count()):
            box = boxes.nth(index)
            expect(box.locator(f"{shape}.box-mark")).to_have_css("fill", colour)
            expect(box.locator("title")).to_have_text(re.compile(f"{seat} player", re.I))
        # The same sign, in the same colour, beside the player's name.
        mark = page.locator(f".players .player.seat-{seat} .seat-mark")
        expect(mark).to_have_css("background-color", colour)
        if seat == "first":
            expect(mark).to_have_css("border-radius", "50%")
        else:
            expect(mark).to_have_css("clip-path", re.compile(r"^polygon"))
    screenshot(page, "dots-and-boxes-won-boxes")
