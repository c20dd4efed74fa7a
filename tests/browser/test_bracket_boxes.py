"""The bracket of each system in Chromium at desktop and phone size (390×844): before the
draw the entrants in their seeded slots, marked provisional; once drawn and played, every
match lettered, slots waiting on a match saying "Winner of A", scores in the boxes, the
reader's own match marked, a double elimination's reset "if necessary", and every name
drawn whole inside its box (no cut names, no tooltip-only names); screenshots kept."""

import random

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.browser.conftest import log_in, screenshot
from tests.browser.test_every_page import DESKTOP, PHONE
from tests.support.championships import (
    invite_and_accept,
    small_championship,
    wait_until_moved_on,
)
from tournaments import services
from tournaments.demo import play_for_both
from tournaments.models import Match

SIZES = {"desktop": DESKTOP, "phone": PHONE}

# What in the bracket's section reaches past the screen's sides, leaving out what sits in the
# box that scrolls sideways.
SECTION_OFF_THE_SCREEN = """() => {
  const width = document.documentElement.clientWidth;
  const section = document.querySelector("section:has(svg.bracket-svg)");
  return [section, ...section.querySelectorAll("*")].filter(el => {
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || (box.left >= -1 && box.right <= width + 1)) return false;
    return !el.closest(".bracket-scroll, .visually-hidden");
  }).map(el => el.outerHTML.slice(0, 100));
}"""

# Names as long as a username can be (30 characters), of wide letters.
LONG = "Wladyslawa_Mickiewiczowna_WMW"
WIDE = "ШИРОКОВА_ЖАННА_ЮРЬЕВНА_ЩЁКИНА"

# Every name or source drawn inside its box, clear of the match's letter and of the score.
OUTSIDE_THEIR_BOX = """() => {
  const wrong = [];
  for (const match of document.querySelectorAll("svg.bracket-svg g.bracket-match")) {
    const frame = match.querySelector("rect.bracket-frame").getBBox();
    const letter = match.querySelector("text.bracket-label").getBBox();
    for (const name of match.querySelectorAll("text.bracket-name")) {
      const box = name.getBBox();
      const scores = [...match.querySelectorAll("text.bracket-score")].map(s => s.getBBox());
      const clear = scores.every(s => box.y + box.height <= s.y || s.y + s.height <= box.y
                                      || box.x + box.width <= s.x);
      if (box.x < letter.x + letter.width || box.x + box.width > frame.x + frame.width
          || box.y < frame.y || box.y + box.height > frame.y + frame.height + 1 || !clear) {
        wrong.push(name.textContent);
      }
    }
  }
  return wrong;
}"""


def players(make_user, count: int) -> list:
    """The long name first, the wide one last, short ones between."""
    return (
        [make_user(LONG)]
        + [make_user(f"p{n:02d}") for n in range(1, count - 1)]
        + [make_user(WIDE)]
    )


def play_every_running_game() -> None:
    """Every running game played to its end, then the championships moved on (by the real
    worker in CI: waited for)."""
    running = Game.objects.filter(status=Game.Status.ACTIVE)
    championships = set(running.values_list("match__stage__championship", flat=True))
    for game_id in running.values_list("pk", flat=True):
        play_for_both(game_id, random.Random(game_id), wait=10)
    for championship_id in championships:
        wait_until_moved_on(championship_id)


def opened_by_the_long_name(site, open_page, make_user, size, count, **settings):
    """A championship of `count` entrants in registration, its page opened at `size` by
    the entrant with the long name; the organiser, the championship and the page."""
    organiser = make_user("olga")
    championship = small_championship(organiser, **settings)
    invite_and_accept(championship, organiser, *players(make_user, count))
    page = open_page(viewport=SIZES[size])
    log_in(page, site, LONG)
    page.goto(f"{site}/championships/{championship.pk}/")
    return organiser, championship, page


def played_while_away(page, site, championship, play) -> None:
    """`play()` with the page away, then the championship's page opened again.

    The page's live stream is closed while the games are played: the embedded site's
    database takes one writer at a time."""
    page.goto("about:blank")
    play()
    page.goto(f"{site}/championships/{championship.pk}/")


def start_and_play(championship, organiser, rounds: int = 1) -> None:
    """The organiser starts the championship; its running games are played `rounds` times."""
    services.start(championship.pk, by=organiser)
    for _round in range(rounds):
        play_every_running_game()


def names_drawn_whole(page) -> None:
    svg = page.locator("svg.bracket-svg")
    expect(svg).to_be_visible()
    assert page.evaluate(OUTSIDE_THEIR_BOX) == []
    # No name hides in a tooltip.
    expect(svg.locator("text.bracket-name title")).to_have_count(0)
    # Only the bracket's own box scrolls sideways; its section stays on the screen.
    assert page.evaluate(SECTION_OFF_THE_SCREEN) == []
    section = page.locator("section:has(svg.bracket-svg)")
    width = page.evaluate("document.documentElement.clientWidth")
    box = section.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    assert section.evaluate("s => s.scrollWidth <= s.clientWidth")


def shots(page, name: str) -> None:
    """The whole page, and the bracket's box alone (as much of it as the screen shows)."""
    screenshot(page, name)
    screenshot(page.locator(".bracket-scroll"), f"{name}-bracket")


def slot_text(page, name: str):
    return page.locator("svg.bracket-svg text.bracket-name", has_text=name)


@pytest.mark.parametrize("size", SIZES)
def test_a_double_eliminations_brackets_before_and_after_the_draw(site, open_page, make_user, size):
    organiser, championship, page = opened_by_the_long_name(
        site, open_page, make_user, size, 4, name="Twice Cup", system="double_elimination"
    )
    brackets = page.locator("#brackets")
    expect(brackets).to_contain_text("The names in the first slots are provisional")
    # The seeds as they stand: the long name first, then the others in entry order.
    expect(slot_text(page, LONG).first).to_contain_text("Seed 1")
    expect(slot_text(page, WIDE).first).to_contain_text("Seed 4")
    expect(brackets.locator("g.bracket-match.if-necessary")).to_have_count(1)
    expect(brackets.locator("text.bracket-note.if-necessary")).to_have_text("if necessary")
    names_drawn_whole(page)
    shots(page, f"brackets-double-elimination-before-the-draw-{size}")

    played_while_away(page, site, championship, lambda: start_and_play(championship, organiser))
    first = brackets.locator("g.bracket-match[data-label='A']")
    expect(first.locator("text.bracket-score")).to_have_count(2)
    expect(brackets.locator("g.bracket-match.mine")).not_to_have_count(0)
    expect(brackets.locator("text.bracket-name.me").first).to_have_text(LONG)
    expect(slot_text(page, "Winner of E").first).to_be_attached()
    expect(brackets.locator("text.bracket-heading", has_text="Grand final reset")).to_have_count(1)
    expect(brackets.locator("g.bracket-match.if-necessary")).to_have_count(1)
    names_drawn_whole(page)
    shots(page, f"brackets-double-elimination-played-{size}")


@pytest.mark.parametrize("size", SIZES)
def test_a_groups_playoff_before_the_draw_and_once_drawn(site, open_page, make_user, size):
    organiser, championship, page = opened_by_the_long_name(
        site,
        open_page,
        make_user,
        size,
        8,
        name="Spring Cup",
        group_size=2,
        playoff_players_per_group=1,
    )
    playoff = page.locator("#playoff")
    expect(playoff).to_contain_text("The names are provisional")
    # Four groups of two: the top seed would win group A.
    expect(slot_text(page, LONG).first).to_contain_text("Winner of group A")
    expect(playoff.locator("g.bracket-match.mine")).to_have_count(1)
    expect(slot_text(page, "Winner of A").first).to_be_attached()
    expect(slot_text(page, "Loser of B").first).to_be_attached()
    names_drawn_whole(page)
    shots(page, f"bracket-groups-before-the-draw-{size}")

    # The groups (one game each), then the semi-finals.
    played_while_away(page, site, championship, lambda: start_and_play(championship, organiser, 2))
    expect(playoff).to_contain_text("Select a match to open its game")
    semis = playoff.locator("g.bracket-match[data-label='A'], g.bracket-match[data-label='B']")
    expect(semis.locator("text.bracket-score")).to_have_count(4)
    expect(playoff.locator("text.bracket-label")).to_have_text(["A", "B", "C", "D"])
    names_drawn_whole(page)
    shots(page, f"bracket-groups-playoff-played-{size}")


@pytest.mark.parametrize("size", SIZES)
def test_a_swiss_playoff_before_the_swiss_and_once_drawn(site, open_page, make_user, size):
    organiser, championship, page = opened_by_the_long_name(
        site, open_page, make_user, size, 6, name="Open Swiss", system="swiss", playoff_players=4,
        swiss_rounds=3,
    )  # fmt: skip
    playoff = page.locator("#playoff")
    expect(playoff).to_contain_text("The names are provisional")
    expect(slot_text(page, LONG).first).to_contain_text("Place 1 in the Swiss")
    expect(slot_text(page, "p03").first).to_contain_text("Place 4 in the Swiss")
    expect(slot_text(page, "p04")).to_have_count(0)  # fifth: not in the playoff as it stands
    names_drawn_whole(page)
    shots(page, f"bracket-swiss-before-the-swiss-{size}")

    played_while_away(page, site, championship, lambda: start_and_play(championship, organiser, 3))
    assert Match.objects.filter(stage__championship=championship, stage__kind="playoff").exists()
    expect(playoff.locator("text.bracket-label")).to_have_text(["A", "B", "C", "D"])
    expect(playoff.locator("g.bracket-match[data-label='C']")).to_contain_text("Winner of A")
    expect(playoff.locator("g.bracket-match[data-label='D']")).to_contain_text("Loser of B")
    played_while_away(page, site, championship, play_every_running_game)  # the semi-finals
    expect(playoff.locator("g.bracket-match[data-label='A'] text.bracket-score")).to_have_count(2)
    names_drawn_whole(page)
    shots(page, f"bracket-swiss-playoff-played-{size}")
