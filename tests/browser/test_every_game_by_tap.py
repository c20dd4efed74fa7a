"""Every game at phone size (390×844, a touch screen) takes a move by a tap of the finger: a
Dots and Boxes line, a Quadramids figure here; Kropki's dot in test_board_on_a_phone.py and
Quadrotone's tiles in test_quadrotone_on_a_phone.py."""

import re

from playwright.sync_api import expect

from games.models import Game
from tests.browser.conftest import log_in, screenshot, tap_point

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def practice(page, site: str, game: str, choices: dict[str, str] | None = None) -> Game:
    """A practice game against the CPU, started from the new-game page by taps."""
    page.goto(f"{site}/games/new/?game={game}")
    for label, value in (choices or {}).items():
        page.get_by_label(label).select_option(value)
    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    return Game.objects.get(game=game)


def players_moves(game: Game) -> list:
    return [
        move.payload
        for move in game.moves.filter(player__isnull=False, status="accepted").order_by("seq")
    ]


def test_a_dots_and_boxes_line_is_drawn_by_tapping(site, open_page, make_user):
    make_user("lena")
    page = open_page(**PHONE)
    log_in(page, site, "lena")
    game = practice(page, site, "dots_and_boxes", {"Boxes across": "3", "Boxes down": "3"})
    tap_point(page, 2, 1)  # the middle of the bottom-left line
    expect(page.locator('.edge.blue[data-point="2-1"]')).to_have_count(1)
    assert len(players_moves(game)) == 1
    screenshot(page, "dots-and-boxes-phone-tapped")


def test_a_quadramids_figure_is_put_by_tapping(site, open_page, make_user):
    make_user("mira")
    page = open_page(**PHONE)
    log_in(page, site, "mira")
    game = practice(page, site, "quadramids")
    tap_point(page, 7, 1)  # d1
    expect(page.locator('.figure.seat-1[data-place="d1"]')).to_have_count(1)
    assert players_moves(game) == [["put", "d1"]]
    screenshot(page, "quadramids-phone-tapped")
