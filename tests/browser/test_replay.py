"""The replay in Chromium: a finished game of each kind stepped through by the keys and by
the buttons, every position shown compared with the engine's replay of the game's record;
the permalink without JavaScript; a game under way followed live unless the viewer has
stepped back, and the board's own arrow keys left to its player."""

import re
import xml.etree.ElementTree as ElementTree

import pytest
from playwright.sync_api import expect

from games.boards import board_svg
from games.models import Game
from tests.browser.conftest import log_in, screenshot
from tests.support.replays import finished_game, players_turn, replayed_view

GAMES = ["kropki", "dots_and_boxes", "quadramids", "quadrotone"]

# Every element of the board below its root, as (tag, its attributes in order); the
# keyboard cursor of a board being played is the page's own.
DRAWN = """() => [...document.querySelector('svg.board').querySelectorAll('*')]
  .filter(e => e.getAttribute('class') !== 'cursor')
  .map(e => [e.tagName, [...e.attributes].map(a => [a.name, a.value]).sort()])"""


# Transactional: the live server answers from another thread, on its own connection.
@pytest.fixture
def site(live_server, transactional_db, embedded) -> str:
    """The site, its games played in-process: these tests look at the pages."""
    return live_server.url


def expected_drawing(game: Game, number: int, playable: bool) -> list:
    """The board board_svg draws from the engine's replay of the record to move `number`."""
    drawn = board_svg(game.game, replayed_view(game, number), playable=playable)
    # A drawer may put controls or a note beside its <svg> (Kropki's "show links").
    root = ElementTree.fromstring(drawn[drawn.index("<svg") : drawn.rindex("</svg>") + 6])
    return [
        [element.tag.split("}")[-1], sorted([name, value] for name, value in element.items())]
        for element in root.iter()
        if element is not root and element.get("class") != "cursor"
    ]


def shown_drawing(page) -> list:
    return [[tag, [list(pair) for pair in attributes]] for tag, attributes in page.evaluate(DRAWN)]


def expect_position(page, game: Game, number: int, playable: bool = False) -> None:
    """The page shows the position after move `number`, marked in the move list."""
    expect(page.locator(".game-live")).to_have_attribute("data-shown-move", str(number))
    assert shown_drawing(page) == expected_drawing(game, number, playable), number
    marked = page.locator('.move-list a[aria-current="step"]')
    expect(marked).to_have_attribute("data-replay-move", str(number))


@pytest.mark.parametrize("name", GAMES)
def test_a_finished_game_steps_by_keys_and_buttons_through_the_engines_positions(
    name, site, open_page, make_user
):
    game = finished_game(make_user("lena"), name)
    total = game.move_count
    assert total >= 4
    page = open_page()
    page.goto(f"{site}/games/{game.pk}/")
    expect_position(page, game, total)

    # The keys: Home, End and the arrows, from anywhere on the page but the board of a game
    # being played.
    page.keyboard.press("Home")
    expect_position(page, game, 0)
    assert page.url.endswith("?move=0")
    page.keyboard.press("ArrowRight")
    expect_position(page, game, 1)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect_position(page, game, 3)
    page.keyboard.press("ArrowLeft")
    expect_position(page, game, 2)
    page.keyboard.press("End")
    expect_position(page, game, total)
    page.keyboard.press("ArrowRight")  # nothing after the last move
    expect_position(page, game, total)

    # The buttons.
    steps = page.locator(".replay-steps")
    steps.get_by_role("link", name="First").click()
    expect_position(page, game, 0)
    expect(steps.locator('[data-replay="back"]')).to_have_attribute("aria-disabled", "true")
    steps.get_by_role("link", name="Forward").click()
    expect_position(page, game, 1)
    steps.get_by_role("link", name="Forward").click()
    expect_position(page, game, 2)
    steps.get_by_role("link", name="Last").click()
    expect_position(page, game, total)
    steps.get_by_role("link", name="Back").click()
    expect_position(page, game, total - 1)
    assert page.url.endswith(f"?move={total - 1}")
    # A move of the list.
    page.locator(".move-list").get_by_role("link").nth(3).click()
    expect_position(page, game, 3)
    expect(page.locator(".replay-status")).to_contain_text(f"After move 3 of {total}")
    # The finished game says nothing of how to move on the board.
    expect(page.locator("#board-help")).to_have_text("")
    screenshot(page, f"replay-{name}")

    # The address is the permalink: it opens on the same position, on a phone too.
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(page.url)
    expect_position(page, game, 3)
    screenshot(page, f"replay-{name}-phone")


def test_the_permalink_is_drawn_by_the_server_without_javascript(site, open_page, make_user):
    game = finished_game(make_user("lena"), "dots_and_boxes")
    page = open_page(java_script_enabled=False)
    page.goto(f"{site}/games/{game.pk}/?move=2")
    expect_position(page, game, 2)
    expect(page.locator(".player").first.locator(".score")).to_have_text(
        str(replayed_score(game, 2)[0])
    )
    # The steps are plain links to the next permalink.
    page.locator(".replay-steps").get_by_role("link", name="Forward").click()
    page.wait_for_url(re.compile(r"\?move=3$"))
    expect_position(page, game, 3)
    page.locator(".move-list").get_by_role("link", name=re.compile(r"^Start")).click()
    expect_position(page, game, 0)
    page.goto(f"{site}/games/{game.pk}/?move=later")
    expect(page.locator(".replay-note")).to_contain_text("move: give a whole number")
    expect_position(page, game, game.move_count)


def replayed_score(game: Game, number: int) -> list[int]:
    """Each seat's score after move `number`, in seat order, from the stored moves."""
    seats = [seat.seat for seat in game.seats.order_by("order")]
    if number == 0:
        return [0] * len(seats)
    move = game.moves.get(status="accepted", seq=number)
    return [move.score_after.get(seat, 0) for seat in seats]


def test_a_game_under_way_follows_the_moves_unless_the_viewer_steps_back(
    site, open_page, make_user
):
    from games import services

    lena = make_user("lena")
    game_id = services.create_game(
        creator=lena, game="kropki", options={"width": 8, "height": 8, "start": "empty"},
        format=None, opponent="cpu",
    ).pk  # fmt: skip
    services.submit_move(game_id=game_id, user=lena, seq=1, payload=[2, 2])
    game = players_turn(game_id, lena)
    page = open_page()
    log_in(page, site, "lena")
    page.goto(f"{site}/games/{game_id}/")
    expect_position(page, game, 2, playable=True)

    # On the board its player's arrows move the cursor, not the replay.
    page.locator("svg.board").focus()
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#cursor-status")).not_to_be_empty()
    expect(page.locator(".game-live")).to_have_attribute("data-replaying", "0")

    # Off the board they step back; the board no longer plays.
    page.locator("h1").click()
    page.keyboard.press("ArrowLeft")
    expect_position(page, game, 1)
    expect(page.locator("svg.board.playable")).to_have_count(0)
    expect(page.locator("#board-help")).to_contain_text("earlier position")

    # A move made meanwhile joins the list; the board stays where the viewer is.
    services.submit_move(game_id=game_id, user=lena, seq=3, payload=[7, 7])
    game = players_turn(game_id, lena)
    expect(page.locator(".move-list").get_by_role("link")).to_have_count(5)
    expect_position(page, game, 1)
    # Clicked once the page holds the game's last version: a click on a part that an update
    # is about to replace lands on the part replaced.
    expect(page.locator(".game-live")).to_have_attribute("data-version", str(game.version))

    page.get_by_role("link", name="Back to the live position").click()
    expect_position(page, game, 4, playable=True)
    assert not page.url.endswith("?move=1")

    # Following live: the next move shows at once.
    services.submit_move(game_id=game_id, user=lena, seq=5, payload=[4, 6])
    game = players_turn(game_id, lena)
    expect_position(page, game, 6, playable=True)
