"""Round-robin standings and tie-breaks (pure functions, no database)."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tournaments.tiebreaks import (
    DEFAULT_TIEBREAKS,
    POINT_SYSTEMS,
    TIEBREAKS,
    GameResult,
    PointSystem,
    StandingRow,
    Table,
    build_table,
    direct_encounter,
    game_score_difference,
    koya,
    lots,
    sonneborn_berger,
    standings,
    wins,
)

FIDE_EXERCISE = Path(__file__).parent / "data" / "fide-tec-round-robin-exercise.json"
PROJECT_ROOT = Path(__file__).resolve().parents[2]

# Result codes of the exercise file: (game score of the player, whether it was a forfeit).
FIDE_CODES = {1: (0.0, False), 2: (0.5, False), 3: (1.0, False), 4: (0.0, True), 6: (1.0, True)}

CHESS = POINT_SYSTEMS["1-0.5-0"]


def win(first: str, second: str, margin: int = 0) -> GameResult:
    return GameResult(first, second, 1, first_margin=margin)


def draw(first: str, second: str) -> GameResult:
    return GameResult(first, second, 0.5)


def forfeit_win(first: str, second: str) -> GameResult:
    return GameResult(first, second, 1, forfeit=True)


def by_player(rows: list[StandingRow]) -> dict[str, StandingRow]:
    return {row.player: row for row in rows}


def order(rows: list[StandingRow]) -> list[str]:
    return [row.player for row in rows]


# The FIDE Technical Commission exercise


@pytest.fixture(scope="module")
def fide() -> tuple[list[str], list[GameResult]]:
    """Players "1".."6" and one GameResult per game of the published exercise."""
    data = json.loads(FIDE_EXERCISE.read_text())
    players = [str(number) for number in range(1, len(data["players"]) + 1)]
    results = []
    for index, entry in enumerate(data["players"]):
        for game in entry["rounds"].values():
            opponent = game["opponent"]
            score, forfeit = FIDE_CODES[game["result"]]
            mirror = next(
                other
                for other in data["players"][opponent]["rounds"].values()
                if other["opponent"] == index
            )
            # Each game is stored from both sides; they must agree before one is kept.
            assert FIDE_CODES[mirror["result"]] == (1 - score, forfeit)
            if index < opponent:
                results.append(
                    GameResult(players[index], players[opponent], score, forfeit=forfeit)
                )
    assert len(results) == 15
    return players, results


def test_points_fide_exercise(fide: tuple[list[str], list[GameResult]]) -> None:
    rows = by_player(standings(*fide, points=CHESS))
    published = {"1": 3.5, "2": 3.5, "3": 3.5, "4": 1.5, "5": 1.5, "6": 1.5}
    assert {player: row.points for player, row in rows.items()} == published


def test_sonneborn_berger_fide_exercise(fide: tuple[list[str], list[GameResult]]) -> None:
    players, results = fide
    table = build_table(players, results, points=CHESS)
    published = {"1": 9.25, "2": 6.25, "3": 6.25, "4": 4.25, "5": 3.25, "6": 2.25}
    assert sonneborn_berger(table, frozenset(players)) == pytest.approx(published)


def test_koya_fide_exercise(fide: tuple[list[str], list[GameResult]]) -> None:
    players, results = fide
    table = build_table(players, results, points=CHESS)
    published = {"1": 2, "2": 0.5, "3": 0.5, "4": 1, "5": 0.5, "6": 0}
    assert koya(table, frozenset(players)) == pytest.approx(published)


def test_fide_exercise_values_are_shown_in_the_standing_rows(
    fide: tuple[list[str], list[GameResult]],
) -> None:
    rows = by_player(standings(*fide, points=CHESS, tiebreaks=("sonneborn_berger", "koya")))
    assert {player: row.tiebreaks["sonneborn_berger"] for player, row in rows.items()} == (
        pytest.approx({"1": 9.25, "2": 6.25, "3": 6.25, "4": 4.25, "5": 3.25, "6": 2.25})
    )
    assert {player: row.tiebreaks["koya"] for player, row in rows.items()} == (
        pytest.approx({"1": 2, "2": 0.5, "3": 0.5, "4": 1, "5": 0.5, "6": 0})
    )


def test_fide_exercise_ranking_with_the_default_tiebreaks(
    fide: tuple[list[str], list[GameResult]],
) -> None:
    # 1 beat 2 and 3; 2 and 3 drew and stay level down to lots (listing order). Among the
    # 1.5 group, 6's forfeit win over 5 counts in direct encounter: 6 1.5, 5 1, 4 0.5.
    rows = standings(*fide, points=CHESS)
    assert order(rows) == ["1", "2", "3", "6", "5", "4"]
    assert [row.rank for row in rows] == [1, 2, 3, 4, 5, 6]


def test_forfeits_are_counted_and_shown_fide_exercise(
    fide: tuple[list[str], list[GameResult]],
) -> None:
    rows = by_player(standings(*fide, points=CHESS))
    assert (rows["5"].won, rows["5"].drawn, rows["5"].lost, rows["5"].forfeits) == (1, 1, 3, 1)
    assert (rows["6"].won, rows["6"].drawn, rows["6"].lost, rows["6"].forfeits) == (1, 1, 3, 1)
    assert all(rows[player].forfeits == 0 for player in "1234")


# Each tie-break on its own

# A single round robin of four: A beat B and C, drew D; B beat C and D; C beat D.
# Points 2-1-0: A 5, B 4, C 2, D 1.
FOUR = ["A", "B", "C", "D"]
FOUR_RESULTS = [
    win("A", "B", margin=3),
    win("A", "C", margin=1),
    draw("A", "D"),
    win("B", "C", margin=5),
    win("B", "D", margin=2),
    win("C", "D", margin=4),
]


def four_table(system: PointSystem = POINT_SYSTEMS["2-1-0"]) -> Table:
    return build_table(FOUR, FOUR_RESULTS, points=system)


def test_direct_encounter_counts_only_games_among_the_tied_players() -> None:
    table = four_table()
    assert direct_encounter(table, frozenset({"B", "C", "D"})) == {"B": 4, "C": 2, "D": 0}
    assert direct_encounter(table, frozenset({"A", "D"})) == {"A": 1, "D": 1}


def test_sonneborn_berger_weighs_each_game_score_by_the_opponents_points() -> None:
    # A: 1 x 4 (B) + 1 x 2 (C) + 1/2 x 1 (D); D only drew A: 1/2 x 5.
    values = sonneborn_berger(four_table(), frozenset(FOUR))
    assert values == pytest.approx({"A": 6.5, "B": 3, "C": 1, "D": 2.5})


def test_koya_counts_points_against_players_with_at_least_half_the_maximum() -> None:
    # Maximum 3 games x 2 points = 6; A (5) and B (4) reach 3, C (2) and D (1) do not.
    values = koya(four_table(), frozenset(FOUR))
    assert values == {"A": 2, "B": 0, "C": 0, "D": 1}


def test_koya_is_offered_but_not_a_default_tiebreak() -> None:
    assert "koya" in TIEBREAKS
    assert "koya" not in DEFAULT_TIEBREAKS
    rows = standings(FOUR, FOUR_RESULTS, tiebreaks=("koya",))
    assert list(rows[0].tiebreaks) == ["koya", "lots"]


def test_wins_counts_won_games() -> None:
    assert wins(four_table(), frozenset(FOUR)) == {"A": 2, "B": 2, "C": 1, "D": 0}


def test_wins_include_forfeit_wins() -> None:
    table = build_table(["A", "B"], [forfeit_win("A", "B")], points=POINT_SYSTEMS["2-1-0"])
    assert wins(table, frozenset({"A", "B"})) == {"A": 1, "B": 0}


def test_game_score_difference_sums_the_margins_from_each_side() -> None:
    values = game_score_difference(four_table(), frozenset(FOUR))
    assert values == {"A": 4, "B": 4, "C": -2, "D": -6}


def test_lots_default_to_the_listing_order() -> None:
    assert lots(four_table(), frozenset(FOUR)) == {"A": 1, "B": 2, "C": 3, "D": 4}


def test_lots_use_the_recorded_drawing() -> None:
    table = build_table(
        FOUR, FOUR_RESULTS, points=POINT_SYSTEMS["2-1-0"], lots={"A": 7, "B": 3, "C": 1, "D": 9}
    )
    assert lots(table, frozenset({"A", "B"})) == {"A": 7, "B": 3}


# Ranking


def double_round_robin_three_way_tie(*, b_margin: int, c_margin: int) -> list[GameResult]:
    """A, B, C finish level on points; among them A leads and B, C are level, yet B beat C.

    A single round robin cannot do this: B level with C after beating C means C beat A and
    B lost to A, which leaves all three on one point among themselves. Hence the double
    round robin. Everything else between B and C is level except the margins, so a ranking
    that went on to later tie-breaks would follow the margins.
    """
    return [
        # A vs B: A wins both. A vs C: one win each. B vs C: B wins one, one draw.
        win("A", "B"),
        win("A", "B"),
        win("A", "C"),
        win("C", "A"),
        win("B", "C", margin=b_margin),
        draw("B", "C"),
        # D: draws and beats A; loses twice to B and to C.
        draw("A", "D"),
        win("D", "A"),
        win("B", "D"),
        win("B", "D"),
        win("C", "D", margin=c_margin),
        win("C", "D"),
    ]


def test_three_way_tie_direct_encounter_is_recomputed_for_the_remaining_two() -> None:
    # C has the better game-score difference, so only a fresh direct encounter between B
    # and C (B won 1.5-0.5) puts B ahead of C.
    results = double_round_robin_three_way_tie(b_margin=1, c_margin=20)
    rows = standings(["C", "B", "A", "D"], results)
    assert order(rows) == ["A", "B", "C", "D"]
    shown = by_player(rows)
    assert [shown[player].points for player in "ABC"] == [7, 7, 7]
    # Among the three: A 6, B 3, C 3. Then between B and C alone: B 3, C 1.
    assert shown["A"].tiebreaks["direct_encounter"] == 6
    assert shown["B"].tiebreaks["direct_encounter"] == 3
    assert shown["C"].tiebreaks["direct_encounter"] == 1
    assert shown["B"].tiebreaks["sonneborn_berger"] == shown["C"].tiebreaks["sonneborn_berger"]
    assert shown["B"].tiebreaks["wins"] == shown["C"].tiebreaks["wins"]
    assert (
        shown["C"].tiebreaks["game_score_difference"]
        > (shown["B"].tiebreaks["game_score_difference"])
    )


def test_a_split_group_restarts_from_the_first_tiebreak_not_the_next_one() -> None:
    # Without direct encounter the margins decide between B and C: the order flips.
    results = double_round_robin_three_way_tie(b_margin=1, c_margin=20)
    no_encounter = tuple(name for name in DEFAULT_TIEBREAKS if name != "direct_encounter")
    assert order(standings(["A", "B", "C", "D"], results, tiebreaks=no_encounter))[1:3] == [
        "C",
        "B",
    ]


# Two players level on everything: drew each other, each beat C by the same margin.
LEVEL = ["P", "Q", "R"]
LEVEL_RESULTS = [draw("P", "Q"), win("P", "R", margin=2), win("Q", "R", margin=2)]


def test_tie_that_goes_all_the_way_to_lots_follows_the_listing_order() -> None:
    rows = standings(LEVEL, LEVEL_RESULTS)
    assert order(rows) == ["P", "Q", "R"]
    assert standings(["Q", "P", "R"], LEVEL_RESULTS)[0].player == "Q"
    first, second = rows[0].tiebreaks, rows[1].tiebreaks
    assert {name: value for name, value in first.items() if name != "lots"} == {
        name: value for name, value in second.items() if name != "lots"
    }
    assert (first["lots"], second["lots"]) == (1, 2)


def test_tie_that_goes_all_the_way_to_lots_follows_the_recorded_drawing() -> None:
    rows = standings(LEVEL, LEVEL_RESULTS, lots={"P": 2, "Q": 1, "R": 3})
    assert order(rows) == ["Q", "P", "R"]
    assert rows[0].tiebreaks["lots"] == 1


def test_lots_are_applied_last_even_when_not_listed() -> None:
    rows = standings(LEVEL, LEVEL_RESULTS, tiebreaks=("wins",), lots={"P": 5, "Q": 4, "R": 6})
    assert order(rows) == ["Q", "P", "R"]
    assert list(rows[0].tiebreaks) == ["wins", "lots"]


def test_tiebreak_values_are_listed_in_the_order_used() -> None:
    rows = standings(FOUR, FOUR_RESULTS)
    assert all(list(row.tiebreaks) == list(DEFAULT_TIEBREAKS) for row in rows)
    custom = ("wins", "koya", "lots", "sonneborn_berger")
    custom_rows = standings(FOUR, FOUR_RESULTS, tiebreaks=custom)
    assert all(list(row.tiebreaks) == list(custom) for row in custom_rows)


def test_ranks_are_one_to_n_and_never_shared() -> None:
    players = [f"p{number}" for number in range(6)]
    # Every game drawn: all level on everything, and lots alone must order them.
    results = [draw(a, b) for i, a in enumerate(players) for b in players[i + 1 :]]
    rows = standings(players, results)
    assert [row.rank for row in rows] == [1, 2, 3, 4, 5, 6]
    assert order(rows) == players


# Point systems

# X drew all three games; Y won one and lost two; Z and W make up the rest.
SYSTEMS = ["X", "Y", "Z", "W"]
SYSTEMS_RESULTS = [
    draw("X", "Y"),
    draw("X", "Z"),
    draw("X", "W"),
    win("Y", "Z"),
    win("Z", "W"),
    win("W", "Y"),
]


def test_two_one_zero_points() -> None:
    rows = by_player(standings(SYSTEMS, SYSTEMS_RESULTS))
    assert {player: row.points for player, row in rows.items()} == {
        "X": 3,
        "Y": 3,
        "Z": 3,
        "W": 3,
    }


def test_three_one_zero_points_reward_a_win_over_two_draws() -> None:
    rows = standings(SYSTEMS, SYSTEMS_RESULTS, points=POINT_SYSTEMS["3-1-0"])
    assert {row.player: row.points for row in rows} == {"X": 3, "Y": 4, "Z": 4, "W": 4}
    assert rows[-1].player == "X"


def test_one_half_zero_points() -> None:
    rows = standings(SYSTEMS, SYSTEMS_RESULTS, points=POINT_SYSTEMS["1-0.5-0"])
    assert {row.player: row.points for row in rows} == {"X": 1.5, "Y": 1.5, "Z": 1.5, "W": 1.5}


def test_sonneborn_berger_in_three_one_zero_uses_the_game_score_fraction() -> None:
    # A beat B, drew C; B beat C. 3-1-0: A 4, B 3, C 1. A: 1 x 3 + 1/2 x 1; C: 1/2 x 4.
    results = [win("A", "B"), draw("A", "C"), win("B", "C")]
    table = build_table(["A", "B", "C"], results, points=POINT_SYSTEMS["3-1-0"])
    assert sonneborn_berger(table, frozenset("ABC")) == pytest.approx({"A": 3.5, "B": 1, "C": 2})


def test_a_custom_point_system_keeps_exact_values() -> None:
    # 0.1 is not exact in binary; ten draws must still make exactly 1.
    players = [f"p{number}" for number in range(11)]
    results = [draw("p0", other) for other in players[1:]]
    rows = by_player(standings(players, results, points=PointSystem(1, 0.1, 0)))
    assert rows["p0"].points == 1


# Counts


def test_played_won_drawn_lost_counts() -> None:
    rows = by_player(standings(FOUR, FOUR_RESULTS))
    counts = {p: (r.played, r.won, r.drawn, r.lost) for p, r in rows.items()}
    assert counts == {"A": (3, 2, 1, 0), "B": (3, 2, 0, 1), "C": (3, 1, 0, 2), "D": (3, 0, 1, 2)}
    assert all(row.played == row.won + row.drawn + row.lost for row in rows.values())


def test_forfeits_count_as_wins_and_losses_and_are_shown() -> None:
    results = [forfeit_win("A", "B"), win("B", "C"), forfeit_win("A", "C")]
    rows = by_player(standings(["A", "B", "C"], results))
    assert (rows["A"].won, rows["A"].lost, rows["A"].forfeits, rows["A"].points) == (2, 0, 2, 4)
    assert (rows["B"].won, rows["B"].lost, rows["B"].forfeits, rows["B"].points) == (1, 1, 1, 2)
    assert (rows["C"].won, rows["C"].lost, rows["C"].forfeits, rows["C"].points) == (0, 2, 1, 0)


def test_byes_are_absent_from_results_and_change_nothing() -> None:
    # Three players, one game so far: C, who had the bye, has an empty record and is level
    # with B (who lost) on everything but lots.
    rows = by_player(standings(["A", "B", "C"], [win("A", "B")]))
    assert (rows["C"].played, rows["C"].won, rows["C"].lost, rows["C"].points) == (0, 0, 0, 0)
    assert {name: value for name, value in rows["C"].tiebreaks.items() if name != "lots"} == {
        "direct_encounter": 0,
        "sonneborn_berger": 0,
        "wins": 0,
        "game_score_difference": 0,
    }
    assert (rows["A"].rank, rows["B"].rank, rows["C"].rank) == (1, 2, 3)


# Determinism


def test_output_does_not_depend_on_the_order_of_results() -> None:
    results = double_round_robin_three_way_tie(b_margin=1, c_margin=20)
    expected = standings(["A", "B", "C", "D"], results)
    shuffled = list(results)
    for seed in range(5):
        random.Random(seed).shuffle(shuffled)
        assert standings(["A", "B", "C", "D"], shuffled) == expected


def test_output_is_the_same_under_every_hash_seed() -> None:
    # Tied players are held in sets, whose order follows str hashing; the ranking must not.
    script = (
        "from tests.tournaments.test_tiebreaks import LEVEL, LEVEL_RESULTS, FOUR, FOUR_RESULTS\n"
        "from tournaments.tiebreaks import standings\n"
        "print(standings(LEVEL, LEVEL_RESULTS) + standings(FOUR, FOUR_RESULTS))\n"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", script],
            cwd=PROJECT_ROOT,
            env={"PYTHONHASHSEED": str(seed), "PATH": ""},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in (0, 1, 2, 3)
    }
    assert len(outputs) == 1


# Bad input


def test_unknown_tiebreak_is_rejected() -> None:
    with pytest.raises(ValueError, match="unknown tie-break"):
        standings(FOUR, FOUR_RESULTS, tiebreaks=("buchholz",))


def test_result_for_a_player_outside_the_group_is_rejected() -> None:
    with pytest.raises(ValueError, match="not in the group"):
        standings(["A", "B"], [win("A", "Z")])


def test_a_forfeit_cannot_be_a_draw() -> None:
    with pytest.raises(ValueError, match="forfeit"):
        GameResult("A", "B", 0.5, forfeit=True)


def test_game_score_must_be_one_half_or_zero() -> None:
    with pytest.raises(ValueError, match="first_score"):
        GameResult("A", "B", 2)


def test_missing_lots_are_rejected() -> None:
    with pytest.raises(ValueError, match="no lot"):
        standings(LEVEL, LEVEL_RESULTS, lots={"P": 1, "Q": 2})


def test_players_who_drew_the_same_lot_keep_the_listing_order() -> None:
    shared = {"P": 4, "Q": 4, "R": 1}
    assert order(standings(["Q", "P", "R"], LEVEL_RESULTS, lots=shared)) == ["Q", "P", "R"]
    assert order(standings(["P", "Q", "R"], LEVEL_RESULTS, lots=shared)) == ["P", "Q", "R"]


def test_players_level_on_everything_lots_included_share_the_place() -> None:
    # P and Q drew each other and both beat R by the same margin, and drew lot 4 both.
    rows = standings(["P", "Q", "R"], LEVEL_RESULTS, lots={"P": 4, "Q": 4, "R": 1})
    assert [(row.player, row.rank, row.shared) for row in rows] == [
        ("P", 1, True),
        ("Q", 1, True),
        ("R", 3, False),
    ]
