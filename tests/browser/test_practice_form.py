"""The new-game form in Chromium: the CPU at a level, or a player picked by name with names
suggested as one types; without JavaScript a typed name works all the same."""

import re

from playwright.sync_api import expect

from games.models import Game
from tests.browser.conftest import log_in, screenshot


def suggestions(page) -> list[str]:
    return page.locator("#player-names option").evaluate_all(
        "options => options.map(option => option.value)"
    )


def test_a_player_is_picked_by_name_from_the_suggestions_and_invited(site, page, make_user):
    make_user("anna")
    for name in ("boris", "bogdan", "celina"):
        make_user(name)
    log_in(page, site, "anna")
    page.goto(f"{site}/games/new/?game=kropki")
    expect(page.get_by_label("CPU (normal)")).to_be_checked()
    name_field = page.get_by_label("Player to invite")
    expect(name_field).to_be_hidden()  # nobody to name against the CPU

    page.get_by_label("A player").check()
    expect(name_field).to_be_visible()
    expect(name_field).to_be_focused()
    name_field.press_sequentially("BO")
    expect(page.locator("#player-names option")).to_have_count(2)
    assert suggestions(page) == ["bogdan", "boris"]
    expect(page.get_by_text("Express", exact=False).first).to_be_visible()
    expect(
        page.get_by_text("Short games: in Kropki the game stops after 80 moves.")
    ).to_be_visible()
    screenshot(page, "practice-form-player-suggestions")

    name_field.fill("boris")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    expect(page.locator(".game-over")).to_contain_text("Waiting for your opponent to accept.")
    game = Game.objects.get()
    assert game.kind == Game.Kind.FRIENDLY
    assert game.seats.get(seat="red").user.username == "boris"


def test_the_cpu_is_chosen_at_its_strongest_and_the_game_page_says_so(site, page, make_user):
    make_user("anna")
    log_in(page, site, "anna")
    page.goto(f"{site}/games/new/?game=dots_and_boxes")
    page.get_by_label("CPU (strong)").check()
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    expect(page.locator(".players")).to_contain_text("CPU (strong)")
    assert Game.objects.get().cpu_level == "strong"


def test_four_players_are_suggested_one_name_after_another(site, page, make_user):
    make_user("anna")
    for name in ("bob", "carol", "dave"):
        make_user(name)
    log_in(page, site, "anna")
    page.goto(f"{site}/games/new/?game=quadramids")
    page.get_by_label("Invited players").check()
    name_field = page.get_by_label("Players to invite")
    name_field.press_sequentially("bob, ca")
    expect(page.locator("#player-names option")).to_have_count(1)
    assert suggestions(page) == ["bob, carol"]


def test_a_refused_name_shows_at_its_field_and_stays_to_be_corrected(site, page, make_user):
    make_user("anna")
    log_in(page, site, "anna")
    page.goto(f"{site}/games/new/?game=kropki")
    page.get_by_label("A player").check()
    page.get_by_label("Player to invite").fill("nobody-here")
    page.get_by_role("button", name="Start the game").click()
    name_field = page.get_by_label("Player to invite")
    expect(name_field).to_be_visible()
    expect(name_field).to_have_value("nobody-here")
    expect(name_field).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#id_player_error")).to_have_text("no player called 'nobody-here'")
    assert not Game.objects.exists()


def test_without_javascript_a_typed_name_invites_the_player(site, open_page, make_user):
    make_user("anna")
    make_user("boris")
    page = open_page(java_script_enabled=False)
    log_in(page, site, "anna")
    page.goto(f"{site}/games/new/?game=kropki")
    name_field = page.get_by_label("Player to invite")
    expect(name_field).to_be_visible()
    page.get_by_label("A player").check()
    name_field.fill("boris")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    assert Game.objects.get().seats.get(seat="red").user.username == "boris"
