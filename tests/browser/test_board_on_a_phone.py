"""The board on a phone and on a desktop: a tap on a board whose points are too close for a
finger asks before the dot is put, the board zooms and pans in its frame, the clock of a
30-second move is not red from its start, a mouse click leaves no focus frame, and a refusal's
message sits beside the board rather than over it."""

import re

from playwright.sync_api import expect

from games import services
from games.models import Game
from tests.browser.conftest import log_in, screenshot

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}

# Where the page shows a lattice point x-y, through the board's own screen matrix (right
# whatever the zoom).
POINT_ON_SCREEN = """([x, y]) => {
  const svg = document.querySelector('svg.board');
  const grid = JSON.parse(svg.dataset.grid);
  const spot = svg.createSVGPoint();
  spot.x = grid.left + (x - 1) * grid.cell;
  spot.y = grid.top + (grid.flip_y ? grid.height - y : y - 1) * grid.cell;
  const screen = spot.matrixTransform(svg.getScreenCTM());
  return [screen.x, screen.y];
}"""


def large_board_game(make_user, **time_control) -> tuple[Game, str, str]:
    """A 39×32 Kropki game under way between two players: (game, who moves, who waits)."""
    alice, bob = make_user("alice"), make_user("bob")
    game = services.create_game(
        creator=alice, game="kropki", options={"width": 39, "height": 32}, format=None,
        opponent="bob", time_control=time_control or None,
    )  # fmt: skip
    game = services.accept_invitation(game.pk, bob)
    seats = {seat.seat: seat.user.username for seat in game.seats.select_related("user")}
    waiting = next(name for seat, name in seats.items() if seat != game.to_move)
    return game, seats[game.to_move], waiting


def open_game(page, site: str, game: Game, username: str):
    """The game page, logged in as `username`."""
    log_in(page, site, username)
    page.goto(f"{site}/games/{game.pk}/")
    return page


def tap_point(page, x: int, y: int) -> None:
    spot = page.evaluate(POINT_ON_SCREEN, [x, y])
    page.touchscreen.tap(spot[0], spot[1])


def moves_of(game: Game) -> list:
    return list(game.moves.filter(status="accepted").values_list("payload", flat=True))


def test_a_tap_on_a_39_by_32_board_marks_the_point_and_asks_before_the_dot_is_put(
    site, open_page, make_user
):
    game, mover, _ = large_board_game(make_user)
    page = open_game(open_page(**PHONE), site, game, mover)

    tap_point(page, 10, 8)
    question = page.locator(".move-confirm")
    expect(question).to_be_visible()
    expect(question).to_contain_text("10-8")
    expect(page.locator("svg.board .confirm-mark")).to_have_count(2)
    expect(page.locator("svg.board .dot.pending")).to_have_count(0)
    assert moves_of(game) == []
    screenshot(page, "board-phone-asks-before-the-dot")

    # Another point moves the mark; Cancel takes it away; nothing has been sent.
    tap_point(page, 11, 8)
    expect(question).to_contain_text("11-8")
    question.get_by_role("button", name="Cancel").click()
    expect(question).to_be_hidden()
    expect(page.locator("svg.board .confirm-mark")).to_have_count(0)
    assert moves_of(game) == []

    tap_point(page, 10, 8)
    question.get_by_role("button", name="Play").click()
    expect(page.locator(".turn-line")).to_contain_text("1 move")
    assert moves_of(game) == [[10, 8]]


def test_a_second_tap_on_the_marked_point_puts_the_dot(site, open_page, make_user):
    game, mover, _ = large_board_game(make_user)
    page = open_game(open_page(**PHONE), site, game, mover)

    tap_point(page, 5, 7)
    expect(page.locator(".move-confirm")).to_be_visible()
    tap_point(page, 5, 7)
    expect(page.locator(".turn-line")).to_contain_text("1 move")
    assert moves_of(game) == [[5, 7]]


def test_the_board_zooms_in_its_frame_and_a_tap_on_points_far_enough_apart_plays_at_once(
    site, open_page, make_user
):
    game, mover, _ = large_board_game(make_user)
    page = open_game(open_page(**PHONE), site, game, mover)
    board = page.locator("svg.board")
    whole_view = board.get_attribute("viewBox")
    frame_width = page.locator(".board-frame").bounding_box()["width"]

    zoom_in = page.get_by_role("button", name="Zoom in")
    for _step in range(3):
        zoom_in.click()
    expect(page.locator(".board-zoom .zoom-level")).to_have_text("×3.4")
    assert board.get_attribute("viewBox") != whole_view
    # The page keeps its width: the board zooms inside its frame.
    assert page.locator(".board-frame").bounding_box()["width"] == frame_width
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(page, "board-phone-zoomed")

    tap_point(page, 22, 14)  # shown near the middle of the zoomed board
    expect(page.locator(".turn-line")).to_contain_text("1 move")
    expect(page.locator(".move-confirm")).to_be_hidden()
    assert moves_of(game) == [[22, 14]]

    # The zoom stays when the page brings the new position; "Whole board" shows all of it.
    expect(board).not_to_have_attribute("viewBox", whole_view)
    page.get_by_role("button", name="Whole board").click()
    expect(board).to_have_attribute("viewBox", whole_view)


def test_a_drag_on_the_zoomed_board_pans_it_and_puts_no_dot(site, open_page, make_user):
    game, mover, _ = large_board_game(make_user)
    page = open_game(open_page(**PHONE), site, game, mover)
    board = page.locator("svg.board")
    page.get_by_role("button", name="Zoom in").click()
    page.get_by_role("button", name="Zoom in").click()
    before = [float(n) for n in board.get_attribute("viewBox").split()]

    box = board.bounding_box()
    middle_x, middle_y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(middle_x, middle_y)
    page.mouse.down()
    page.mouse.move(middle_x - 60, middle_y - 40, steps=6)
    page.mouse.up()

    after = [float(n) for n in board.get_attribute("viewBox").split()]
    assert after[0] > before[0] and after[1] > before[1]  # dragged left and up: shows more right
    assert after[2:] == before[2:]
    expect(page.locator(".move-confirm")).to_be_hidden()
    expect(page.locator("svg.board .dot.pending")).to_have_count(0)
    assert moves_of(game) == []


def test_the_clock_is_not_red_at_the_start_of_a_30_second_move(site, open_page, make_user):
    game, mover, _ = large_board_game(make_user, move_s=30)
    page = open_game(open_page(**DESKTOP), site, game, mover)
    running = page.locator(".clock.running")
    expect(running).to_have_text(re.compile(r"^0:2\d$"))  # under 30 s left, counting down
    expect(running).not_to_have_class(re.compile(r"\blow\b"))


def test_a_mouse_click_on_the_board_leaves_no_focus_frame_the_keyboard_shows_one(
    site, open_page, make_user
):
    game, _, waiting = large_board_game(make_user)
    page = open_game(open_page(**DESKTOP), site, game, waiting)
    board = page.locator("svg.board")
    outline = "el => getComputedStyle(el).outlineStyle"

    box = board.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(board).to_be_focused()
    assert board.evaluate(outline) == "none"

    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    expect(board).to_be_focused()
    assert board.evaluate(outline) == "solid"


def test_the_message_of_a_refused_click_does_not_cover_the_board(site, open_page, make_user):
    game, _, waiting = large_board_game(make_user)
    page = open_game(open_page(**DESKTOP), site, game, waiting)
    board = page.locator("svg.board")

    box = board.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + 12)  # the top row, not their move
    message = page.locator(".board-message")
    expect(message).to_be_visible()
    shown, board_box = message.bounding_box(), board.bounding_box()
    assert shown["y"] + shown["height"] <= board_box["y"]


def test_two_fingers_spread_on_the_board_zoom_it_in(site, open_page, make_user):
    game, mover, _ = large_board_game(make_user)
    page = open_game(open_page(**PHONE), site, game, mover)
    board = page.locator("svg.board")
    whole_width = float(board.get_attribute("viewBox").split()[2])
    box = board.bounding_box()
    middle_x, middle_y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    touch = page.context.new_cdp_session(page)

    def fingers(kind: str, apart: float) -> None:
        points = [
            {"x": middle_x - apart, "y": middle_y, "id": 1},
            {"x": middle_x + apart, "y": middle_y, "id": 2},
        ]
        touch.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    fingers("touchStart", 30)
    for apart in range(35, 95, 5):
        fingers("touchMove", apart)
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    zoomed_width = float(board.get_attribute("viewBox").split()[2])
    assert zoomed_width < whole_width / 2  # the fingers went three times as far apart
    expect(page.locator(".move-confirm")).to_be_hidden()
    assert moves_of(game) == []
