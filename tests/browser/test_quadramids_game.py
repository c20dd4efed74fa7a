"""Quadramids in Chromium: a figure put by a click, then chosen and stepped."""

import re

from playwright.sync_api import expect

from games.models import Game
from tests.browser.conftest import click_point, log_in, screenshot


def cell(name: str) -> tuple[int, int]:
    """The board's click grid point of a cell: files and ranks on the odd points."""
    return 2 * "abcdefgh".index(name[0]) + 1, 2 * (int(name[1:]) - 1) + 1


def test_quadramids_figure_is_put_then_chosen_and_stepped(site, page, make_user):
    make_user("mira")
    log_in(page, site, "mira")
    page.goto(f"{site}/games/new/?game=quadramids")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))

    click_point(page, *cell("d1"))
    expect(page.locator('.figure.seat-1[data-place="d1"]')).to_have_count(1)
    expect(page.locator(".figure.seat-2")).to_have_count(1)  # the CPU put one too

    click_point(page, *cell("d1"))
    expect(page.locator(".target-dot").first).to_be_visible()  # where it may go
    screenshot(page, "quadramids-chosen")
    click_point(page, *cell("d2"))
    expect(page.locator('.figure.seat-1[data-place="d2"]')).to_have_count(1)
    expect(page.locator('.figure.seat-1[data-place="d1"]')).to_have_count(0)
    moves = Game.objects.get().moves.filter(seat="1", status="accepted").order_by("seq")
    assert [move.payload for move in moves] == [["put", "d1"], ["move", "d1", "d2"]]
    screenshot(page, "quadramids-stepped")
