"""Entries the way organisers gather them, in Chromium: a join link a second player opens and
enters by (a replaced one refused), and a pasted list of invitations with each name's
outcome, on a desktop and on a phone."""

import re

import pytest
from playwright.sync_api import expect

from accounts.models import Plan
from tests.browser.conftest import log_in, screenshot
from tournaments import services
from tournaments.models import Entry, Invitation

DESKTOP = {"viewport": {"width": 1280, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
SIZES = {"desktop": DESKTOP, "phone": PHONE}


@pytest.fixture
def organiser(make_user):
    return make_user("olga", plan=Plan.PAID)


@pytest.fixture
def hidden_cup(organiser):
    """A private championship: only its link lets a stranger in."""
    return services.create_championship(
        organiser=organiser, name="Hidden Cup", game="kropki", visibility="private"
    )


@pytest.mark.parametrize("size", SIZES)
def test_a_second_player_enters_by_the_organisers_link_and_a_replaced_link_is_refused(
    site, open_page, make_user, organiser, hidden_cup, size
):
    make_user("carla")
    make_user("dora")
    desk = open_page(**SIZES[size])
    desk.context.grant_permissions(["clipboard-read", "clipboard-write"])
    log_in(desk, site, "olga")
    desk.goto(f"{site}/championships/{hidden_cup.pk}/organise/")
    link = desk.locator("#join-url").inner_text().strip()
    assert re.fullmatch(rf"{site}/championships/{hidden_cup.pk}/join/[\w-]{{22}}/", link)
    desk.get_by_role("button", name="Copy the link").click()
    expect(desk.locator(".join-link .copy-status")).to_have_text("Copied.")
    assert desk.evaluate("navigator.clipboard.readText()") == link
    screenshot(desk, f"championship-organise-join-link-{size}")

    # Carla is not logged in: the link sends her to log in and back to it.
    player = open_page(**SIZES[size])
    player.goto(link)
    player.wait_for_url(re.compile(r"/login/"))
    player.get_by_label("Username").fill("carla")
    player.get_by_label("Password").fill("a-long-and-unusual-passphrase")
    player.locator("main form button[type=submit]").first.click()
    player.wait_for_url(link)
    expect(player.locator("h1")).to_have_text("Join Hidden Cup")
    expect(player.locator("main")).to_contain_text("Kropki")
    expect(player.locator("main")).to_contain_text("When the organiser starts it.")
    screenshot(player, f"championship-join-{size}")
    player.get_by_role("button", name="Enter", exact=True).click()
    player.wait_for_url(f"{site}/championships/{hidden_cup.pk}/")
    expect(player.locator(".messages")).to_contain_text("You have entered Hidden Cup.")
    assert Entry.objects.filter(championship=hidden_cup, player__username="carla").exists()

    # The organiser makes a new link: the old one is refused at once.
    desk.get_by_role("button", name="Make a new link").click()
    expect(desk.locator(".messages")).to_contain_text(
        "The join link is new: the old one no longer works."
    )
    new_link = desk.locator("#join-url").inner_text().strip()
    assert new_link != link
    late = open_page(**SIZES[size])
    log_in(late, site, "dora")
    assert late.goto(link).status == 404
    assert late.goto(new_link).status == 200
    expect(late.get_by_role("button", name="Enter", exact=True)).to_be_visible()


@pytest.mark.parametrize("size", SIZES)
def test_a_pasted_list_of_invitations_shows_each_names_outcome(
    site, open_page, make_user, organiser, size
):
    championship = services.create_championship(
        organiser=organiser, name="Autumn Cup", game="kropki"
    )
    for name in ("anna", "boris", "bogdan"):
        make_user(name)
    services.enter(championship.pk, by=make_user("clara"))
    desk = open_page(**SIZES[size])
    log_in(desk, site, "olga")
    desk.goto(f"{site}/championships/{championship.pk}/organise/")
    desk.get_by_text("Invite many players at once").click()
    desk.get_by_label("Usernames", exact=True).fill("anna\nnobody-here, clara\nboris")
    desk.get_by_role("button", name="Invite them").click()

    expect(desk.locator(".messages")).to_contain_text("2 of 4 names went through")
    outcomes = desk.locator(".invitation-outcomes li")
    expect(outcomes).to_have_text(
        [
            "Invited anna: anna is invited and enters on accepting.",
            "Not invited nobody-here: There is no player called nobody-here.",
            "Not invited clara: clara has already entered.",
            "Invited boris: boris is invited and enters on accepting.",
        ]
    )
    screenshot(desk, f"championship-organise-invitation-outcomes-{size}")
    assert sorted(
        Invitation.objects.filter(championship=championship).values_list(
            "player__username", flat=True
        )
    ) == ["anna", "boris"]

    # The single invitation field suggests names as one types, as the new-game form does
    # (once the page's scripts have run: the outcomes above show before they do).
    desk.wait_for_load_state()
    field = desk.get_by_label("Username", exact=True)
    field.fill("bo")
    expect(desk.locator("#player-names option")).to_have_count(2)
    assert desk.locator("#player-names option").evaluate_all(
        "options => options.map(o => o.value)"
    ) == ["bogdan", "boris"]
