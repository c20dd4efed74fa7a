"""The pages made for each system, in Chromium at desktop and phone size: the create page
showing only the chosen system's settings and tie-breaks, the rounds page with results and
why each opponent was chosen, the start page naming who has not checked in, the decisions
log, and a co-organiser's organise page; nothing reaches past the screen's sides."""

import random
import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from games.models import Game
from tests.browser.conftest import log_in, screenshot
from tests.browser.test_every_page import DESKTOP, OFF_THE_SCREEN, PHONE
from tests.support.championships import wait_until_moved_on
from tournaments import services
from tournaments.demo import play_for_both
from tournaments.models import Championship

SIZES = [("desktop", DESKTOP), ("phone", PHONE)]


def nothing_off_the_side(page) -> None:
    assert page.evaluate(OFF_THE_SCREEN) == []


@pytest.mark.parametrize(("size", "viewport"), SIZES)
def test_the_create_page_shows_the_chosen_systems_settings_and_tiebreaks(
    site, open_page, make_user, size, viewport
):
    make_user("organiser")
    page = open_page(viewport=viewport)
    log_in(page, site, "organiser")
    page.goto(f"{site}/championships/new/")
    group_size, reset = (
        page.get_by_label("Players per group"),
        page.get_by_label("Grand final reset"),
    )
    expect(group_size).to_be_visible()
    expect(reset).to_be_hidden()
    first = page.get_by_label("Tie-break 1", exact=True)
    expect(first).to_have_value("direct_encounter")
    # The groups know six tie-breaks: no seventh slot is offered.
    expect(page.get_by_label("Tie-break 7", exact=True)).to_be_hidden()

    page.get_by_label("Name").fill("Autumn Swiss")
    page.get_by_label("Swiss (FIDE Dutch)").check()
    expect(group_size).to_be_hidden()
    expect(reset).to_be_hidden()
    expect(page.get_by_label("Play a match for third place")).to_be_hidden()
    expect(page.get_by_text("Swiss rounds' format")).to_be_visible()
    expect(first).to_have_value("buchholz_cut1")
    expect(page.get_by_label("Tie-break 7", exact=True)).to_be_visible()
    offered = first.locator("option:not([hidden])").all_text_contents()
    assert "Sonneborn-Berger cut 1" in offered and "Game score difference" not in offered
    # A playoff after the Swiss brings its settings back.
    page.get_by_label("Players who go on to the playoff after the Swiss").fill("4")
    expect(page.get_by_label("Play a match for third place")).to_be_visible()
    page.get_by_label("Tie-break 2", exact=True).select_option("sonneborn_berger_cut1")
    nothing_off_the_side(page)
    screenshot(page, f"create-page-swiss-{size}")

    page.get_by_label("Double elimination").check()
    expect(reset).to_be_visible()
    expect(page.get_by_text("Format of the bracket matches")).to_be_visible()
    expect(page.get_by_text("Tie-breaks, in order")).to_be_hidden()
    screenshot(page, f"create-page-double-elimination-{size}")

    page.get_by_label("Swiss (FIDE Dutch)").check()
    page.get_by_role("button", name="Create the championship").click()
    page.wait_for_url(re.compile(r"/championships/\d+/organise/$"))
    created = Championship.objects.get(name="Autumn Swiss")
    assert created.system == "swiss" and created.playoff_players == 4
    assert created.tiebreaks[:2] == ["buchholz_cut1", "sonneborn_berger_cut1"]


@pytest.fixture
def swiss(make_user):
    organiser = make_user("organiser")
    championship = services.create_championship(
        organiser=organiser, name="Rounds Swiss", game="kropki",
        options={"width": 5, "height": 5}, rated=False, stage_format="express",
        system="swiss", swiss_rounds=3,
    )  # fmt: skip
    for name in ("anna", "boris", "clara", "dmitri", "eva"):
        services.enter(championship.pk, by=make_user(name))
    services.start(championship.pk, by=organiser)
    for game in Game.objects.filter(match__stage__championship=championship, status="active"):
        play_for_both(game.pk, random.Random(game.pk), wait=10)
    wait_until_moved_on(championship)
    return championship


@pytest.mark.parametrize(("size", "viewport"), SIZES)
def test_the_rounds_page_gives_results_and_why_each_opponent_was_chosen(
    site, open_page, swiss, size, viewport
):
    page = open_page(viewport=viewport)
    page.goto(f"{site}/championships/{swiss.pk}/rounds/")
    first = page.locator("#round-swiss-1")
    expect(first.locator(".pairing-result")).to_have_count(2)
    for result in first.locator(".pairing-result").all_text_contents():
        assert re.search(r"Result: (\S+ won|Drawn)", result), result
    expect(first.locator(".pairing-why").first).to_contain_text(
        "the group's top half meets its bottom half in order"
    )
    second = page.locator("#round-swiss-2")
    expect(second).to_be_attached()
    expect(second.locator(".pairing-result").first).to_have_text("Not played yet.")
    nothing_off_the_side(page)
    screenshot(page, f"rounds-page-results-and-reasons-{size}")

    # A reader whose browser reads Polish: the seats in the explanations are named in Polish.
    page = open_page(viewport=viewport, locale="pl-PL")
    page.goto(f"{site}/championships/{swiss.pk}/rounds/")
    expect(page.locator("h1")).not_to_have_text("Rounds and pairings")
    why = " ".join(page.locator(".pairing-why").all_text_contents())
    assert "(red)" not in why and "(blue)" not in why
    assert "(Czerwony)" in why or "(Niebieski)" in why
    screenshot(page, f"rounds-page-polish-{size}")


@pytest.mark.parametrize(("size", "viewport"), SIZES)
def test_the_start_page_names_who_is_withdrawn_and_the_log_keeps_it(
    site, open_page, make_user, size, viewport
):
    organiser = make_user("olga")
    championship = services.create_championship(
        organiser=organiser, name="Evening Swiss", game="kropki", system="swiss",
        options={"width": 5, "height": 5}, starts_at=timezone.now() + timedelta(minutes=30),
        check_in_s=3600,
    )  # fmt: skip
    for name in ("anna", "boris", "clara"):
        services.enter(championship.pk, by=make_user(name))
    for name in ("anna", "boris"):
        services.check_in(
            championship.pk, by=championship.entries.get(player__username=name).player
        )
    services.edit_championship(championship.pk, by=organiser, swiss_rounds=4)
    page = open_page(viewport=viewport)
    log_in(page, site, "olga")
    page.goto(f"{site}/championships/{championship.pk}/start/")
    absent = page.locator("dd.not-checked-in")
    expect(absent).to_contain_text("clara")
    expect(absent).not_to_contain_text("anna")
    nothing_off_the_side(page)
    screenshot(page, f"start-page-check-in-{size}")
    page.get_by_role("button", name="Start the championship").click()
    page.wait_for_url(re.compile(r"/organise/$"))
    page.goto(f"{site}/championships/{championship.pk}/#log")
    log = page.locator("#log")
    expect(log).to_contain_text("Removed an entry (clara)")
    expect(log).to_contain_text("they had not checked in by the start")
    expect(log).to_contain_text("Swiss rounds: as many as the field needs → 4")
    nothing_off_the_side(page)
    log.scroll_into_view_if_needed()
    screenshot(page, f"decisions-log-{size}")


@pytest.mark.parametrize(("size", "viewport"), SIZES)
def test_a_co_organisers_page_offers_only_what_they_may_do(
    site, open_page, make_user, size, viewport
):
    organiser, helper = make_user("olga"), make_user("helper")
    championship = services.create_championship(
        organiser=organiser, name="Helped Cup", game="kropki", co_organisers=["helper"]
    )
    for name in ("anna", "boris", "clara"):
        services.enter(championship.pk, by=make_user(name))
    page = open_page(viewport=viewport)
    log_in(page, site, helper.username)
    page.goto(f"{site}/championships/{championship.pk}/organise/")
    expect(page.locator(".message").first).to_contain_text("You are a co-organiser")
    expect(page.get_by_role("link", name="Start now…")).to_have_count(0)
    expect(page.get_by_role("button", name="Invite the player")).to_have_count(0)
    expect(page.get_by_role("button", name=re.compile("^Remove"))).to_have_count(0)
    expect(page.get_by_text("Only the organiser starts the championship.")).to_be_visible()
    nothing_off_the_side(page)
    screenshot(page, f"co-organiser-page-{size}")
    # The seed arrows it offers work, and the log says what they did.
    page.get_by_role("button", name="Move clara up").click()
    page.wait_for_url(re.compile(r"/organise/#seeds$"))
    page.goto(f"{site}/championships/{championship.pk}/#log")
    expect(page.locator("#log")).to_contain_text("Seeds:")


def test_without_its_script_the_create_page_shows_every_system_and_creates_a_swiss(
    site, open_page, make_user
):
    make_user("organiser")
    page = open_page(viewport=DESKTOP, java_script_enabled=False)
    log_in(page, site, "organiser")
    page.goto(f"{site}/championships/new/")
    for field in ("swiss_rounds", "grand_final_reset", "group_size"):
        expect(page.locator(f"#id_{field}")).to_be_visible()
    page.get_by_label("Name").fill("Plain Swiss")
    page.get_by_label("Swiss (FIDE Dutch)").check()
    page.locator("#id_swiss_rounds").fill("4")
    screenshot(page, "create-page-without-script")
    page.get_by_role("button", name="Create the championship").click()
    page.wait_for_url(re.compile(r"/championships/\d+/organise/$"))
    created = Championship.objects.get(name="Plain Swiss")
    assert created.system == "swiss" and created.swiss_rounds == 4
    assert created.tiebreaks == [
        "buchholz_cut1",
        "buchholz",
        "sonneborn_berger",
        "direct_encounter",
        "wins",
    ]


@pytest.mark.parametrize(("size", "viewport"), SIZES)
def test_a_running_swiss_and_the_lists_speak_of_its_system_not_of_groups(
    site, open_page, swiss, size, viewport
):
    page = open_page(viewport=viewport)
    log_in(page, site, "organiser")
    page.goto(f"{site}/championships/{swiss.pk}/organise/")
    running = page.locator("section[aria-labelledby=running-heading]")
    expect(running).to_contain_text("each Swiss round is paired when the one before is over")
    expect(page.locator("td.entrant-state", has_text="playing in the Swiss")).to_have_count(5)
    assert "group" not in running.inner_text().lower()
    nothing_off_the_side(page)
    screenshot(page, f"running-swiss-organise-page-{size}")
    page.goto(f"{site}/championships/")
    expect(page.locator("main")).to_contain_text("a Swiss in which everyone plays every round")
    expect(page.locator("main")).not_to_contain_text("starts with round robins in groups")
    nothing_off_the_side(page)
    screenshot(page, f"championships-list-{size}")
