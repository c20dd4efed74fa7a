"""A long game's page ends where its content ends: the move list's labels for screen readers
(text hidden inside the list's scrolling box) stay in the box instead of stretching the page
below the footer, on a desktop and on a phone, for every game."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.support.replays import finished_game

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

# How far the page scrolls past the bottom of its footer, and how far past its right edge.
PAST_THE_END = """() => {
  const footer = document.querySelector('.site-footer').getBoundingClientRect();
  const page = document.documentElement;
  return {
    below: page.scrollHeight - (footer.bottom + window.scrollY),
    beside: page.scrollWidth - page.clientWidth,
  };
}"""


# Transactional: the live server answers from another thread, on its own connection.
@pytest.fixture
def site(live_server, transactional_db, embedded) -> str:
    """The site, its games played in-process: these tests look at the pages."""
    return live_server.url


@pytest.mark.parametrize("name", ["kropki", "dots_and_boxes", "quadramids", "quadrotone"])
def test_a_long_finished_games_page_ends_with_its_content(name, site, open_page, make_user):
    # 12 of the player's moves and the CPU's replies: a move list that scrolls in its box.
    game = finished_game(make_user("lena"), name, own_moves=12)
    assert game.move_count >= 20
    for viewport, size in [(DESKTOP, "desktop"), (PHONE, "phone")]:
        page = open_page(viewport=viewport)
        page.goto(f"{site}/games/{game.pk}/")
        moves = page.locator(".move-list .moves")
        expect(moves.locator("li")).to_have_count(game.move_count + 1)
        assert moves.evaluate("list => list.scrollHeight > list.clientHeight"), size
        past = page.evaluate(PAST_THE_END)
        assert past["below"] <= 1, f"{size}: {past['below']}px of blank page below the footer"
        assert past["beside"] <= 1, f"{size}: {past['beside']}px of blank page beside it"
        # Each move still names its player to a screen reader, from inside the list's box.
        labels = moves.locator(".visually-hidden")
        expect(labels).to_have_count(game.move_count)
        escaped = labels.evaluate_all(
            "(labels, box) => labels.filter(label => label.offsetParent !== box).length",
            moves.element_handle(),
        )
        assert escaped == 0, f"{size}: {escaped} hidden labels placed outside the move list"
        screenshot(page, f"long-game-{name}-{size}")
