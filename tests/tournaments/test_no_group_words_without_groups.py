"""Where a championship has no groups its pages speak of its own system: the seeds, the
check-in, the organise page while it runs, the start page; the championships list, the
home page and README.md name every system."""

import re
from datetime import timedelta
from html import unescape
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import timezone

from tournaments import services

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

README = Path(__file__).resolve().parents[2] / "README.md"


def words(answer) -> str:
    """The page's text without tags and scripts, spaces collapsed; a Swiss's score groups
    are not groups of players and are left out."""
    html = answer.content.decode()
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    text = re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))
    return re.sub(r"score[- ]groups?", "", text, flags=re.I)


def no_group_word(text: str) -> None:
    found = re.findall(r".{60}\bgroups?\b.{40}", text, flags=re.I)
    assert not found, found


def made(organiser, make_user, system: str, players: int = 4, **settings):
    championship = services.create_championship(
        organiser=organiser, name=f"{system} open", game="kropki",
        options={"width": 5, "height": 5}, rated=False, system=system, **settings,
    )  # fmt: skip
    for n in range(players):
        services.enter(championship.pk, by=make_user(f"player{n}"))
    return championship


@pytest.mark.parametrize("system", ["swiss", "double_elimination"])
def test_the_pages_of_a_championship_without_groups_say_nothing_of_groups(
    client, organiser, make_user, system
):
    championship = made(
        organiser, make_user, system, starts_at=timezone.now() + timedelta(hours=1),
        check_in_s=7200,
    )  # fmt: skip
    client.force_login(organiser)
    pages = [
        reverse("championship-organise", args=[championship.pk]),
        reverse("championship-start", args=[championship.pk]),
        reverse("championship", args=[championship.pk]),
    ]
    for url in pages:
        no_group_word(words(client.get(url)))
    for entry in championship.entries.select_related("player"):
        services.check_in(championship.pk, by=entry.player)
    services.start(championship.pk, by=organiser)
    for url in pages[::2]:
        no_group_word(words(client.get(url)))


def test_the_seeds_of_a_swiss_are_its_pairing_numbers(client, organiser, make_user):
    championship = made(organiser, make_user, "swiss")
    client.force_login(organiser)
    text = words(client.get(reverse("championship-organise", args=[championship.pk])))
    assert "The order of the pairing numbers: the top seed gets number 1" in text


def test_check_in_says_its_absentees_leave_before_the_first_round(client, organiser, make_user):
    championship = made(
        organiser, make_user, "swiss", starts_at=timezone.now() + timedelta(hours=1),
        check_in_s=7200,
    )  # fmt: skip
    text = words(client.get(reverse("championship", args=[championship.pk])))
    assert "withdrawn at the start, before the first round is drawn" in text
    client.force_login(organiser)
    form = words(client.get(reverse("championship-new")))
    assert "whoever has not is withdrawn at the start, before the first round is drawn" in form


def running_organise_page(client, organiser, make_user, system: str) -> str:
    """The words of the organise page of a started championship of `system`."""
    championship = made(organiser, make_user, system)
    services.start(championship.pk, by=organiser)
    client.force_login(organiser)
    return words(client.get(reverse("championship-organise", args=[championship.pk])))


def test_a_running_swiss_organise_page_tells_how_its_rounds_open(client, organiser, make_user):
    text = running_organise_page(client, organiser, make_user, "swiss")
    assert "each Swiss round is paired when the one before is over" in text
    assert "the Swiss decides the ranking" in text
    assert text.count("playing in the Swiss") == 4


def test_a_running_double_elimination_organise_page_tells_how_its_matches_open(
    client, organiser, make_user
):
    text = running_organise_page(client, organiser, make_user, "double_elimination")
    assert "in the winners' and the losers' bracket, then the grand final" in text
    assert "playing in the brackets" in text


def test_a_swiss_without_a_playoff_promises_no_match_for_third_place(client, organiser, make_user):
    championship = made(organiser, make_user, "swiss", playoff_players=0, third_place=True)
    client.force_login(organiser)
    for url in (
        reverse("championship-start", args=[championship.pk]),
        reverse("championship", args=[championship.pk]),
    ):
        text = words(client.get(url))
        assert "third place" not in text and "Playoff format" not in text
    with_playoff = made(
        organiser, make_user, "swiss", players=0, playoff_players=4, third_place=True
    )
    text = words(client.get(reverse("championship-start", args=[with_playoff.pk])))
    assert "with a match for third place" in text


def test_the_championships_list_and_the_home_page_name_every_system(client):
    listing = words(client.get(reverse("championships")))
    assert "round-robin groups" in listing and "a Swiss" in listing
    assert "a double elimination" in listing
    assert "Each championship starts with round robins in groups" not in listing
    home = words(client.get("/"))
    assert "a Swiss or a double elimination" in home
    assert "with a group stage and a playoff" not in home


def test_the_readme_names_every_system_and_every_demo_championship():
    text = README.read_text()
    first = re.sub(r"\s+", " ", text.split("\n\n")[1])
    assert "a Swiss" in first and "double elimination" in first and "Arena" in first
    assert "Demo Swiss" in text and "Demo Double Elimination" in text and "Demo Arena" in text
    assert "leaderboards" in text.lower()
