"""The Kropki board of a real game in Chromium: closed capture polygons, no link lines until
the reader asks for them (with or without JavaScript), and why a secured lead ended it."""

import re

from playwright.sync_api import expect

from games.catalog.kropki.engine import ENGINE
from tests.browser.conftest import screenshot
from tests.games.test_kropki_board import ZAGRAM, kropki_game_from_record, record_moves

DESKTOP = {"width": 1280, "height": 1000}


def capture_paths(page) -> list[str]:
    return page.locator("svg.board-kropki .captures path").evaluate_all(
        "paths => paths.map(path => path.getAttribute('d'))"
    )


def test_zagram_board_draws_closed_filled_capture_polygons_and_links_only_when_asked(
    site, open_page, make_user
):
    game = kropki_game_from_record(ZAGRAM, make_user("mithrandir"), make_user("roman"))
    contours = ENGINE.view(record_moves(ZAGRAM)[2])["contours"]
    page = open_page(viewport=DESKTOP)
    page.goto(f"{site}{game.get_absolute_url()}")
    board = page.locator("svg.board-kropki")
    expect(board).to_be_visible()

    paths = capture_paths(page)
    assert len(paths) == len(contours) and all(d.endswith("Z") for d in paths)
    # Each polygon is filled in its capturer's colour, see-through, with its outline.
    styles = page.locator("svg.board-kropki .captures path").evaluate_all(
        """paths => paths.map(path => {
             const style = getComputedStyle(path);
             return [path.classList.contains('red') ? 'red' : 'blue', style.fill, style.stroke];
           })"""
    )
    for owner, fill, stroke in styles:
        assert fill.startswith("rgba(") and fill.endswith(", 0.22)"), fill
        assert stroke != "none" and ("192, 38, 45" in fill) is (owner == "red")
    links = board.locator("g.links")
    expect(links).to_be_hidden()
    screenshot(page, "kropki-zagram-board")

    page.get_by_label("Show links").check()
    expect(links).to_be_visible()
    assert links.locator("path.blue").get_attribute("d").count("M") > 0
    screenshot(page, "kropki-zagram-board-links")
    # The choice stays for the next board the reader opens.
    page.reload()
    expect(page.get_by_label("Show links")).to_be_checked()
    expect(page.locator("svg.board-kropki g.links")).to_be_visible()
    page.get_by_label("Show links").uncheck()
    expect(page.locator("svg.board-kropki g.links")).to_be_hidden()


def test_show_links_works_without_javascript(site, open_page, make_user):
    game = kropki_game_from_record(ZAGRAM, make_user("mithrandir"), make_user("roman"))
    page = open_page(viewport=DESKTOP, java_script_enabled=False)
    page.goto(f"{site}{game.get_absolute_url()}")
    links = page.locator("svg.board-kropki g.links")
    expect(links).to_be_hidden()
    page.get_by_text("Show links").click()
    expect(links).to_be_visible()


def test_the_secured_lead_note_rings_what_blue_could_win_and_links_rule_K13(
    site, open_page, make_user
):
    game = kropki_game_from_record(ZAGRAM, make_user("mithrandir"), make_user("roman"))
    at_stake = ENGINE.view(record_moves(ZAGRAM)[2])["at_stake"]
    page = open_page(viewport=DESKTOP)
    page.goto(f"{site}{game.get_absolute_url()}")
    rings = page.locator("svg.board-kropki .at-stake.blue")
    expect(rings).to_have_count(len(at_stake))
    expect(rings.first).to_be_visible()
    note = page.locator(".secured-note")
    expect(note).to_contain_text(f"only {len(at_stake)} dots, ringed on the board")
    note.get_by_role("link", name="Rule K13: a secured lead").click()
    page.wait_for_url(re.compile(r"/rules/kropki/#K13$"))
    expect(page.locator("#K13")).to_be_in_viewport()
