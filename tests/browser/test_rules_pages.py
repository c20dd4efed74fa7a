"""The rules pages in Chromium: a Quadrotone pattern opens on its turned versions when
clicked, and what a reader sees of any rules page names no file of the project."""

import re

import pytest
from playwright.sync_api import expect

from games.catalog import BUILT_IN, game_name

REPOSITORY_PATH = re.compile(r"\.\./|seeds/|rules/[\w-]*\.md|Source:|\[decision", re.I)


# Transactional: the live server answers from another thread, on its own connection.
@pytest.fixture
def rules_site(live_server, transactional_db) -> str:
    return live_server.url


def test_Q14_clicking_a_pattern_shows_its_turned_versions(rules_site, open_page):
    page = open_page()
    page.goto(f"{rules_site}/rules/quadrotone/")
    figure = page.locator("figure.rule-example").filter(has_text="L: 40 points")
    turned = figure.locator(".pattern-turn svg")
    expect(turned).to_have_count(3)
    for drawing in turned.all():
        expect(drawing).to_be_hidden()

    figure.locator("summary svg").click()

    for degrees, drawing in zip((90, 180, 270), turned.all(), strict=True):
        expect(drawing).to_be_visible()
        expect(drawing).to_have_attribute("aria-label", f"L turned {degrees}° clockwise")
    # A pattern that looks the same turned has nothing to open.
    block = page.locator("figure.rule-example").filter(has_text="2×2 block: 30 points")
    expect(block.locator("details")).to_have_count(0)
    expect(block).to_contain_text("It looks the same turned.")

    figure.locator("summary svg").click()  # a second click folds them away
    expect(turned.first).to_be_hidden()


@pytest.mark.parametrize("language", ["en-GB", "ru-RU", "pl-PL"])
def test_what_a_reader_sees_of_every_rules_page_names_no_file(rules_site, open_page, language):
    page = open_page(locale=language)
    for game in [game_name(package) for package in BUILT_IN]:
        page.goto(f"{rules_site}/rules/{game}/")
        seen = page.locator("main").inner_text()
        assert not REPOSITORY_PATH.search(seen), (game, language, REPOSITORY_PATH.findall(seen))
        assert page.locator("html").get_attribute("lang") == language[:2]


def test_every_rules_page_fits_a_phone_with_every_turned_pattern_open(rules_site, open_page):
    page = open_page(viewport={"width": 390, "height": 844})
    opened = 0
    for game in [game_name(package) for package in BUILT_IN]:
        page.goto(f"{rules_site}/rules/{game}/")
        for summary in page.locator("details.pattern-turns > summary").all():
            summary.click()
        opened += page.locator("details.pattern-turns[open]").count()
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 1, f"{game}: {overflow}px wider than the screen"
    assert opened == 10  # the Quadrotone patterns that look different turned
