"""Quadrotone in Chromium: a move of two tiles composed from the hand, turned and placed."""

import re

from playwright.sync_api import expect

from games import services
from games.models import Game
from tests.browser.conftest import click_point, log_in, screenshot


def test_quadrotone_move_is_composed_from_the_hand_and_played(site, page, open_page, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    game = services.create_game(
        creator=alice, game="quadrotone", options={}, format=None, opponent="bob"
    )
    game = services.accept_invitation(game.pk, bob)
    first = game.seats.get(seat="first").user
    log_in(page, site, first.username)
    page.goto(f"{site}/games/{game.pk}/")

    tiles = page.locator(".hand-tile")
    expect(tiles).to_have_count(128)
    tiles.nth(0).click()
    page.get_by_role("button", name="Turn (R)").click()
    expect(page.locator(".composer-status")).to_contain_text("turned 90°")
    click_point(page, 5, 5)  # cell (4, 4)
    tiles.nth(1).click()
    page.keyboard.press("r")
    page.keyboard.press("r")
    click_point(page, 6, 5)  # cell (5, 4)
    expect(page.locator(".composer .pending li")).to_have_count(2)
    expect(page.locator(".preview .preview-frame")).to_have_count(2)
    screenshot(page, "quadrotone-composing")

    page.get_by_role("button", name="Play the move").click()
    expect(page.locator('.tile[data-cell="4-4"]')).to_have_count(1)
    expect(page.locator('.tile[data-cell="5-4"]')).to_have_count(1)
    expect(page.locator(".composer .pending li")).to_have_count(0)
    expect(page.locator(".turn-line")).to_contain_text(re.compile("Second to move"))
    played = Game.objects.get(pk=game.pk).moves.get(seq=1)
    assert [entry[1:] for entry in played.payload["place"]] == [[4, 4, 1], [5, 4, 2]]
    screenshot(page, "quadrotone-played")

    # The second player rearranges: picks the tile on 5-5, turns it, moves it up a cell.
    second = open_page()
    log_in(second, site, game.seats.get(seat="second").user.username)
    second.goto(f"{site}/games/{game.pk}/")
    second.get_by_label("Rearrange tiles").check()
    click_point(second, 5, 5)
    expect(second.locator(".composer-status")).to_contain_text("5-5")
    second.keyboard.press("r")
    click_point(second, 5, 6)
    expect(second.locator(".composer .pending li")).to_have_count(1)
    second.get_by_role("button", name="Play the move").click()
    expect(second.locator('.tile[data-cell="4-5"]')).to_have_count(1)
    expect(second.locator('.tile[data-cell="4-4"]')).to_have_count(0)
    expect(page.locator('.tile[data-cell="4-5"]')).to_have_count(1)  # the first player sees it
    rearranged = Game.objects.get(pk=game.pk).moves.get(seq=2)
    assert rearranged.payload == {"rearrange": [[4, 4, 4, 5, 1]]}
    screenshot(second, "quadrotone-rearranged")
