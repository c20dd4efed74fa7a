"""The championship page's standings: the round they are after and the reader's pick of an
earlier one, the crosstable, shared places, the rule of who goes on, the units of the
columns and the start list."""

import re

import pytest
from django.urls import reverse

from ratings.models import Rating
from tests.tournaments.test_standings_after_a_round import (
    draw_round,
    first_seat_wins_round,
    started,
)
from tests.tournaments.test_system_pages import section, text

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def page(championship, query: str = "") -> str:
    return reverse("championship", args=[championship.pk]) + query


def cells(table_html: str) -> list[list[str]]:
    """Each row's crosstable cells as their words (the screen reader's text)."""
    rows = re.findall(r"<tr class=\"[^\"]*\">(.*?)</tr>", table_html, flags=re.S)
    return [re.findall(r'class="round-cell[^"]*" title="([^"]+)"', row) for row in rows]


def test_a_round_being_played_shows_in_the_crosstable_and_enters_no_tiebreak(
    client, organiser, make_user
):
    championship = started(organiser, make_user, 8, system="swiss", swiss_rounds=4)
    draw_round(championship, organiser, 1)
    first_seat_wins_round(championship, organiser, 2, leave=3)
    answer = client.get(page(championship))
    words = text(answer)
    assert "After round 1." in words
    assert "Round 2 is being played: its games show in the table but count" in words
    rows = answer.context["swiss"]
    assert all(row["values"][:3] == ["0", "0.5", "0.25"] for row in rows)  # Bu-1, Bu, SB
    table = section(answer, "standings")
    per_row = cells(table)
    assert len(per_row) == 8 and all(len(row) == 2 for row in per_row)
    assert all(row[0].startswith("Round 1: drawn against ") for row in per_row)
    # One game of round 2 is over: shown, with the others being played, none counted.
    second = sorted(row[1].split(" against ")[0] for row in per_row)
    assert second == ["Round 2: being played"] * 6 + ["Round 2: lost", "Round 2: won"]
    assert table.count("round-cell not-counted") == 8


def test_the_reader_picks_the_round_the_standings_are_after(client, organiser, make_user):
    championship = started(organiser, make_user, 8, system="swiss", swiss_rounds=4)
    draw_round(championship, organiser, 1)
    first_seat_wins_round(championship, organiser, 2)
    now = client.get(page(championship))
    picker = re.search(r'<nav class="round-picker".*?</nav>', now.content.decode(), re.S)[0]
    assert re.findall(r">([^<]+)</a>", picker) == ["Now", "After round 1", "After round 2"]
    assert 'href="?after_round=1#standings"' in picker
    earlier = client.get(page(championship, "?after_round=1"))
    assert "After round 1." in text(earlier) and "is being played" not in text(earlier)
    assert {row["points"] for row in earlier.context["swiss"]} == {"1"}
    assert all(len(row["cells"]) == 1 for row in earlier.context["swiss"])
    current = re.search(
        r'<a href="[^"]*" aria-current="page">([^<]+)</a>', earlier.content.decode()
    )
    assert current[1] == "After round 1"


@pytest.mark.parametrize("value", ["two", "-1", "9"])
def test_a_round_the_page_cannot_show_gives_the_current_standings_and_says_why(
    client, organiser, make_user, value
):
    championship = started(organiser, make_user, 8, system="swiss", swiss_rounds=4)
    draw_round(championship, organiser, 1)
    answer = client.get(page(championship, f"?after_round={value}"))
    assert answer.status_code == 200
    assert "after_round: give a whole number from 0 to 2." in text(answer)
    assert "After round 1." in text(answer)


def test_a_shared_place_reads_as_its_span_and_the_mark_follows_the_pairing_number(
    client, organiser, make_user
):
    championship = started(
        organiser, make_user, 8, system="swiss", swiss_rounds=4, playoff_players=2
    )
    first_seat_wins_round(championship, organiser, 1)
    answer = client.get(page(championship))
    rows = answer.context["swiss"]
    assert [row["place"] for row in rows] == ["1–4"] * 4 + ["5–8"] * 4
    # The four winners share the place; the two lowest pairing numbers of them go on.
    winners = sorted(rows[:4], key=lambda row: row["pairing_number"])
    assert [row["advances"] for row in winners] == [True, True, False, False]
    assert "when a shared place straddles the line, the lower pairing number goes on" in text(
        answer
    )
    assert section(answer, "standings").count('<td class="number place">1–4</td>') == 4


def test_the_legend_says_the_unit_of_the_points_and_of_each_tiebreak(client, organiser, make_user):
    championship = started(
        organiser, make_user, 4, system="swiss", swiss_rounds=3, points_system="3-1-0"
    )
    words = text(client.get(page(championship)))
    assert "Pts points (the championship's points)" in words
    assert "3-1-0: a win 3 points" in words
    assert words.count("(in game points)") == 3  # Buchholz cut 1, Buchholz, Sonneborn-Berger
    assert "Game points count 1 for a win, ½ for a draw and 0 for a loss" in words
    assert "Direct encounter" in words and "(in points)" in words


def test_the_start_list_gives_each_pairing_number_and_rating(client, organiser, make_user):
    championship = started(organiser, make_user, 4, system="swiss", swiss_rounds=3)
    rated = championship.entries.get(pairing_number=2).player
    Rating.objects.create(player=rated, game="kropki", rating=1612.4, rd=80, volatility=0.06)
    answer = client.get(page(championship))
    listed = answer.context["start_list"]
    assert [entry["pairing_number"] for entry in listed] == [1, 2, 3, 4]
    assert [entry["rating"] for entry in listed] == [None, 1612, None, None]
    assert "Start list" in text(answer) and "1612" in section(answer, "standings")


def test_a_group_table_says_the_round_it_is_after(client, organiser, make_user):
    championship = started(organiser, make_user, 4, group_size=4)
    first_seat_wins_round(championship, organiser, 1)
    first_seat_wins_round(championship, organiser, 2, leave=1)
    answer = client.get(page(championship))
    assert "After round 1. Round 2 is being played." in text(answer)
    (group,) = answer.context["groups"]
    assert sorted(row["points"] for row in group["rows"]) == ["0", "0", "2", "2"]
