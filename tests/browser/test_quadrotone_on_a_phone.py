"""Quadrotone with one thumb at 390×844: the board and a good part of the hand in view
together, the chosen tile and its turn beside the status, a move played by tapping."""

import json

from playwright.sync_api import expect

from games import services
from games.models import Game
from tests.browser.conftest import log_in, screenshot

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def in_view(box: dict | None, height: int = 844) -> bool:
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def board_to_the_top(page) -> None:
    """Scroll as a player does: the board's top at the top of the screen."""
    page.locator("svg.board").evaluate(
        "board => window.scrollTo(0, board.getBoundingClientRect().top + window.scrollY - 8)"
    )


def tap_cell(page, column: int, row: int) -> None:
    """Tap the middle of the board's cell (column, row), counted from 1 as the notation does."""
    board = page.locator("svg.board")
    grid = json.loads(board.get_attribute("data-grid"))
    _, _, width, height = (float(n) for n in board.get_attribute("viewBox").split())
    box = board.bounding_box()
    scale = min(box["width"] / width, box["height"] / height)
    left = box["x"] + (box["width"] - width * scale) / 2
    top = box["y"] + (box["height"] - height * scale) / 2
    rows = grid["height"] - 1
    y_cell = rows - row if grid["flip_y"] else row - 1
    page.touchscreen.tap(
        left + (grid["left"] + (column - 0.5) * grid["cell"]) * scale,
        top + (grid["top"] + (y_cell + 0.5) * grid["cell"]) * scale,
    )


def game_opened_on_a_phone(site, open_page, make_user):
    """A new Quadrotone game between two players, opened on a phone by the one to move."""
    alice, bob = make_user("alice"), make_user("bob")
    game = services.create_game(
        creator=alice, game="quadrotone", options={}, format=None, opponent="bob"
    )
    game = services.accept_invitation(game.pk, bob)
    page = open_page(**PHONE)
    log_in(page, site, game.seats.get(seat="first").user.username)
    page.goto(f"{site}/games/{game.pk}/")
    return game, page


def test_the_board_and_the_hand_share_the_screen_and_a_move_is_played_by_tapping(
    site, open_page, make_user
):
    game, page = game_opened_on_a_phone(site, open_page, make_user)
    board = page.locator("svg.board")
    board_to_the_top(page)

    # The board whole on screen, and with it at least two rows of tiles of the hand.
    expect(board).to_be_visible()
    assert in_view(board.bounding_box()), board.bounding_box()
    tiles = page.locator(".hand-tile")
    expect(tiles).to_have_count(128)
    shown = [tiles.nth(n).bounding_box() for n in range(24)]
    assert sum(in_view(box) for box in shown) >= 12, shown
    screenshot(page, "quadrotone-phone-board-and-hand")
    board_to_the_top(page)  # where the player keeps it (a full-page screenshot scrolls)

    tiles.nth(0).tap()
    page.get_by_role("button", name="Turn (R)").tap()
    chosen = page.locator(".composer .chosen-tile svg")
    expect(chosen).to_be_visible()
    assert "rotate(90deg)" in (chosen.get_attribute("style") or "")
    assert in_view(chosen.bounding_box()) and in_view(board.bounding_box())
    expect(page.locator(".composer-status")).to_contain_text("turned 90°")
    screenshot(page, "quadrotone-phone-chosen-tile")
    board_to_the_top(page)

    tap_cell(page, 5, 5)
    expect(page.locator(".composer .pending li")).to_have_count(1)
    page.get_by_role("button", name="Play the move").tap()
    expect(page.locator('.tile[data-cell="4-4"]')).to_have_count(1)
    played = Game.objects.get(pk=game.pk).moves.get(seq=1)
    assert [entry[1:] for entry in played.payload["place"]] == [[4, 4, 1]]
    screenshot(page, "quadrotone-phone-played")


def test_on_load_the_whole_board_is_above_the_hand_and_its_lowest_cells_take_a_tap(
    site, open_page, make_user
):
    _game, page = game_opened_on_a_phone(site, open_page, make_user)
    board, sheet = page.locator("svg.board"), page.locator(".composer")
    expect(sheet).to_be_visible()
    area, sheet_box = board.bounding_box(), sheet.bounding_box()
    # No scrolling by the player: the board is whole, above the sheet, which is on screen.
    assert area["y"] >= 0 and area["y"] + area["height"] <= sheet_box["y"], (area, sheet_box)
    assert in_view(sheet_box)
    tiles = page.locator(".hand-tile")
    assert sum(in_view(tiles.nth(n).bounding_box()) for n in range(24)) >= 12
    # Every corner of the board and its middle answer as the board, not the sheet.
    corners = [
        (area["x"] + dx, area["y"] + dy)
        for dx in (4, area["width"] / 2, area["width"] - 4)
        for dy in (4, area["height"] / 2, area["height"] - 4)
    ]
    for x, y in corners:
        hit = page.evaluate(
            "([x, y]) => !!document.elementFromPoint(x, y).closest('svg.board')", [x, y]
        )
        assert hit, (x, y)
    # What the player sees, then the whole page (whose screenshot scrolls: put back after).
    screenshot(page, "quadrotone-phone-on-load-screen", full_page=False)
    scrolled = page.evaluate("window.scrollY")
    screenshot(page, "quadrotone-phone-on-load")
    page.evaluate("y => window.scrollTo(0, y)", scrolled)

    tiles.nth(0).tap()
    grid = json.loads(board.get_attribute("data-grid"))
    lowest = 1 if grid["flip_y"] else grid["height"] - 1
    tap_cell(page, 1, lowest)
    expect(page.locator(".composer .pending li")).to_have_count(1)
    expect(page.locator('input[name="composer-mode"][value="place"]')).to_be_checked()
    screenshot(page, "quadrotone-phone-lowest-cell-tapped")
