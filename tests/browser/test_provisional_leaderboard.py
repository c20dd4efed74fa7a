"""A leaderboard after the first rated game: both players listed, their ratings marked "?"
as provisional, at desktop and phone size."""

from playwright.sync_api import expect

from games import services as games
from ratings.models import Rating
from tests.browser.conftest import screenshot
from tests.support.waiting import wait_until

MARK = "Provisional: too few rated games yet for the rating to be settled"


def test_the_leaderboard_lists_both_players_of_the_first_rated_game_as_provisional(
    site, open_page, make_user
):
    anna, boris = make_user("anna"), make_user("boris")
    game = games.create_game(
        creator=anna, game="kropki", options={"width": 8, "height": 8}, format=None,
        opponent="boris", rated=True,
    )  # fmt: skip
    games.accept_invitation(game.pk, boris)
    games.resign(game.pk, boris)
    # With a real worker the ratings are written by a task after the game's commit.
    wait_until(lambda: Rating.objects.filter(game="kropki").count() == 2, 20, "both rated")

    for size, viewport in (
        ("desktop", {"width": 1280, "height": 900}),
        ("phone", {"width": 390, "height": 844}),
    ):
        page = open_page(viewport=viewport)
        page.goto(f"{site}/leaderboards/kropki/")
        rows = page.locator("table.leaderboard tbody tr")
        expect(rows).to_have_count(2)
        expect(rows.nth(0).locator("td").nth(1)).to_have_text("anna")
        expect(rows.nth(1).locator("td").nth(1)).to_have_text("boris")
        marks = page.locator("table.leaderboard .provisional-mark")
        expect(marks).to_have_count(2)
        expect(marks.first).to_have_text("?")
        expect(marks.first).to_have_attribute("title", MARK)
        expect(rows.nth(0).get_by_text(f"({MARK})")).to_be_attached()  # what a screen reader says
        screenshot(page, f"leaderboard-provisional-{size}")

        page.goto(f"{site}/players/anna/")
        expect(page.locator(".rating-value .provisional-mark")).to_have_text("?")
        screenshot(page, f"profile-provisional-{size}")
