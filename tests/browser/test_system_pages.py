"""A Swiss's page and its rounds page, and a double elimination's page, in Chromium at
desktop and phone size: the standings, the rounds' explanations and both brackets show,
nothing but a table's or the bracket's box scrolls sideways on a phone; screenshots kept."""

import random

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.browser.conftest import screenshot
from tests.browser.test_every_page import DESKTOP, OFF_THE_SCREEN, PHONE
from tests.support.waiting import wait_until
from tournaments import services
from tournaments.demo import play_for_both


def started(organiser, players, system: str, **settings):
    championship = services.create_championship(
        organiser=organiser, name=f"{system} cup", game="kropki",
        options={"width": 5, "height": 5}, rated=False, stage_format="express",
        playoff_format="express", system=system, **settings,
    )  # fmt: skip
    for player in players:
        services.enter(championship.pk, by=player)
    services.start(championship.pk, by=organiser)
    return championship


def play_a_round(championship) -> None:
    """Every running game played out (with a real worker in CI: each move waits for its
    verdict)."""
    running = Game.objects.filter(match__stage__championship=championship, status="active")
    for game_id in list(running.values_list("pk", flat=True)):
        play_for_both(game_id, random.Random(game_id), wait=10)


@pytest.fixture
def systems(make_user):
    organiser = make_user("organiser")
    players = [make_user(name) for name in ("anna", "boris", "clara", "dmitri", "eva", "fyodor")]
    swiss = started(organiser, players[:5], "swiss", swiss_rounds=3, playoff_players=2)
    play_a_round(swiss)
    double = started(organiser, players, "double_elimination")
    play_a_round(double)
    # A real worker opens the next matches after the last result: wait for them.
    wait_until(
        lambda: Game.objects.filter(match__stage__championship=double, status="active").exists(),
        20,
        "the next matches of the double elimination to open",
    )
    play_a_round(double)
    return {"swiss": swiss, "double": double}


def nothing_off_the_side(page) -> None:
    assert page.evaluate(OFF_THE_SCREEN) == []
    width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize(("size", "viewport"), [("desktop", DESKTOP), ("phone", PHONE)])
def test_a_swiss_and_a_double_elimination_read_well_on_a_desktop_and_a_phone(
    site, open_page, systems, size, viewport
):
    page = open_page(viewport=viewport)
    swiss = systems["swiss"].pk
    page.goto(f"{site}/championships/{swiss}/")
    standings = page.locator("#standings")
    expect(standings).to_contain_text("Swiss standings")
    expect(standings.locator("table.swiss-table tbody tr")).to_have_count(5)
    expect(standings.locator(".advance-mark")).to_have_count(2)
    expect(page.locator("#games h3.stage-title")).to_have_text(["Swiss"])
    nothing_off_the_side(page)
    screenshot(page, f"swiss-page-{size}")

    page.locator("#games h4 a", has_text="Round 2").click()
    page.wait_for_url(f"**/championships/{swiss}/rounds/#round-swiss-2")
    expect(page.locator("h1")).to_have_text("Rounds and pairings")
    first = page.locator("#round-swiss-1")
    expect(first.locator(".pairing-card")).to_have_count(3)  # two boards and the bye
    expect(first).to_contain_text("An odd number of players (5) leaves one without a game.")
    expect(page.locator("#round-swiss-2 .pairing-why").first).not_to_be_empty()
    nothing_off_the_side(page)
    screenshot(page, f"swiss-rounds-page-{size}")

    double = systems["double"].pk
    page.goto(f"{site}/championships/{double}/")
    brackets = page.locator("#brackets")
    expect(brackets.locator("text.bracket-title")).to_have_text(
        ["Winners' bracket", "Losers' bracket"]
    )
    expect(brackets.locator("text.bracket-heading").last).to_have_text("Grand final reset")
    expect(brackets.locator("g.bracket-match.if-necessary")).to_have_count(1)
    expect(page.locator("#games h3.stage-title")).to_have_text(["Double elimination"])
    nothing_off_the_side(page)
    scroll = brackets.locator(".bracket-scroll")
    sideways = scroll.evaluate("box => box.scrollWidth > box.clientWidth")
    assert sideways == (size == "phone")
    screenshot(page, f"double-elimination-page-{size}")
