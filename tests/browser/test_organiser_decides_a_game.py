"""The organiser decides a game from the organiser's page; the player, whose page stays
open, sees the bell count change (the page's clock is run forward instead of waiting)."""

from playwright.sync_api import expect

from accounts.models import Plan, User
from notifications.models import Notification
from tests.browser.conftest import log_in
from tests.support.waiting import wait_until
from tests.tournaments.deadline_support import running_games, started_championship


def unread(username: str) -> int:
    return Notification.objects.filter(
        user=User.objects.get(username=username), read_at__isnull=True
    ).count()


def test_the_organiser_decides_a_game_and_the_player_sees_the_bell_change(
    site, open_page, make_user
):
    organiser = make_user("olga", plan=Plan.PAID)
    anna, boris, clara = make_user("anna"), make_user("boris"), make_user("clara")
    championship = started_championship(
        organiser, [anna, boris, clara], group_size=3, round_deadline_s=7 * 86_400,
        name="Winter Cup",
    )  # fmt: skip
    (game,) = running_games(championship)  # round one: one game, the third player waits
    winner, loser = (seat.user.username for seat in game.seats.order_by("order"))

    player = open_page()
    player.clock.install()
    log_in(player, site, winner)
    player.goto(f"{site}/championships/{championship.pk}/")
    bell = player.locator("#notification-bell")
    before = int(bell.locator(".bell-number").inner_text() or 0)

    desk = open_page()
    log_in(desk, site, "olga")
    desk.goto(f"{site}/championships/{championship.pk}/organise/")
    desk.get_by_text("Decide any of the 1 running game").click()
    desk.get_by_role("link", name=f"Decide game #{game.pk}").click()
    desk.get_by_label(f"{winner} wins").check()
    desk.get_by_label("Reason").fill(f"{loser} asked to stop; {winner} was ahead.")
    desk.get_by_role("button", name="Decide").click()
    expect(desk.locator(".messages")).to_contain_text("The decision is made and logged.")

    # With a real worker the notifications are written by tasks: the page's next poll is
    # brought forward once they are there, so it checks the bell, not the worker's speed.
    wait_until(lambda: unread(winner) >= before + 3, 15, "the notifications written")
    player.clock.run_for(31_000)
    # The decision, the game's result, and the next round's game now ready.
    expect(bell.locator(".bell-number")).to_have_text(str(before + 3))
    player.reload()
    expect(player.locator("#log")).to_contain_text(f"{loser} asked to stop; {winner} was ahead.")
    bell.click()
    expect(player.locator("main")).to_contain_text(f"decided your game: {winner} wins")


def test_a_rounds_deadline_reads_in_the_readers_own_time_zone(site, open_page, make_user):
    organiser = make_user("olga")
    players = [make_user("anna"), make_user("boris")]
    championship = started_championship(organiser, players, round_deadline_s=7 * 86_400)
    page = open_page(timezone_id="Asia/Tokyo", locale="en-GB")
    page.goto(f"{site}/championships/{championship.pk}/")
    deadline = page.locator("table.schedule time[data-local]").first
    expect(deadline).to_contain_text("GMT+9")
    assert deadline.get_attribute("title").endswith(" UTC")  # the server's words, kept
