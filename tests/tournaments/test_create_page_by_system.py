"""The create and settings page made for each system: only the chosen system's parts
shown, its own tie-breaks and their default order, every choice named in words."""

import json
import re
from html import unescape

import pytest
from django.urls import reverse

from tests.tournaments.test_pages import form_data
from tournaments import services, tiebreaks
from tournaments.models import Championship
from tournaments.systems.swiss import standings as swiss_standings

pytestmark = pytest.mark.django_db


def page(client, organiser, url=None) -> str:
    client.force_login(organiser)
    return client.get(url or reverse("championship-new")).content.decode()


def parts(html: str) -> dict[str, list[bool]]:
    """Each `data-systems` part of the form: its systems → whether each is shown."""
    found: dict[str, list[bool]] = {}
    for systems, rest in re.findall(r'data-systems="([^"]*)"([^>]*)>', html):
        found.setdefault(systems, []).append(" hidden" not in rest)
    return found


def part_shown(html: str, marker: str) -> bool:
    """Whether the innermost part holding `marker` (a field's input) is shown."""
    before = html[: html.index(marker)]
    tag = re.findall(r"<div[^>]*data-systems=[^>]*>", before)[-1]
    return " hidden" not in tag


def tiebreak_options(html: str) -> dict[str, str]:
    select = re.search(r'<select name="tiebreak_1".*?</select>', html, flags=re.S).group(0)
    return dict(re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', select))


def test_the_create_page_gives_each_system_its_own_tiebreaks_and_default_order(client, organiser):
    html = page(client, organiser)
    systems = json.loads(
        re.search(
            r'<script id="tiebreak-systems" type="application/json">(.*?)</script>', html
        ).group(1)
    )
    assert systems["swiss"]["default"] == list(swiss_standings.DEFAULT_SWISS_TIEBREAKS)
    assert systems["groups"]["default"] == list(tiebreaks.DEFAULT_TIEBREAKS)
    assert set(systems["swiss"]["known"]) == set(swiss_standings.SWISS_TIEBREAKS)
    assert "game_score_difference" not in systems["swiss"]["known"]
    assert "buchholz" not in systems["groups"]["known"]


def test_every_tiebreak_is_offered_by_its_name_in_words(client, organiser):
    options = tiebreak_options(page(client, organiser))
    assert options["sonneborn_berger_cut1"] == "Sonneborn-Berger cut 1"
    assert all("_" not in label for label in options.values())
    legend = re.search(r'<dl class="tiebreak-legend">.*?</dl>', page(client, organiser), re.S)
    assert "Sonneborn-Berger cut 1" in legend.group(0)


def test_a_swiss_created_with_its_tiebreak_order_changed_keeps_that_order(client, organiser):
    client.force_login(organiser)
    order = ["buchholz", "sonneborn_berger_cut1", "progressive"]
    answer = client.post(
        reverse("championship-new"),
        form_data(
            system="swiss", swiss_rounds="3", playoff_players="0", tiebreak_1=order[0],
            tiebreak_2=order[1], tiebreak_3=order[2],
        ),
    )  # fmt: skip
    assert answer.status_code == 302, answer.content.decode()[:1000]
    assert Championship.objects.get().tiebreaks == order


def test_a_group_tiebreak_chosen_for_a_swiss_is_refused_in_words_naming_the_field(
    client, organiser
):
    client.force_login(organiser)
    answer = client.post(
        reverse("championship-new"),
        form_data(
            system="swiss", tiebreak_1="buchholz_cut1", tiebreak_2="game_score_difference",
            tiebreak_3="",
        ),
    )  # fmt: skip
    assert answer.status_code == 200 and not Championship.objects.exists()
    text = unescape(answer.content.decode())
    assert "Game score difference is not a tie-break of this system" in text
    assert "Buchholz cut 1" in text and "unknown tie-break" not in text
    assert 'href="#id_tiebreak_1"' in text


def test_the_group_defaults_left_as_shown_give_a_swiss_its_own_order(client, organiser):
    """A page without its script still shows the groups' defaults: they stand for the
    Swiss's own, which the page then shows."""
    client.force_login(organiser)
    defaults = {f"tiebreak_{n}": name for n, name in enumerate(tiebreaks.DEFAULT_TIEBREAKS, 1)}
    answer = client.post(
        reverse("championship-new"), form_data(system="swiss", **defaults, tiebreak_6="")
    )
    assert answer.status_code == 302
    championship = Championship.objects.get()
    assert championship.tiebreaks == list(swiss_standings.DEFAULT_SWISS_TIEBREAKS)
    edit = page(client, organiser, reverse("championship-edit", args=[championship.pk]))
    assert re.search(
        r'name="tiebreak_1"[^>]*>.*?<option value="buchholz_cut1"[^>]*selected', edit, re.S
    )


@pytest.mark.parametrize(
    ("system", "shown", "hidden"),
    [
        ("groups", ["groups", "groups swiss"], ["swiss", "double_elimination"]),
        ("swiss", ["swiss", "groups swiss"], ["groups", "double_elimination"]),
        ("double_elimination", ["double_elimination"], ["groups", "swiss", "groups swiss"]),
    ],
)
def test_the_settings_page_shows_only_the_parts_of_the_championships_system(
    client, organiser, system, shown, hidden
):
    championship = services.create_championship(
        organiser=organiser, name="Cup", game="kropki", system=system
    )
    html = page(client, organiser, reverse("championship-edit", args=[championship.pk]))
    found = parts(html)
    for systems in shown:
        assert all(found[systems]), systems
    for systems in hidden:
        assert not any(found[systems]), systems


def test_a_double_elimination_offers_no_group_fields_and_a_swiss_no_grand_final_reset(
    client, organiser
):
    swiss = services.create_championship(
        organiser=organiser, name="Swiss", game="kropki", system="swiss"
    )
    html = page(client, organiser, reverse("championship-edit", args=[swiss.pk]))
    assert not part_shown(html, 'name="grand_final_reset"')
    double = services.create_championship(
        organiser=organiser, name="Double", game="kropki", system="double_elimination"
    )
    html = page(client, organiser, reverse("championship-edit", args=[double.pk]))
    assert not part_shown(html, 'name="group_size"')
    assert part_shown(html, 'name="grand_final_reset"')
    # Its match format is named for its brackets; no match for third place is offered.
    assert re.search(
        r'<span data-systems="double_elimination">Format of the bracket matches</span>', html
    )
    assert not part_shown(html, 'name="third_place"')


def test_a_swiss_without_a_playoff_shows_no_playoff_settings(client, organiser):
    swiss = services.create_championship(
        organiser=organiser, name="Swiss", game="kropki", system="swiss", playoff_players=0
    )
    html = page(client, organiser, reverse("championship-edit", args=[swiss.pk]))
    playoff = re.search(r'<div class="playoff-settings"[^>]*>', html).group(0)
    assert " hidden" in playoff
    services.edit_championship(swiss.pk, by=organiser, playoff_players=4)
    html = page(client, organiser, reverse("championship-edit", args=[swiss.pk]))
    assert " hidden" not in re.search(r'<div class="playoff-settings"[^>]*>', html).group(0)


def test_the_api_names_the_systems_own_tiebreaks_when_given_another_systems(organiser):
    from tests.conftest import client_with_token

    answer = client_with_token(organiser).post(
        "/api/championships/",
        {"name": "Swiss", "game": "kropki", "system": "swiss",
         "tiebreaks": ["game_score_difference"]},
        format="json",
    )  # fmt: skip
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert "tiebreaks" in error["details"]
    assert "'game_score_difference' is not a tie-break of the swiss system" in error["message"]
    assert "buchholz_cut1" in error["message"]
