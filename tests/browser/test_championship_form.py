"""The championship form in a browser: each game's own settings, shown for that game."""

import re

from playwright.sync_api import expect

from tests.browser.conftest import log_in
from tournaments.models import Championship


def test_the_form_shows_only_the_chosen_games_settings_and_creates_it(site, open_page, make_user):
    organiser = make_user("organiser")
    page = open_page()
    log_in(page, site, organiser.username)
    page.goto(f"{site}/championships/new/")
    kropki = page.locator('fieldset.game-options[data-game="kropki"]')
    boxes = page.locator('fieldset.game-options[data-game="dots_and_boxes"]')
    expect(kropki).to_be_visible()
    expect(boxes).to_be_hidden()

    page.get_by_label("Name").fill("Boxes Cup")
    page.get_by_label("Game", exact=True).select_option("dots_and_boxes")
    expect(kropki).to_be_hidden()
    expect(boxes).to_be_visible()
    boxes.get_by_label("Boxes across").select_option("3")
    page.get_by_role("button", name="Create the championship").click()
    page.wait_for_url(re.compile(r"/championships/\d+/organise/$"))
    championship = Championship.objects.get()
    assert championship.game == "dots_and_boxes"
    assert championship.options == {"columns": 3, "rows": 4}
