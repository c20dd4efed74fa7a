"""A practice game against the CPU, played in Chromium: clicks, keyboard, refusals, the end."""

from playwright.sync_api import expect

from games.models import Game
from tests.browser.conftest import click_point, log_in, screenshot, start_practice_kropki


def test_practice_game_against_the_cpu_is_played_by_clicking_and_with_the_keyboard(
    site, page, make_user
):
    make_user("nina")
    log_in(page, site, "nina")
    start_practice_kropki(page, site)
    game = Game.objects.get()
    assert game.kind == Game.Kind.PRACTICE

    click_point(page, 3, 3)
    expect(page.locator('.dot.blue[data-point="3-3"]')).to_be_visible()
    expect(page.locator(".dot.red")).to_have_count(1)  # the CPU answered, no reload
    expect(page.locator(".game-side")).to_contain_text("2 moves")

    # The keyboard: focus the board, the cursor starts where the player last clicked.
    page.locator("svg.board").focus()
    expect(page.locator("#cursor-status")).to_have_text("3-3: blue dot")
    taken = set(page.locator(".dot").evaluate_all("dots => dots.map(d => d.dataset.point)"))
    steps = {"ArrowUp": (3, 4), "ArrowDown": (3, 2), "ArrowLeft": (2, 3), "ArrowRight": (4, 3)}
    key, target = next((k, t) for k, t in steps.items() if f"{t[0]}-{t[1]}" not in taken)
    page.keyboard.press(key)
    expect(page.locator("#cursor-status")).to_have_text(f"{target[0]}-{target[1]}: free")
    page.keyboard.press("Enter")
    expect(page.locator(f'.dot.blue[data-point="{target[0]}-{target[1]}"]')).to_be_visible()
    expect(page.locator(".dot.red")).to_have_count(2)
    screenshot(page, "practice-game")

    # A move on a taken point is refused by the server, and the board says why.
    click_point(page, 3, 3)
    expect(page.locator(".board-message")).to_be_visible()
    expect(page.locator(".board-message")).to_contain_text("3-3")
    screenshot(page, "practice-game-refused-move")

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Resign").click()
    expect(page.locator(".game-over")).to_contain_text("resignation")
    expect(page.locator(".game-over")).to_contain_text("CPU wins")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner == "red"
    screenshot(page, "practice-game-over")
