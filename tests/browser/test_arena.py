"""An Arena in Chromium at desktop and phone size, with a real worker where CI has one: the
create page's Arena setting, the live standings with the player's own game one tap away,
the pause and resume buttons, and the podium once its time is up."""

import re
from datetime import timedelta

import pytest
from django.db.models import Q
from django.utils import timezone
from playwright.sync_api import expect

from games import services as game_services
from tests.browser.conftest import log_in, screenshot
from tests.browser.test_every_page import DESKTOP, OFF_THE_SCREEN, PHONE
from tests.support.championships import wait_until_moved_on
from tests.support.waiting import wait_until
from tournaments import services
from tournaments.models import Championship, Match
from tournaments.services.sweep import sweep

SIZES = [("desktop", DESKTOP), ("phone", PHONE)]


def test_the_create_page_offers_the_arena_and_its_length(site, open_page, make_user):
    make_user("organiser")
    page = open_page(viewport=PHONE)
    log_in(page, site, "organiser")
    page.goto(f"{site}/championships/new/")
    minutes = page.get_by_label("Arena length in minutes")
    expect(minutes).to_be_hidden()
    page.get_by_label("Name").fill("Lunch Arena")
    page.get_by_label("Arena: for a set time").check()
    expect(minutes).to_be_visible()
    expect(page.get_by_label("Players per group")).to_be_hidden()
    expect(page.get_by_text("Format of the Arena's games")).to_be_visible()
    minutes.fill("45")
    page.get_by_role("button", name="Create the championship").click()
    page.wait_for_url(re.compile(r"/championships/\d+/organise/$"))
    created = Championship.objects.get(name="Lunch Arena")
    assert (created.system, created.arena_minutes) == ("arena", 45)


@pytest.mark.parametrize(("size", "viewport"), SIZES)
def test_an_arena_is_followed_paused_and_ended_on_its_page(
    site, open_page, make_user, size, viewport
):
    organiser = make_user("organiser")
    players = [make_user(f"arena-{size}-{n}") for n in range(4)]
    championship = services.create_championship(
        organiser=organiser, name=f"Arena {size}", game="kropki",
        options={"width": 5, "height": 5}, system="arena", arena_minutes=30, rated=False,
    )  # fmt: skip
    for player in players:
        services.enter(championship.pk, by=player)
    services.start(championship.pk, by=organiser)
    me = players[0]
    page = open_page(viewport=viewport)
    log_in(page, site, me.username)
    page.goto(f"{site}/championships/{championship.pk}/")
    expect(page.get_by_role("heading", name="Arena standings")).to_be_visible()
    own_game = page.get_by_role("link", name="Your game now")
    expect(own_game).to_be_visible()
    expect(page.get_by_text("minutes left")).to_be_visible()

    # My game ends: the page follows by itself, and I wait for a new opponent (the other
    # pair still plays, and the one I just met is not paired with me again).
    mine = Match.objects.get(
        Q(first__player=me) | Q(second__player=me),
        stage__championship=championship,
        status=Match.Status.PLAYING,
    )
    opponent = mine.second.player if mine.first.player == me else mine.first.player
    game_services.resign(mine.games.get().pk, opponent)
    wait_until_moved_on(championship)
    expect(page.get_by_text("You are waiting for the next free opponent.")).to_be_visible()
    expect(page.locator(".arena-table tr.me")).to_contain_text("2")

    page.get_by_role("button", name="Pause").click()
    expect(page.get_by_text("You are paused: you are not paired until you resume.")).to_be_visible()
    page.get_by_role("button", name="Resume").click()
    expect(page.get_by_role("button", name="Pause")).to_be_visible()
    assert page.evaluate(OFF_THE_SCREEN) == []
    screenshot(page, f"arena-running-{size}")

    stage = championship.stages.get()
    stage.ends_at = timezone.now() - timedelta(seconds=1)
    stage.save(update_fields=["ends_at"])
    sweep()
    wait_until(
        lambda: Championship.objects.get(pk=championship.pk).status == "finished",
        60,
        "the Arena to end",
    )
    page.reload()
    expect(page.get_by_role("list", name="Podium")).to_contain_text(me.username)
    assert page.evaluate(OFF_THE_SCREEN) == []
    screenshot(page, f"arena-podium-{size}")
