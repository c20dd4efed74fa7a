"""The bracket from day one for a Swiss with a playoff and for a double elimination: before
their bracket is drawn, GET .../bracket/ and the championship page show the plan the draw
will follow, every slot naming where its player comes from."""

import html

import pytest

from tests.conftest import client_with_token
from tests.support.championships import small_championship
from tests.tournaments.test_bracket_before_the_playoff import bracket_of, entered, labels
from tournaments import services
from tournaments.models import Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def shape(bracket):
    """Each round's name and number of matches."""
    return [(round_["name"], len(round_["matches"])) for round_ in bracket["rounds"]]


def test_a_double_elimination_in_registration_shows_its_brackets_by_seed(api, organiser, make_user):
    championship = small_championship(organiser, system="double_elimination")
    entered(championship, organiser, make_user, 4)
    bracket = bracket_of(api, championship)
    assert (bracket["planned"], bracket["entrants"]) == (True, 4)
    assert shape(bracket) == [
        ("Winners' round 1", 2),
        ("Winners' final", 1),
        ("Losers' round 1", 1),
        ("Losers' final", 1),
        ("Grand final", 1),
        ("Grand final reset", 1),
    ]
    first, losers_first = bracket["rounds"][0], bracket["rounds"][2]
    assert [labels(match) for match in first["matches"]] == [
        ["Seed 1", "Seed 4"],
        ["Seed 2", "Seed 3"],
    ]
    assert [r["bracket"] for r in bracket["rounds"]] == [
        "winners", "winners", "losers", "losers", "final", "final",
    ]  # fmt: skip
    assert labels(losers_first["matches"][0]) == [
        "Loser of winners' round 1, match 1",
        "Loser of winners' round 1, match 2",
    ]
    assert labels(bracket["rounds"][-2]["matches"][0]) == [
        "Winner of the winners' final",
        "Winner of the losers' final",
    ]
    assert all(match["id"] is None for r in bracket["rounds"] for match in r["matches"])


def test_a_double_elimination_plan_gives_byes_to_the_top_seeds(api, organiser, make_user):
    championship = small_championship(organiser, system="double_elimination")
    entered(championship, organiser, make_user, 5)
    first = bracket_of(api, championship)["rounds"][0]
    # Five of a bracket of eight: only seeds 4 and 5 play in the first round.
    assert [labels(match) for match in first["matches"]] == [["Seed 4", "Seed 5"]]


def test_the_double_elimination_is_drawn_as_its_plan_said(api, organiser, make_user):
    championship = small_championship(organiser, system="double_elimination")
    entered(championship, organiser, make_user, 6)
    planned = bracket_of(api, championship)
    services.start(championship.pk, by=organiser)
    drawn = bracket_of(api, championship)
    assert drawn["planned"] is False and drawn["entrants"] is None
    assert shape(drawn) == shape(planned)
    first = drawn["rounds"][0]["matches"]
    assert all(match["a"] and match["b"] for match in first)


def test_a_double_elimination_with_one_entrant_has_no_brackets_yet(api, organiser, make_user):
    championship = small_championship(organiser, system="double_elimination")
    entered(championship, organiser, make_user, 1)
    assert bracket_of(api, championship) == {"rounds": [], "planned": True, "entrants": 1}


def test_a_swiss_with_a_playoff_shows_the_playoff_by_swiss_place_from_registration(
    api, organiser, make_user
):
    championship = small_championship(organiser, system="swiss", playoff_players=4)
    entered(championship, organiser, make_user, 6)
    bracket = bracket_of(api, championship)
    assert (bracket["planned"], bracket["entrants"]) == (True, 6)
    assert shape(bracket) == [("Semi-finals", 2), ("Final", 1), ("Third place", 1)]
    assert [labels(match) for match in bracket["rounds"][0]["matches"]] == [
        ["Place 1 in the Swiss", "Place 4 in the Swiss"],
        ["Place 2 in the Swiss", "Place 3 in the Swiss"],
    ]
    assert labels(bracket["rounds"][1]["matches"][0]) == [
        "Winner of semi-final 1",
        "Winner of semi-final 2",
    ]


def test_a_swiss_playoff_plan_counts_only_the_players_there_are(api, organiser, make_user):
    championship = small_championship(
        organiser, system="swiss", playoff_players=8, third_place=False
    )
    entered(championship, organiser, make_user, 5)
    bracket = bracket_of(api, championship)
    first = bracket["rounds"][0]["matches"]
    # Five players in a bracket of eight: the top three have a bye.
    assert [labels(match) for match in first] == [
        ["Place 1 in the Swiss", None],
        ["Place 4 in the Swiss", "Place 5 in the Swiss"],
        ["Place 2 in the Swiss", None],
        ["Place 3 in the Swiss", None],
    ]
    assert [match["bye"] for match in first] == [True, False, True, True]
    assert "Third place" not in [r["name"] for r in bracket["rounds"]]


def test_a_swiss_plan_stays_while_the_swiss_is_played(api, organiser, make_user):
    championship = small_championship(organiser, system="swiss", playoff_players=2, swiss_rounds=3)
    entered(championship, organiser, make_user, 4)
    services.start(championship.pk, by=organiser)
    bracket = bracket_of(api, championship)
    assert (bracket["planned"], bracket["entrants"]) == (True, None)
    assert labels(bracket["rounds"][0]["matches"][0]) == [
        "Place 1 in the Swiss",
        "Place 2 in the Swiss",
    ]
    assert not Match.objects.filter(stage__championship=championship, stage__kind="playoff")


def test_a_swiss_that_ranks_alone_has_no_bracket(api, organiser, make_user):
    championship = small_championship(organiser, system="swiss", playoff_players=0)
    entered(championship, organiser, make_user, 6)
    assert bracket_of(api, championship) == {"rounds": [], "planned": False, "entrants": None}


def test_the_plans_labels_are_in_the_readers_language(organiser, make_user):
    swiss = small_championship(organiser, system="swiss", playoff_players=4)
    double = small_championship(organiser, name="Double", system="double_elimination")
    for prefix, championship in (("swiss", swiss), ("double", double)):
        entered(championship, organiser, make_user, 4, prefix)
    reader = client_with_token(make_user("reader"))

    def first_label(championship, language):
        answer = reader.get(
            f"/api/championships/{championship.pk}/bracket/", HTTP_ACCEPT_LANGUAGE=language
        )
        return answer.json()["rounds"][0]["matches"][0]["from"]["a"]["label"]

    assert first_label(swiss, "pl") == "Miejsce 1 w etapie szwajcarskim"
    assert first_label(swiss, "ru") == "1-е место швейцарского этапа"
    assert first_label(double, "pl") == "Rozstawienie 1"
    assert first_label(double, "ru") == "Посев 1"


@pytest.mark.parametrize(
    ("system", "options", "shown", "said"),
    [
        (
            "double_elimination",
            {},
            ["Seed 1", "Seed 4", "Winner of the losers' final"],
            "The brackets as they stand with the 4 players entered so far",
        ),
        (
            "swiss",
            {"playoff_players": 4},
            ["Place 1 in the Swiss", "Winner of semi-final 2"],
            "The top 4 of the Swiss go on to this playoff",
        ),
    ],
)
def test_the_championship_page_draws_the_plan_in_registration(
    client, organiser, make_user, system, options, shown, said
):
    championship = small_championship(organiser, system=system, **options)
    entered(championship, organiser, make_user, 4)
    page = html.unescape(client.get(f"/championships/{championship.pk}/").content.decode())
    for label in shown:
        assert label in page
    assert said in page
