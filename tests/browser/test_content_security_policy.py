"""Under the site's Content-Security-Policy the pages still work in Chromium, unrefused."""

import re

from playwright.sync_api import expect

from tests.browser.conftest import click_point, log_in, start_practice_kropki

# Chromium reports every refused script, style, image or connection on the console.
REFUSED = re.compile(r"Content Security Policy|Refused to", re.I)


def test_pages_play_and_the_api_docs_render_with_nothing_refused(site, page, make_user):
    refused = []
    page.on("console", lambda message: REFUSED.search(message.text) and refused.append(message))
    page.on("pageerror", lambda error: refused.append(str(error)))

    make_user("nina")
    log_in(page, site, "nina")
    start_practice_kropki(page, site)
    click_point(page, 3, 3)
    expect(page.locator('.dot.blue[data-point="3-3"]')).to_be_visible()
    expect(page.locator(".dot.red")).to_have_count(1)  # the page's script sent it, no reload

    for path in ("/", "/championships/", "/rules/kropki/", "/leaderboards/", "/account/"):
        page.goto(f"{site}{path}")
        expect(page.locator("main")).to_be_visible()

    page.goto(f"{site}/api/docs/")
    expect(page.locator(".opblock").first).to_be_visible(timeout=15_000)
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Championships API")
    assert not refused, [getattr(message, "text", message) for message in refused]
