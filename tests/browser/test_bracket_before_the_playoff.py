"""The bracket from day one, in a real browser at desktop and phone size: named slots
before the groups are drawn and while they play; on a phone a player reaches their own game
in one tap, and the schedule wraps instead of hiding the game link and deadline."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import log_in, screenshot
from tests.support.championships import invite_and_accept, small_championship
from tests.tournaments.deadline_support import running_games, started_championship

SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


def no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width}px wide"


@pytest.mark.parametrize("size", SIZES)
def test_the_bracket_is_named_before_the_groups_are_drawn(site, open_page, make_user, size):
    organiser = make_user("olga")
    championship = small_championship(
        organiser, name="Spring Cup", group_size=4, playoff_players_per_group=2
    )
    invite_and_accept(championship, organiser, *[make_user(f"p{n:02d}") for n in range(12)])
    page = open_page(viewport=SIZES[size])
    page.goto(f"{site}/championships/{championship.pk}/")
    playoff = page.locator("#playoff")
    expect(playoff).to_contain_text("The bracket as it stands with the 12 players entered so far")
    svg = playoff.locator("svg.bracket-svg")
    for label in ("Winner of group A", "Runner-up of group C", "Loser of D"):
        expect(svg.locator("text.bracket-name", has_text=label).first).to_be_attached()
    expect(svg.locator("text.bracket-heading")).to_have_text(
        ["Quarter-finals", "Semi-finals", "Final", "Third place"]
    )
    # The two best group winners have a bye.
    expect(svg.locator("text.bracket-name", has_text=re.compile("^bye$"))).to_have_count(2)
    no_sideways_scroll(page)
    screenshot(page, f"bracket-before-the-groups-{size}")


@pytest.mark.parametrize("size", SIZES)
def test_the_bracket_is_named_while_the_groups_play(site, open_page, make_user, size):
    organiser = make_user("olga")
    players = [make_user(f"p{n:02d}") for n in range(6)]
    championship = started_championship(
        organiser, players, group_size=3, playoff_players_per_group=1
    )
    page = open_page(viewport=SIZES[size])
    page.goto(f"{site}/championships/{championship.pk}/")
    playoff = page.locator("#playoff")
    expect(playoff).to_contain_text("The bracket was fixed when the groups were drawn")
    svg = playoff.locator("svg.bracket-svg")
    expect(svg.locator("text.bracket-name", has_text="Winner of group A")).to_have_count(1)
    expect(svg.locator("text.bracket-name", has_text="Winner of group B")).to_have_count(1)
    # Two players make only a final: no match for third place.
    expect(svg.locator("text.bracket-heading")).to_have_text(["Final"])
    # Nobody has played yet: no group marks anyone as advancing.
    expect(page.locator("#standings .advance-mark")).to_have_count(0)
    no_sideways_scroll(page)
    screenshot(page, f"bracket-during-the-groups-{size}")


def test_on_a_phone_a_player_reaches_their_own_game_in_one_tap(site, open_page, make_user):
    organiser = make_user("olga")
    players = [make_user(f"p{n:02d}") for n in range(8)]
    championship = started_championship(
        organiser, players, group_size=4, playoff_players=2, round_deadline_s=7 * 86_400
    )
    game = next(g for g in running_games(championship) if g.seats.filter(user=players[0]))
    page = open_page(viewport=SIZES["phone"], has_touch=True, is_mobile=True)
    log_in(page, site, players[0].username)
    page.goto(f"{site}/championships/{championship.pk}/")
    link = page.locator(".your-games a", has_text="Your game against")
    expect(link).to_be_in_viewport()  # at the top: no scrolling
    # The schedule wraps: the player's game link and its deadline are on the screen's width.
    row = page.locator("table.schedule tr.highlight").first
    for cell in (row.locator("td.game-links a").first, row.locator("td.deadline")):
        box = cell.bounding_box()
        assert box is not None and box["x"] >= 0
        assert box["x"] + box["width"] <= SIZES["phone"]["width"]
    no_sideways_scroll(page)
    screenshot(page, "championship-your-game-phone")
    link.tap()
    page.wait_for_url(re.compile(rf"/games/{game.pk}/$"))


@pytest.mark.parametrize("size", SIZES)
def test_a_double_eliminations_brackets_are_named_by_seed_in_registration(
    site, open_page, make_user, size
):
    organiser = make_user("olga")
    championship = small_championship(organiser, name="Twice Cup", system="double_elimination")
    invite_and_accept(championship, organiser, *[make_user(f"p{n:02d}") for n in range(6)])
    page = open_page(viewport=SIZES[size])
    page.goto(f"{site}/championships/{championship.pk}/")
    brackets = page.locator("#brackets")
    expect(brackets).to_contain_text("The brackets as they stand with the 6 players entered so far")
    svg = brackets.locator("svg.bracket-svg")
    for label in ("Seed 3", "Seed 6", "Loser of H", "Winner of I"):
        expect(svg.locator("text.bracket-name", has_text=label).first).to_be_attached()
    expect(svg.locator("text.bracket-heading", has_text="Grand final")).to_have_text(
        ["Grand final", "Grand final reset"]
    )
    no_sideways_scroll(page)
    screenshot(page, f"double-elimination-before-the-draw-{size}")


@pytest.mark.parametrize("size", SIZES)
def test_a_swiss_playoff_is_named_by_swiss_place_before_it_is_drawn(
    site, open_page, make_user, size
):
    organiser = make_user("olga")
    championship = small_championship(
        organiser, name="Open Swiss", system="swiss", playoff_players=4
    )
    invite_and_accept(championship, organiser, *[make_user(f"p{n:02d}") for n in range(7)])
    page = open_page(viewport=SIZES[size])
    page.goto(f"{site}/championships/{championship.pk}/")
    playoff = page.locator("#playoff")
    expect(playoff).to_contain_text("The top 4 of the Swiss go on to this playoff")
    svg = playoff.locator("svg.bracket-svg")
    for label in ("Place 1 in the Swiss", "Place 4 in the Swiss", "Loser of A"):
        expect(svg.locator("text.bracket-name", has_text=label).first).to_be_attached()
    expect(svg.locator("text.bracket-heading")).to_have_text(
        ["Semi-finals", "Final", "Third place"]
    )
    no_sideways_scroll(page)
    screenshot(page, f"swiss-playoff-before-the-draw-{size}")
