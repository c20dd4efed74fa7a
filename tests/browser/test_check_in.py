"""Check-in in a browser: two of three entrants check in on the championship's page, at
desktop and phone size; at the start the third is withdrawn and the groups hold the two."""

from datetime import timedelta

from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.conftest import log_in, screenshot
from tournaments import services
from tournaments.models import GroupMember


def test_two_entrants_check_in_and_the_third_is_left_out_of_the_draw(site, open_page, make_user):
    organiser = make_user("olga")
    championship = services.create_championship(
        organiser=organiser,
        name="Evening Cup",
        game="kropki",
        options={"width": 5, "height": 5},
        starts_at=timezone.now() + timedelta(minutes=30),
        check_in_s=3600,
    )
    for name in ("anna", "boris", "clara"):
        services.enter(championship.pk, by=make_user(name))

    for name, viewport in [
        ("anna", {"width": 1280, "height": 900}),
        ("boris", {"width": 390, "height": 844}),
    ]:
        page = open_page(viewport=viewport)
        log_in(page, site, name)
        page.goto(f"{site}/championships/{championship.pk}/")
        section = page.locator("#check-in")
        expect(section).to_contain_text("Whoever has not checked in")
        section.get_by_role("button", name="Check in").click()
        expect(page.locator("#check-in")).to_contain_text("You have checked in")
        screenshot(page, f"check-in-{name}-{viewport['width']}")

    organise = open_page(viewport={"width": 1280, "height": 900})
    log_in(organise, site, "olga")
    organise.goto(f"{site}/championships/{championship.pk}/organise/")
    expect(organise.locator("main")).to_contain_text("checked in")
    screenshot(organise, "check-in-organise")

    services.start(championship.pk, by=organiser)
    drawn = set(
        GroupMember.objects.filter(group__stage__championship=championship).values_list(
            "entry__player__username", flat=True
        )
    )
    assert drawn == {"anna", "boris"}
    clara = open_page(viewport={"width": 390, "height": 844})
    log_in(clara, site, "clara")
    clara.goto(f"{site}/notifications/")
    expect(clara.locator("main")).to_contain_text("You did not check in for Evening Cup")
