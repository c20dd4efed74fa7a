"""How a game page keeps up by itself: events, polling without them, running clocks."""

import re

from django.db.models import F
from playwright.sync_api import expect

from games import services
from games.models import Game
from tests.browser.conftest import click_point, log_in


def friendly_game(alice, bob, **extra) -> Game:
    game = services.create_game(
        creator=alice, game="kropki", options={"width": 10, "height": 10, "start": "empty"},
        format=None, opponent=bob.username, **extra,
    )  # fmt: skip
    return services.accept_invitation(game.pk, bob)


def test_page_without_server_sent_events_follows_the_game_by_polling(site, open_page, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    game = friendly_game(alice, bob)
    blue = open_page()
    log_in(blue, site, "alice")
    blue.goto(f"{site}/games/{game.pk}/")
    spectator = open_page()
    spectator.add_init_script("delete window.EventSource")  # an old browser, or a proxy
    spectator.goto(f"{site}/games/{game.pk}/")
    assert spectator.evaluate("typeof window.EventSource") == "undefined"

    click_point(blue, 4, 7)
    expect(spectator.locator('.dot.blue[data-point="4-7"]')).to_have_count(1, timeout=8000)
    expect(spectator.locator(".turn-line")).to_contain_text("Red to move.")


def test_clock_of_the_side_to_move_counts_down_and_the_server_ends_the_game_on_time(
    site, page, make_user
):
    alice, bob = make_user("alice"), make_user("bob")
    log_in(page, site, "bob")  # first: the 6 s clock starts with the game
    game = friendly_game(alice, bob, time_control={"move_s": 6})
    page.goto(f"{site}/games/{game.pk}/")
    running = page.locator(".player.seat-blue .clock.running")
    # However long the page took to load on a busy machine, the clock shows what is left
    # and then less.
    expect(running).to_have_text(re.compile(r"0:0[1-6]"))
    shown = int(running.text_content().strip()[-1])
    expect(running).to_have_text(re.compile(rf"0:0[0-{shown - 1}]"), timeout=4000)
    # Nobody moves: the page asks when the clock is out, the server decides.
    expect(page.locator(".game-over")).to_contain_text("time ran out", timeout=12000)
    expect(page.locator(".game-over")).to_contain_text("bob (Red) wins")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.result_reason == "time"


def open_once_followed(page, site: str, game: Game) -> None:
    """Open the game's page and wait until it has read the state its stream opens with."""
    with page.expect_request_finished(lambda request: "/live/" in request.url):
        page.goto(f"{site}/games/{game.pk}/")


def test_a_players_page_catches_up_when_its_open_stream_loses_an_event(
    site, open_page, make_user, settings
):
    settings.GAME_PAGE_QUIET_SECONDS = 1
    alice, bob = make_user("alice"), make_user("bob")
    game = friendly_game(alice, bob)
    page = open_page()
    log_in(page, site, "alice")
    open_once_followed(page, site, game)
    expect(page.locator(".turn-line")).to_contain_text("Your move.")

    # Bob's draw offer reaches the database but its event is lost on the way: nothing is
    # published, and the stream stays open and silent.
    bob_seat = game.seats.get(user=bob).seat
    Game.objects.filter(pk=game.pk).update(draw_offer=bob_seat, version=F("version") + 1)

    expect(page.locator(".draw-offer")).to_contain_text("offers a draw", timeout=8000)


def test_a_spectators_page_leaves_an_open_stream_to_say_when_the_game_changes(
    site, open_page, make_user, settings
):
    # Thousands may watch one game: their pages do not ask the site while the stream is open.
    settings.GAME_PAGE_QUIET_SECONDS = 1
    game = friendly_game(make_user("alice"), make_user("bob"))
    page = open_page()
    open_once_followed(page, site, game)
    asked = []
    page.on("request", lambda request: "/live/" in request.url and asked.append(request.url))
    Game.objects.filter(pk=game.pk).update(version=F("version") + 1)
    page.wait_for_timeout(3000)
    assert asked == []
