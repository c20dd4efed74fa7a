"""Standings "after round N": a round being played counts for nothing, any earlier round's
standings can be asked for, each row gives its rounds (the crosstable), and players level on
everything share their place."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Game
from tests.conftest import client_with_token
from tests.support.championships import started_small
from tournaments import selectors, services
from tournaments.demo import create_demo_swiss
from tournaments.models import Championship, Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def started(organiser, make_user, count, **settings) -> Championship:
    return started_small(organiser, make_user, count, name="Autumn Open", **settings)


def running_games(championship, round_number) -> list[Game]:
    return list(
        Game.objects.filter(
            match__stage__championship=championship,
            match__round=round_number,
            status=Game.Status.ACTIVE,
        ).order_by("pk")
    )


def draw_round(championship, organiser, round_number) -> None:
    for game in running_games(championship, round_number):
        services.adjudicate(game.pk, by=organiser, outcome="draw", reason="Agreed draw.")


def first_seat_wins_round(championship, organiser, round_number, *, leave: int = 0) -> None:
    """The first seat wins every game of the round but the last `leave` ones."""
    games = running_games(championship, round_number)
    for game in games[: len(games) - leave]:
        winner = game.match.first.player.username
        services.adjudicate(game.pk, by=organiser, outcome="win", winner=winner, reason="Won.")


def standings(client, championship, query: str = ""):
    return client.get(f"/api/championships/{championship.pk}/standings/{query}")


# -- a round being played ------------------------------------------------------------------


def test_a_swiss_round_being_played_enters_no_tiebreak(organiser, make_user, client):
    championship = started(organiser, make_user, 8, system="swiss", swiss_rounds=4)
    draw_round(championship, organiser, 1)
    # Round 2 is paired and being played: one of its games is already over.
    assert Match.objects.filter(stage__championship=championship, round=2).count() == 4
    first_seat_wins_round(championship, organiser, 2, leave=3)
    body = standings(client, championship).json()
    assert (body["after_round"], body["in_progress"], body["rounds_paired"]) == (1, 2, 2)
    for row in body["swiss"]:
        # After an all-draw round 1 everyone has a draw's point (2-1-0), half a game point
        # (the tie-breaks' unit); each opponent too.
        assert row["points"] == 1
        assert row["tiebreaks"]["buchholz"] == 0.5
        assert row["tiebreaks"]["buchholz_cut1"] == 0
        assert row["tiebreaks"]["sonneborn_berger"] == 0.25
        assert (row["played"], row["drawn"]) == (1, 1)
        # Round 2 is shown with its opponent and seat, and counted for nothing.
        assert [(r["round"], r["counted"]) for r in row["rounds"]] == [(1, True), (2, False)]
        assert row["rounds"][1]["opponent"] is not None
    results = sorted(str(row["rounds"][1]["result"]) for row in body["swiss"])
    assert results == ["None"] * 6 + ["loss", "win"]


GAME_POINTS = {"win": 1, "forfeit_win": 1, "bye": 1, "draw": 0.5}


def game_points(row) -> float:
    """A row's score in game points (1 a win, 1/2 a draw), read from its counted rounds."""
    return sum(GAME_POINTS.get(r["result"], 0) for r in row["rounds"] if r["counted"])


def test_the_demo_swiss_two_rounds_in_has_buchholz_its_opponents_scores(organiser, make_user):
    players = [make_user(f"demo{n}") for n in range(8)]
    championship = create_demo_swiss(organiser, players, rounds_played=2)
    body = selectors.standings(championship)
    assert body["after_round"] == 2
    rows = {row["username"]: row for row in body["swiss"]}
    for row in rows.values():
        games = [
            r for r in row["rounds"] if r["counted"] and r["result"] in ("win", "draw", "loss")
        ]
        if len(games) < 2:
            continue  # a bye or a forfeit counts a dummy opponent; checked elsewhere
        opponents = [game_points(rows[r["opponent"]]) for r in games]
        # Two rounds: no opponent has more than 2 game points, so Buchholz is at most 4.
        assert row["tiebreaks"]["buchholz"] == sum(opponents) <= 4


# -- standings after an earlier round --------------------------------------------------------


def test_the_standings_after_an_earlier_round_are_as_they_were_then(organiser, make_user, client):
    championship = started(organiser, make_user, 8, system="swiss", swiss_rounds=4)
    draw_round(championship, organiser, 1)
    while_round_two = standings(client, championship).json()
    first_seat_wins_round(championship, organiser, 2)
    now = standings(client, championship).json()
    # Round 3 is paired at once: being played, with none of its games over.
    assert (now["after_round"], now["in_progress"]) == (2, 3)
    assert sorted(row["points"] for row in now["swiss"]) == [1] * 4 + [3] * 4
    after_one = standings(client, championship, "?after_round=1").json()
    assert after_one["after_round"] == 1
    for before, asked in zip(while_round_two["swiss"], after_one["swiss"], strict=True):
        assert {k: v for k, v in before.items() if k != "rounds"} == {
            k: v for k, v in asked.items() if k != "rounds"
        }
        # Only the rounds up to the one asked for.
        assert [r["round"] for r in asked["rounds"]] == [1]
    after_none = standings(client, championship, "?after_round=0").json()
    assert {row["points"] for row in after_none["swiss"]} == {0}
    assert all(row["rounds"] == [] for row in after_none["swiss"])


def test_a_groups_standings_after_round_n_count_its_first_n_rounds(organiser, make_user, client):
    championship = started(organiser, make_user, 4, group_size=4)
    first_seat_wins_round(championship, organiser, 1)
    first_seat_wins_round(championship, organiser, 2, leave=1)
    (group,) = standings(client, championship).json()["groups"]
    # Round 2 is being played: the table is after round 1, each row shows round 2's game.
    assert (group["after_round"], group["in_progress"]) == (1, 2)
    assert sorted(row["points"] for row in group["rows"]) == [0, 0, 2, 2]
    assert all([r["round"] for r in row["rounds"]] == [1, 2] for row in group["rows"])
    first_seat_wins_round(championship, organiser, 2)
    (now,) = standings(client, championship).json()["groups"]
    (asked,) = standings(client, championship, "?after_round=1").json()["groups"]
    assert now["after_round"] == 2 and sum(row["points"] for row in now["rows"]) == 8
    assert asked["after_round"] == 1 and sum(row["points"] for row in asked["rows"]) == 4


@pytest.mark.parametrize("value", ["x", "", "-1", "1.5", "٣", "3"])
def test_after_round_not_a_whole_number_or_beyond_the_rounds_paired_is_400_naming_it(
    organiser, make_user, client, value
):
    championship = started(organiser, make_user, 8, system="swiss", swiss_rounds=4)
    draw_round(championship, organiser, 1)
    for query in (f"?after_round={value}", f"?format=csv&after_round={value}"):
        answer = standings(client, championship, query)
        assert answer.status_code == 400, answer.content
        assert "after_round" in answer.json()["error"]["details"]


def test_a_double_elimination_has_no_table_by_rounds(organiser, make_user, client):
    championship = started(organiser, make_user, 4, system="double_elimination")
    assert standings(client, championship, "?after_round=0").status_code == 200
    answer = standings(client, championship, "?after_round=1")
    assert answer.status_code == 400 and "after_round" in answer.json()["error"]["details"]


# -- shared places ---------------------------------------------------------------------------


def test_players_level_on_every_tiebreak_share_the_place_in_the_api_and_the_csv(
    organiser, make_user
):
    championship = started(organiser, make_user, 8, system="swiss", swiss_rounds=4)
    first_seat_wins_round(championship, organiser, 1)
    api = client_with_token(organiser)
    rows = standings(api, championship).json()["swiss"]
    # Four winners of round 1 level on everything, then four losers.
    assert [(row["rank"], row["shared"]) for row in rows] == [(1, True)] * 4 + [(5, True)] * 4
    csv = standings(api, championship, "?format=csv").content.decode().splitlines()
    ranks = [line.split(",")[2] for line in csv[1:] if line.startswith("swiss")]
    assert ranks == ["1–4"] * 4 + ["5–8"] * 4


def test_the_standings_with_their_rounds_cost_as_many_queries_after_two_rounds_as_after_one(
    organiser, make_user, client
):
    championship = started(organiser, make_user, 8, system="swiss", swiss_rounds=4)
    draw_round(championship, organiser, 1)

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert standings(client, championship).status_code == 200
        return len(captured)

    after_one = queries()
    first_seat_wins_round(championship, organiser, 2)
    assert queries() == after_one
