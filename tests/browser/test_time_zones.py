"""Everyone's own time in a browser: an organiser in Warsaw enters a championship's start in
Warsaw time; a reader in Tokyo sees it in Tokyo time, from the first page on."""

import re
from datetime import UTC, datetime

from playwright.sync_api import expect

from tests.browser.conftest import log_in, screenshot
from tournaments.models import Championship


def test_a_start_entered_in_warsaw_reads_in_tokyo_time_in_tokyo(site, open_page, make_user):
    organiser = make_user("organiser")
    warsaw = open_page(viewport={"width": 1280, "height": 900}, timezone_id="Europe/Warsaw")
    log_in(warsaw, site, organiser.username)
    warsaw.goto(f"{site}/championships/new/")
    expect(warsaw.locator("main")).to_contain_text("Times are in Europe/Warsaw.")
    warsaw.get_by_label("Name").fill("Warsaw Open")
    warsaw.get_by_label("Starts at").fill("2026-12-10T18:00")
    warsaw.get_by_role("button", name="Create the championship").click()
    warsaw.wait_for_url(re.compile(r"/championships/\d+/organise/$"))
    created = Championship.objects.get(name="Warsaw Open")
    assert created.starts_at == datetime(2026, 12, 10, 17, 0, tzinfo=UTC)
    warsaw.goto(f"{site}/championships/{created.pk}/")
    expect(warsaw.locator("main")).to_contain_text("6 p.m. CET")

    # A reader in Tokyo on their very first page: the browser shows it in its zone...
    for viewport, name in [
        ({"width": 1280, "height": 900}, "desktop"),
        ({"width": 390, "height": 844}, "phone"),
    ]:
        tokyo = open_page(viewport=viewport, timezone_id="Asia/Tokyo")
        tokyo.goto(f"{site}/championships/{created.pk}/")
        start = tokyo.locator("main time[data-local]").first
        expect(start).to_contain_text(re.compile(r"Dec.*11.*0?2:00|11 Dec.*0?2:00"))
        # ...and from the next page on the site writes it so, in its own words.
        tokyo.reload()
        expect(start).to_contain_text("Dec. 11, 2026, 2 a.m. JST")
        screenshot(tokyo, f"championship-start-in-tokyo-{name}")
