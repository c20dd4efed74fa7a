"""A Swiss's standings in Chromium at desktop and phone size while a round is played: the
round they are after, the crosstable with the round being played shown but not counted,
the reader's pick of an earlier round, and on a phone the player's name kept in view while
the table is swiped sideways; screenshots kept."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.test_every_page import DESKTOP, OFF_THE_SCREEN, PHONE
from tests.support.championships import small_championship, wait_until_moved_on
from tournaments import services
from tournaments.models import Match

NAMES = ("anna", "boris", "clara", "dmitri", "eva", "fyodor", "galina", "ivan")


def adjudicate_round(championship, organiser, round_number, *, leave: int = 0) -> None:
    """Round `round_number` decided by the organiser (a draw on the first board, the first
    seat wins the others) but for its last `leave` matches."""
    matches = list(
        Match.objects.filter(stage__championship=championship, round=round_number)
        .exclude(second=None)
        .order_by("group__order", "index")
    )
    for board, match in enumerate(matches[: len(matches) - leave]):
        game = match.games.get()
        if board == 0:
            services.adjudicate(game.pk, by=organiser, outcome="draw", reason="Agreed.")
        else:
            winner = match.first.player.username
            services.adjudicate(game.pk, by=organiser, outcome="win", winner=winner, reason="Won.")
    wait_until_moved_on(championship)


def in_round_two(make_user, *, leave: int, **settings):
    """A small championship of NAMES, its round 1 decided and its round 2 but for the last
    `leave` matches."""
    organiser = make_user("organiser")
    championship = small_championship(organiser, **settings)
    for name in NAMES:
        services.enter(championship.pk, by=make_user(name))
    services.start(championship.pk, by=organiser)
    adjudicate_round(championship, organiser, 1)
    adjudicate_round(championship, organiser, 2, leave=leave)
    return championship


@pytest.fixture
def swiss_in_round_two(make_user):
    return in_round_two(
        make_user, leave=2, name="Crosstable Cup", system="swiss", swiss_rounds=4, playoff_players=4
    )


@pytest.mark.parametrize(("size", "viewport"), [("desktop", DESKTOP), ("phone", PHONE)])
def test_the_swiss_standings_during_a_round_read_well_on_a_desktop_and_a_phone(
    site, open_page, swiss_in_round_two, size, viewport
):
    page = open_page(viewport=viewport)
    page.goto(f"{site}/championships/{swiss_in_round_two.pk}/#standings")
    standings = page.locator("#standings")
    expect(standings.locator(".standings-round")).to_contain_text("After round 1.")
    expect(standings.locator(".standings-round")).to_contain_text("Round 2 is being played")
    table = standings.locator("table.swiss-table")
    expect(table.locator("tbody tr")).to_have_count(8)
    expect(table.locator("td.round-cell")).to_have_count(16)
    # Round 2 shows for everyone, and counts for no one yet.
    expect(table.locator("td.round-cell.not-counted")).to_have_count(8)
    expect(table.locator("th.round-column")).to_have_text(["R1", "R2"])
    expect(table.locator(".advance-mark")).to_have_count(4)
    assert page.evaluate(OFF_THE_SCREEN) == []
    standings.locator("details.legend summary").click()
    expect(standings.locator("details.legend")).to_contain_text("in game points")
    screenshot(page, f"swiss-standings-round-two-{size}")
    screenshot(standings.locator(".table-wrap").first, f"swiss-standings-table-{size}")
    screenshot(standings, f"swiss-standings-section-{size}")

    wrap = standings.locator(".table-wrap").first
    sideways = wrap.evaluate("box => box.scrollWidth > box.clientWidth")
    assert sideways == (size == "phone")
    if size == "phone":
        # Swiped to the far right: the tie-breaks in view, the names still beside them.
        wrap.evaluate("box => { box.scrollLeft = box.scrollWidth; }")
        page.wait_for_function("box => box.scrollLeft > 0", arg=wrap.element_handle(), timeout=5000)
        name = table.locator("tbody th[scope=row]").first
        box = name.bounding_box()
        wrapped = wrap.bounding_box()
        assert box is not None and wrapped is not None
        assert wrapped["x"] - 1 <= box["x"] and box["x"] + box["width"] <= wrapped["x"] + 200
        expect(name.locator("a")).to_be_visible()
        last_tiebreak = table.locator("tbody tr").first.locator("td.tiebreak").last
        tiebreak_box = last_tiebreak.bounding_box()
        assert tiebreak_box["x"] + tiebreak_box["width"] <= viewport["width"] + 1
        screenshot(page, "swiss-standings-swiped-phone")
        # The table alone, as swiped, to look at closely.
        screenshot(wrap, "swiss-standings-table-swiped-phone")

    standings.locator(".round-picker a", has_text="After round 1").click()
    page.wait_for_url("**after_round=1#standings")
    expect(page.locator(".round-picker a[aria-current=page]")).to_have_text("After round 1")
    expect(page.locator(".standings-round")).not_to_contain_text("being played")
    expect(page.locator("table.swiss-table td.round-cell")).to_have_count(8)
    screenshot(page, f"swiss-standings-after-round-one-{size}")


@pytest.fixture
def groups_in_round_two(make_user):
    return in_round_two(make_user, leave=1, name="Group Cup", group_size=4)


@pytest.mark.parametrize(("size", "viewport"), [("desktop", DESKTOP), ("phone", PHONE)])
def test_group_tables_during_a_round_say_so_and_keep_the_names_in_view(
    site, open_page, groups_in_round_two, size, viewport
):
    page = open_page(viewport=viewport)
    page.goto(f"{site}/championships/{groups_in_round_two.pk}/#standings")
    tables = page.locator("#standings .group-table")
    expect(tables).to_have_count(2)
    # Group A has finished its round 2 and plays round 3; group B still plays the last game
    # of its round 2.
    expect(tables.locator(".standings-round")).to_have_text(
        ["After round 2. Round 3 is being played.", "After round 1. Round 2 is being played."]
    )
    assert page.evaluate(OFF_THE_SCREEN) == []
    screenshot(page, f"group-standings-round-two-{size}")
    wrap = tables.first.locator(".table-wrap")
    if wrap.evaluate("box => box.scrollWidth > box.clientWidth"):
        wrap.evaluate("box => { box.scrollLeft = box.scrollWidth; }")
        name = tables.first.locator("tbody th[scope=row]").first
        box, wrapped = name.bounding_box(), wrap.bounding_box()
        assert wrapped["x"] - 1 <= box["x"] and box["x"] + box["width"] <= wrapped["x"] + 200
        screenshot(wrap, f"group-table-swiped-{size}")
    assert (size == "phone") == page.evaluate("innerWidth < 500")
