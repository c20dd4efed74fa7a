"""The notices above a page are of a moment: "The game has started." leaves at the game's
next move or after a few seconds, never covers the board, and can be closed; an error stays
until it is closed."""

import pytest
from playwright.sync_api import expect

from games import services
from games.models import Game
from tests.browser.conftest import log_in, screenshot

PHONE = {"width": 390, "height": 844}


# Transactional: the live server answers from another thread, on its own connection.
@pytest.fixture
def site(live_server, transactional_db, embedded) -> str:
    """The site with its moves decided in-process: these tests look at the page."""
    return live_server.url


@pytest.fixture
def invited(make_user) -> Game:
    """Bob's Kropki game to which Lena is invited; Bob (blue) moves first once she accepts."""
    make_user("lena")
    bob = make_user("bob")
    return services.create_game(
        creator=bob, game="kropki", options={"width": 10, "height": 10, "start": "empty"},
        format=None, opponent="lena",
    )  # fmt: skip


def accept(page, site: str, game: Game):
    log_in(page, site, "lena")
    page.goto(f"{site}/games/{game.pk}/")
    page.get_by_role("button", name="Accept").click()
    notice = page.locator(".messages .message", has_text="The game has started.")
    expect(notice).to_be_visible()
    page.wait_for_load_state()  # the notice's own timer starts with the page's scripts
    return notice


def test_the_game_has_started_notice_leaves_at_the_next_move_and_never_covers_the_board(
    site, open_page, invited
):
    page = open_page(viewport=PHONE)
    # The page's own timers stand still: only the move can take the notice away, however
    # long a busy machine takes to bring it.
    page.clock.install()
    notice = accept(page, site, invited)
    notice_box = notice.bounding_box()
    board_box = page.locator("svg.board").bounding_box()
    assert notice_box["y"] + notice_box["height"] <= board_box["y"], "the notice covers the board"
    screenshot(page, "game-started-notice-phone")

    bob = invited.seats.get(seat="blue").user
    services.submit_move(game_id=invited.pk, user=bob, seq=1, payload=[3, 3])
    expect(page.locator("svg.board .dot.blue")).to_have_count(1)
    expect(page.locator(".messages .message")).to_have_count(0)
    screenshot(page, "game-started-notice-gone-phone")


def test_the_game_has_started_notice_leaves_by_itself_after_a_few_seconds(site, open_page, invited):
    page = open_page()
    page.clock.install()
    notice = accept(page, site, invited)
    page.clock.fast_forward(4000)
    expect(notice).to_be_visible()  # long enough to be read
    page.clock.fast_forward(6000)
    expect(page.locator(".messages .message")).to_have_count(0)
    expect(page.locator("svg.board")).to_be_visible()


def test_a_notice_closes_with_its_button_and_an_error_stays_until_then(site, open_page, invited):
    page = open_page()
    page.clock.install()
    log_in(page, site, "lena")
    page.goto(f"{site}/games/{invited.pk}/")
    page.get_by_role("button", name="Accept").click()
    # Resigning a game that is over is refused: an error notice.
    services.resign(invited.pk, invited.seats.get(seat="blue").user)
    page.goto(f"{site}/games/{invited.pk}/")
    page.evaluate(
        """url => {
          const form = document.createElement('form');
          form.method = 'post';
          form.action = url;
          form.appendChild(document.querySelector('[name=csrfmiddlewaretoken]').cloneNode());
          document.body.appendChild(form);
          form.submit();
        }""",
        f"/games/{invited.pk}/resign/",
    )
    error = page.locator(".messages .message.error")
    expect(error).to_be_visible()
    page.clock.fast_forward(30000)
    expect(error).to_be_visible()
    error.get_by_role("button", name="Close this notice").click()
    expect(page.locator(".messages .message")).to_have_count(0)
