"""Swiss standings and the FIDE tie-breaks (Handbook C.07, in force from 1 August 2024).

Pure functions, no database. Each test names the C.07 article it checks.
"""

from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.systems.swiss.standings import (
    DEFAULT_SWISS_TIEBREAKS,
    SWISS_TIEBREAKS,
    RoundResult,
    game_points,
    swiss_standings,
)

HALF = Fraction(1, 2)
SCORES = {"+": Fraction(1), "=": HALF, "-": Fraction(0)}


def crosstable(rows: dict[str, str]) -> list[RoundResult]:
    """Results from one line per player: `+B` beat B, `=B` drew, `-B` lost, `+FB`/`-FB` a
    forfeit won or lost against B, `XB` both lost against B, `U` a pairing bye (1 point),
    `H` a half-point bye, `Z` an absence scoring 0."""
    results = []
    for player, line in rows.items():
        for number, code in enumerate(line.split(), start=1):
            if code in ("U", "H", "Z"):
                kind = "pairing_bye" if code == "U" else "absent"
                score = {"U": Fraction(1), "H": HALF, "Z": Fraction(0)}[code]
                results.append(RoundResult(number, player, None, score, kind))
            elif code.startswith("X"):
                results.append(RoundResult(number, player, code[1:], Fraction(0), "both_lost"))
            elif code[1] == "F":
                kind = "forfeit_win" if code[0] == "+" else "forfeit_loss"
                results.append(RoundResult(number, player, code[2:], SCORES[code[0]], kind))
            else:
                results.append(RoundResult(number, player, code[1:], SCORES[code[0]], "played"))
    return results


def numbered(rows: dict[str, str]) -> list[tuple[str, int]]:
    return [(player, number) for number, player in enumerate(rows, start=1)]


def column(rows, name: str) -> dict[str, float]:
    return {row.player: row.tiebreaks[name] for row in rows}


# Five players, three rounds. E takes the pairing bye in round 1 and withdraws before
# round 3; C does not turn up in round 2 and A wins by forfeit; D takes the bye in round 2.
# Scores: A 2.5, D 2, C 1.5, B 1, E 1.
BYE_AND_FORFEIT = {
    "A": "+B +FC =D",
    "B": "-A +E -C",
    "C": "=D -FA +B",
    "D": "=C U =A",
    "E": "U -B Z",
}


def bye_and_forfeit(tiebreaks=DEFAULT_SWISS_TIEBREAKS, **options):
    return swiss_standings(
        numbered(BYE_AND_FORFEIT), crosstable(BYE_AND_FORFEIT), 3, tiebreaks, **options
    )


def test_16_4_buchholz_counts_own_bye_and_forfeit_as_a_dummy_with_the_own_score():
    values = column(bye_and_forfeit(["buchholz"]), "buchholz")
    # A: B 1 + the forfeit win as a dummy scoring A's own 2.5 + D 2.
    assert values["A"] == 5.5
    # D: C 1.5 + the bye as a dummy scoring D's own 2 + A 2.5.
    assert values["D"] == 6.0
    # C: D 2 + the forfeit loss as a dummy scoring C's own 1.5 + B 1.
    assert values["C"] == 4.5


def test_16_3_forfeit_counts_as_awarded_and_a_withdrawal_as_draws_for_the_opponents():
    values = column(bye_and_forfeit(["buchholz"]), "buchholz")
    # B met A (2.5), E and C. C's forfeit loss stays a 0, so C counts 1.5; E's round-3
    # absence ends E's record, so it counts as a draw: E counts 1.5, not the 1 E scored.
    assert values["B"] == 2.5 + 1.5 + 1.5
    # E's own record: the bye and the absence are dummies scoring E's own 1.
    assert values["E"] == 1 + 1 + 1


def test_14_1_buchholz_cut1_drops_the_lowest_opponent():
    values = column(bye_and_forfeit(["buchholz_cut1"]), "buchholz_cut1")
    # A: opponents 1, 2.5 (dummy), 2: the 1 goes.
    assert values["A"] == 4.5
    # D: 1.5, 2 (bye dummy), 2.5: the 1.5 goes.
    assert values["D"] == 4.5


def test_16_5_cut1_drops_a_voluntary_unplayed_round_before_a_lower_opponent():
    values = column(bye_and_forfeit(["buchholz_cut1"]), "buchholz_cut1")
    # C: 2, 1.5 (dummy of the forfeit loss), 1. The forfeit loss goes, not the lower 1.
    assert values["C"] == 2 + 1
    # E: 1 (bye dummy), 1 (B), 1 (absence dummy): equal values, one cut.
    assert values["E"] == 2


def test_9_1_sonneborn_berger_counts_half_the_score_of_drawn_opponents():
    values = column(bye_and_forfeit(["sonneborn_berger"]), "sonneborn_berger")
    # A: 1 x B 1 + 1 x dummy 2.5 + 1/2 x D 2.
    assert values["A"] == 4.5
    # D: 1/2 x C 1.5 + 1 x dummy 2 + 1/2 x A 2.5.
    assert values["D"] == 4.0
    # C: 1/2 x D 2 + 0 x dummy + 1 x B 1.
    assert values["C"] == 2.0


def test_16_1_a_double_forfeit_is_a_voluntary_forfeit_loss_for_both_players():
    # Round 1: neither A nor B turned up; C beat D. Round 2: A beat C, B drew D.
    rows = swiss_standings(
        [("A", 1), ("B", 2), ("C", 3), ("D", 4)],
        crosstable({"A": "XB +C", "B": "XA =D", "C": "+D -A", "D": "-C =B"}),
        2,
        ["buchholz", "buchholz_cut1", "wins"],
    )
    by_player = {row.player: row for row in rows}
    # A: a dummy scoring A's own 1, then C's 1. Cut-1 takes the dummy.
    assert by_player["A"].tiebreaks == {"buchholz": 2.0, "buchholz_cut1": 1.0, "wins": 1.0}
    assert (by_player["A"].points, by_player["B"].points) == (1.0, 0.5)
    assert (by_player["A"].played, by_player["A"].won, by_player["A"].lost) == (2, 1, 1)


# Six players, three rounds. A, B and C finish on 1.5 and all met: A beat B, drew C, and B
# drew C, so among themselves A has 1.5, C 1 and B 0.5. E and K finish on 1 and met once.
THREE_WHO_MET = {
    "A": "+B =C -K",
    "B": "-A +E =C",
    "C": "=D =A =B",
    "D": "=C +K +E",
    "E": "+K -B -D",
    "K": "-E -D +A",
}


def three_who_met(tiebreaks):
    return swiss_standings(numbered(THREE_WHO_MET), crosstable(THREE_WHO_MET), 3, tiebreaks)


def test_6_direct_encounter_ranks_tied_players_who_all_met_by_their_games_together():
    rows = three_who_met(["direct_encounter"])
    assert [row.player for row in rows] == ["D", "A", "C", "B", "E", "K"]
    assert column(rows, "direct_encounter") == {
        "D": 0.0,
        "A": 1.5,
        "C": 1.0,
        "B": 0.5,
        "E": 1.0,
        "K": 0.0,
    }
    assert not any(row.shared for row in rows)


def test_6_direct_encounter_does_not_separate_tied_players_who_did_not_all_meet():
    # Players 1, 3, 4 and 16 of the FIDE exercise below finish on 3.5; 1 and 3 never met.
    rows = held_standings(["direct_encounter"])
    tied = [row for row in rows if row.points == 3.5]
    assert [row.player for row in tied] == ["1", "3", "4", "16"]
    # Level on everything: they share places 2-5, listed by pairing number.
    assert [row.rank for row in tied] == [2, 2, 2, 2]
    assert all(row.shared and row.tiebreaks["direct_encounter"] == 0.0 for row in tied)


def test_4_1_the_organisers_order_of_tiebreaks_is_respected():
    # Buchholz first: C (5.5) ahead of A and B (4 each), then A beat B.
    by_buchholz = three_who_met(["buchholz", "direct_encounter"])
    assert [row.player for row in by_buchholz][1:4] == ["C", "A", "B"]
    # Direct encounter first: A, C, B as among themselves.
    by_encounter = three_who_met(["direct_encounter", "buchholz"])
    assert [row.player for row in by_encounter][1:4] == ["A", "C", "B"]
    assert list(by_encounter[0].tiebreaks) == ["direct_encounter", "buchholz"]


def test_4_2_a_subgroup_left_tied_is_broken_again_by_direct_encounter_among_itself():
    rows = three_who_met(["buchholz", "direct_encounter"])
    # A and B tie on Buchholz; between the two of them A won their game.
    assert column(rows, "direct_encounter")["A"] == 1.0
    assert column(rows, "direct_encounter")["B"] == 0.0


def test_7_1_wins_count_rounds_won_with_or_without_playing():
    values = column(bye_and_forfeit(["wins"]), "wins")
    # A: one game and one forfeit; D: the pairing bye; E: the bye and nothing else.
    assert values == {"A": 2.0, "B": 1.0, "C": 1.0, "D": 1.0, "E": 1.0}


def test_7_1_a_half_point_bye_is_not_a_win():
    values = column(held_standings(["wins"]), "wins")
    # Player 4 won two games and took a half-point bye.
    assert values["4"] == 2.0


def test_7_5_progressive_adds_the_running_score_after_each_round():
    values = column(bye_and_forfeit(["progressive"]), "progressive")
    assert values["A"] == 1 + 2 + 2.5
    assert values["E"] == 1 + 1 + 1


def test_unknown_tiebreak_names_are_refused_by_name():
    with pytest.raises(ValueError, match="'koya', 'median'"):
        bye_and_forfeit(["buchholz", "koya", "median"])


def test_a_tiebreak_listed_twice_is_refused():
    with pytest.raises(ValueError, match="twice"):
        bye_and_forfeit(["buchholz", "buchholz"])


def test_default_tiebreaks_are_buchholz_cut1_buchholz_sonneborn_berger_encounter_wins():
    assert DEFAULT_SWISS_TIEBREAKS == (
        "buchholz_cut1",
        "buchholz",
        "sonneborn_berger",
        "direct_encounter",
        "wins",
    )
    assert list(bye_and_forfeit()[0].tiebreaks) == list(DEFAULT_SWISS_TIEBREAKS)


def test_players_level_on_everything_share_the_place_listed_by_pairing_number():
    rows = swiss_standings([("late", 2), ("early", 1)], [], 0)
    assert [(row.rank, row.player, row.shared) for row in rows] == [
        (1, "early", True),
        (1, "late", True),
    ]


def test_a_shared_place_takes_its_first_rank_and_the_next_place_counts_the_sharers():
    # A beat B; C and D drew: C and D level on everything below A, B last.
    rows = swiss_standings(
        [("A", 1), ("B", 2), ("C", 3), ("D", 4)],
        crosstable({"A": "+B", "B": "-A", "C": "=D", "D": "=C"}),
        1,
    )
    assert [(row.rank, row.player, row.shared) for row in rows] == [
        (1, "A", False),
        (2, "C", True),
        (2, "D", True),
        (4, "B", False),
    ]


def test_a_3_1_0_championship_ranks_by_its_points_and_counts_tiebreaks_in_game_points():
    # A won and lost (3 points), B drew twice (2 points): 1 game point each.
    rows = swiss_standings(
        [("A", 1), ("B", 2), ("C", 3), ("D", 4)],
        crosstable({"A": "+C -D", "B": "=D =C", "C": "-A =B", "D": "=B +A"}),
        2,
        ["buchholz"],
        points=(Fraction(3), Fraction(1), Fraction(0)),
    )
    by_player = {row.player: row for row in rows}
    assert [row.player for row in rows] == ["D", "A", "B", "C"]
    assert (by_player["A"].points, by_player["A"].game_points) == (3.0, 1.0)
    assert (by_player["B"].points, by_player["B"].game_points) == (2.0, 1.0)
    # A met C (0.5) and D (1.5): game points, not 1 + 4 championship points.
    assert by_player["A"].tiebreaks["buchholz"] == 2.0


def test_game_points_sum_what_every_round_gave_the_player():
    results = crosstable(BYE_AND_FORFEIT)
    assert game_points(results, "A") == Fraction(5, 2)
    assert game_points(results, "E") == 1


def test_a_late_entrants_missed_round_is_a_zero_point_bye():
    rows = swiss_standings(
        [("A", 1), ("B", 2), ("C", 3)],
        [
            *crosstable({"A": "+B", "B": "-A"}),
            RoundResult(2, "A", "C", HALF, "played"),
            RoundResult(2, "C", "A", HALF, "played"),
        ],
        2,
        ["buchholz"],
    )
    by_player = {row.player: row for row in rows}
    # C entered in round 2: the missed round is a game against a dummy scoring C's 0.5.
    assert by_player["C"].tiebreaks["buchholz"] == 0.5 + 1.5
    assert (by_player["C"].played, by_player["C"].drawn) == (1, 1)


def test_results_after_rounds_played_are_left_out():
    rows = bye_and_forfeit(["buchholz"])
    after_two = swiss_standings(
        numbered(BYE_AND_FORFEIT), crosstable(BYE_AND_FORFEIT), 2, ["buchholz"]
    )
    assert {row.player: row.game_points for row in after_two} != {
        row.player: row.game_points for row in rows
    }
    assert {row.player: row.game_points for row in after_two}["A"] == 2.0


def test_a_pairing_recorded_differently_by_its_two_players_is_refused():
    results = crosstable({"A": "+B", "B": "+A"})
    with pytest.raises(ValueError, match="differently"):
        swiss_standings([("A", 1), ("B", 2)], results, 1)


def test_a_pairing_bye_must_be_worth_the_bye_score():
    with pytest.raises(ValueError, match="pairing bye is worth 1/2"):
        swiss_standings([("A", 1)], crosstable({"A": "U"}), 1, bye_score=HALF)


def test_a_forfeit_needs_its_scheduled_opponent():
    with pytest.raises(ValueError, match="opponent"):
        RoundResult(1, "A", None, Fraction(1), "forfeit_win")


# The FIDE Technical Commission's tie-break exercise for the 2023 rules: IA Mario Held,
# "Exercises in Tie-Breaking" (rev. 2403220900), published 18 March 2024 at
# https://tec.fide.com/2024/03/18/tie-break-exercise/ and https://arbiters.fide.com/news/9119.
# Sixteen players, five rounds; ratings are 2250 - 50 x pairing number. The expected values
# below are the paper's answers (exercises 1-20, 27, 32). Its rules for unplayed rounds are
# those of the text in force from 1 August 2024.
HELD = {
    "1": "+9 =13 =2 +15 =4",
    "2": "+10 +7 =1 +16 =3",
    "3": "=11 +6 +8 =4 =2",
    "4": "+12 H +13 =3 =1",
    "5": "-13 -15 +11 =7 +10",
    "6": "-14 -3 U +10 +8",
    "7": "+15 -2 -16 =5 -11",
    "8": "=16 +14 -3 +13 -6",
    "9": "-1 -10 H -F11 U",
    "10": "-2 +9 -15 -6 -5",
    "11": "=3 -16 -5 +F9 +7",
    "12": "-4 U +F14 Z Z",
    "13": "+5 =1 -4 -8 -14",
    "14": "+6 -8 -F12 Z +13",
    "15": "-7 +5 +10 -1 -16",
    "16": "=8 +11 +7 -2 +15",
}
HELD_ANSWERS = {
    "buchholz": [12.5, 13, 15.5, 15, 8.5, 12, 14.5, 13.5, 9, 13, 13.5, 11.5, 14, 11, 12, 12.5],
    "buchholz_cut1": [11, 12, 13, 11.5, 7.5, 11, 12.5, 12, 7.5, 11.5, 12, 9.5, 12, 9, 11, 11],
    "sonneborn_berger": [
        8, 9.5, 10.5, 9.75, 4.25, 6.5, 3.25, 5.25, 2.25, 1.5, 5.75, 4, 4.25, 4.5, 3.5, 7.25,
    ],
    "sonneborn_berger_cut1": [
        7.25, 8.5, 9.25, 8, 3.25, 5.5, 1.25, 3.75, 2.25, 0, 4.25, 4, 4.25, 3, 2.5, 5.75,
    ],
    "wins": [2, 3, 2, 2, 2, 3, 1, 2, 1, 1, 2, 2, 1, 2, 2, 3],
    "progressive": [11, 13, 11, 11.5, 5, 6, 6, 8.5, 2.5, 4, 5.5, 7, 7, 6, 7, 10.5],
    "average_rating_of_opponents": [
        1820, 1880, 1940, 1888, 1690, 1813, 1760, 1730, 1975, 1880, 1863, 2050, 1930, 1800,
        1860, 1820,
    ],
}  # fmt: skip


def held_standings(tiebreaks):
    return swiss_standings(
        [(player, int(player)) for player in HELD],
        crosstable(HELD),
        5,
        tiebreaks,
        ratings={player: 2250 - 50 * int(player) for player in HELD},
    )


@pytest.mark.parametrize("name", sorted(HELD_ANSWERS))
def test_fide_tec_exercise_2024_values(name):
    values = column(held_standings([name]), name)
    assert [values[str(number)] for number in range(1, 17)] == HELD_ANSWERS[name]


def test_fide_tec_exercise_2024_scores():
    rows = held_standings(["buchholz_cut1"])
    assert {row.player: row.game_points for row in rows} == {
        "1": 3.5, "2": 4, "3": 3.5, "4": 3.5, "5": 2.5, "6": 3, "7": 1.5, "8": 2.5,
        "9": 1.5, "10": 1, "11": 2.5, "12": 2, "13": 1.5, "14": 2, "15": 2, "16": 3.5,
    }  # fmt: skip
    assert [row.player for row in rows][:5] == ["2", "3", "4", "1", "16"]


def test_every_registered_tiebreak_has_a_worked_or_hand_counted_check():
    assert set(SWISS_TIEBREAKS) == set(HELD_ANSWERS) | {"direct_encounter"}


# --- properties over random Swiss-like events ------------------------------------------

OUTCOMES = ["win", "draw", "loss", "forfeit", "both_lost"]


@st.composite
def events(draw):
    count = draw(st.integers(min_value=1, max_value=9))
    players = [f"p{number}" for number in range(1, count + 1)]
    rounds = draw(st.integers(min_value=0, max_value=5))
    results: list[RoundResult] = []
    for number in range(1, rounds + 1):
        order = draw(st.permutations(players))
        present = [p for p in order if draw(st.booleans()) or len(order) < 3]
        for first, second in zip(present[0::2], present[1::2], strict=False):
            results.extend(_pairing(number, first, second, draw(st.sampled_from(OUTCOMES))))
        if len(present) % 2:
            results.append(RoundResult(number, present[-1], None, Fraction(1), "pairing_bye"))
    tiebreaks = draw(
        st.lists(st.sampled_from(sorted(set(SWISS_TIEBREAKS) - {"average_rating_of_opponents"})),
                 unique=True, max_size=4)
    )  # fmt: skip
    return [(p, n) for n, p in enumerate(players, start=1)], results, rounds, tiebreaks


def _pairing(number, first, second, outcome):
    if outcome == "forfeit":
        return [
            RoundResult(number, first, second, Fraction(1), "forfeit_win"),
            RoundResult(number, second, first, Fraction(0), "forfeit_loss"),
        ]
    if outcome == "both_lost":
        return [
            RoundResult(number, first, second, Fraction(0), "both_lost"),
            RoundResult(number, second, first, Fraction(0), "both_lost"),
        ]
    score = {"win": Fraction(1), "draw": HALF, "loss": Fraction(0)}[outcome]
    return [
        RoundResult(number, first, second, score, "played"),
        RoundResult(number, second, first, 1 - score, "played"),
    ]


@settings(max_examples=200, deadline=None)
@given(events())
def test_ranks_are_positions_or_a_shared_places_first_and_points_never_increase(event):
    players, results, rounds, tiebreaks = event
    rows = swiss_standings(players, results, rounds, tiebreaks)
    for position, row in enumerate(rows, start=1):
        if not row.shared:
            assert row.rank == position
        else:
            # Everyone sharing the place is level on points and every tie-break.
            place = [other for other in rows if other.rank == row.rank]
            assert rows.index(place[0]) + 1 == row.rank
            assert all((o.points, o.tiebreaks) == (row.points, row.tiebreaks) for o in place)
    assert all(upper.rank <= lower.rank for upper, lower in pairwise(rows))
    assert sorted(row.player for row in rows) == sorted(p for p, _ in players)
    assert all(upper.points >= lower.points for upper, lower in pairwise(rows))
    assert all(row.played == row.won + row.drawn + row.lost for row in rows)


@settings(max_examples=100, deadline=None)
@given(events(), st.randoms(use_true_random=False))
def test_standings_do_not_depend_on_the_order_results_are_given_in(event, random):
    players, results, rounds, tiebreaks = event
    shuffled = list(results)
    random.shuffle(shuffled)
    assert swiss_standings(players, shuffled, rounds, tiebreaks) == swiss_standings(
        players, results, rounds, tiebreaks
    )
