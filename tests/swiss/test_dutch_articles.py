"""Small hand-checked cases, each named after the article of the FIDE Handbook it checks:
C.04.1 (basic rules), C.04.2 (general handling), C.04.3 (the Dutch system), and the
binding decisions where they differ (seat limits absolute for everybody)."""

from fractions import Fraction
from pathlib import Path

import pytest

from tournaments.systems.swiss.pairing import (
    REASON_CODES,
    Competitor,
    PairingImpossible,
    RoundPairing,
    pair_round,
    seat_counts_ok,
)
from tournaments.systems.swiss.pairing import reasons as reasons_module
from tournaments.systems.swiss.pairing.seats import Strength, preference


def player(
    number: int,
    points: float = 0,
    *,
    met: tuple[int, ...] = (),
    seats: tuple = (),
    floats: tuple = (),
    had_bye: bool = False,
) -> Competitor:
    rounds = max(len(seats), len(floats))
    return Competitor(
        id=f"p{number}",
        pairing_number=number,
        points=Fraction(points),
        opponents=frozenset(f"p{n}" for n in met),
        seats=tuple(seats) + (None,) * (rounds - len(seats)),
        floats=tuple(floats) + (None,) * (rounds - len(floats)),
        had_bye=had_bye,
    )


def pairs(result: RoundPairing) -> set[frozenset[str]]:
    return {frozenset((p.first, p.second)) for p in result.pairings}


def seated(result: RoundPairing) -> list[tuple[str, str]]:
    return [(p.first, p.second) for p in result.pairings]


def codes(result: RoundPairing, board: int) -> set[str]:
    return {r.code for r in result.pairings[board - 1].reasons}


F, S = "first", "second"


def test_C04_3_B3_first_round_pairs_top_half_against_bottom_half_alternating_seats():
    result = pair_round([player(n) for n in range(1, 9)])
    # E5: the higher-ranked player of each board gets the initial seat when odd-numbered.
    assert seated(result) == [("p1", "p5"), ("p6", "p2"), ("p3", "p7"), ("p8", "p4")]
    assert result.bye is None
    assert all("seat_initial_by_pairing_number" in codes(result, b) for b in range(1, 5))


def test_C04_3_E5_the_initial_seat_is_drawn_once_and_given_to_number_one():
    result = pair_round([player(n) for n in range(1, 5)], initial_seat="second")
    assert seated(result) == [("p3", "p1"), ("p2", "p4")]


def test_C04_1_b_two_players_do_not_meet_twice():
    field = [player(1, 1, met=(3,)), player(2, 1), player(3, 1, met=(1,)), player(4, 1)]
    # S1 = 1, 2 and S2 = 3, 4; 1-3 is a rematch, so the transposition 4-3 of S2 (D.1).
    assert pairs(pair_round(field)) == {frozenset(("p1", "p4")), frozenset(("p2", "p3"))}


def test_C04_1_b_no_pairing_at_all_raises_pairing_impossible():
    with pytest.raises(PairingImpossible):
        pair_round([player(1, 1, met=(2,)), player(2, 0, met=(1,))])


def test_C04_1_c_the_lowest_ranked_player_of_an_odd_field_gets_the_bye():
    field = [player(1, 1), player(2, 0), player(3, 1), player(4, 0), player(5, 0)]
    result = pair_round(field)
    assert result.bye is not None and result.bye.player == "p5"
    assert {r.code for r in result.bye.reasons} == {"bye_odd_field", "bye_lowest_eligible"}


def test_C04_3_C2_a_player_who_had_a_bye_or_forfeit_win_does_not_get_another():
    field = [player(1, 1), player(2, 0), player(3, 1), player(4, 0), player(5, 0, had_bye=True)]
    result = pair_round(field)
    assert result.bye is not None and result.bye.player == "p4"
    bye_reasons = {r.code: r.params for r in result.bye.reasons}
    assert bye_reasons["bye_lower_ranked_had_bye"] == {"count": "1"}


def test_C04_1_c_the_bye_passes_over_a_player_whose_absence_leaves_the_rest_unpairable():
    # p3 is the lowest eligible, but without p3 the others (p1, p2 met) cannot be paired.
    field = [player(1, 1, met=(2,)), player(2, 1, met=(1,)), player(3, 0)]
    result = pair_round(field)
    assert result.bye is not None and result.bye.player == "p2"
    assert pairs(result) == {frozenset(("p1", "p3"))}
    bye_reasons = {r.code: r.params for r in result.bye.reasons}
    assert bye_reasons["bye_others_unpairable"] == {"players": "p3"}


def test_C04_3_A6_colour_preferences_absolute_strong_mild_and_none():
    assert preference(()) == (None, Strength.NONE)
    assert preference((F,)) == (S, Strength.STRONG)
    assert preference((F, S)) == (F, Strength.MILD)
    assert preference((F, F)) == (S, Strength.ABSOLUTE)
    assert preference((S, F, S)) == (F, Strength.STRONG)
    assert preference((F, S, F, F)) == (S, Strength.ABSOLUTE)
    # A round without a game does not break a run of the same seat.
    assert preference((S, None, S)) == (F, Strength.ABSOLUTE)


def test_seat_limits_absolute_for_everybody():
    assert seat_counts_ok((F, S, F, S))
    assert seat_counts_ok((F, F, S, S, F, F))
    assert not seat_counts_ok((F, F, F))
    assert not seat_counts_ok((F, None, F, S, F, F, F))
    assert not seat_counts_ok((F, F, S, F, None, F))  # +3 after the fifth game


def test_C04_3_E1_both_seat_preferences_are_granted():
    field = [player(1, 1, seats=(F,)), player(2, 1, seats=(S,))]
    result = pair_round(field)
    assert seated(result) == [("p2", "p1")]
    assert codes(result, 1) == {"seat_both_preferences"}


def test_C04_3_E2_the_stronger_seat_preference_is_granted():
    # p1 wants first mildly (F, S), p2 wants first strongly (S, F, S: difference -1).
    field = [player(1, 1.5, seats=(F, S, None)), player(2, 1.5, seats=(S, F, S))]
    result = pair_round(field)
    assert seated(result) == [("p2", "p1")]
    (seat_reason,) = [r for r in result.pairings[0].reasons if r.code.startswith("seat")]
    assert seat_reason.code == "seat_stronger_preference"
    assert seat_reason.params == {
        "player": "p2",
        "seat": "first",
        "strength": "strong",
        "opponent": "p1",
    }


def test_C04_3_E2_an_absolute_preference_beats_a_strong_one():
    field = [player(1, 2, seats=(S, F, S)), player(2, 2, seats=(F, S, S))]
    assert seated(pair_round(field)) == [("p2", "p1")]


def test_C04_3_E3_seats_alternate_from_the_last_game_in_which_they_differed():
    # Both want second mildly; their last two games had the same seats, three games back
    # p1 had second and p2 first: so now p1 gets first and p2 second.
    field = [player(1, 2, seats=(F, S, S, F)), player(2, 2, seats=(S, F, S, F))]
    result = pair_round(field)
    assert seated(result) == [("p1", "p2")]
    (seat_reason,) = [r for r in result.pairings[0].reasons if r.code.startswith("seat")]
    assert seat_reason.code == "seat_alternate_last_difference"
    assert seat_reason.params["games_back"] == "3"


def test_C04_3_E4_the_higher_ranked_player_gets_the_preference():
    field = [player(2, 1, seats=(S, F)), player(1, 1, seats=(S, F))]
    result = pair_round(field)
    assert seated(result) == [("p2", "p1")]
    assert codes(result, 1) == {"seat_higher_ranked_preference"}


def test_C04_3_A6d_a_player_without_games_yields_to_the_opponents_preference():
    late = player(2, 0.5, seats=(None,))
    result = pair_round([player(1, 0.5, seats=(F,)), late])
    assert seated(result) == [("p2", "p1")]
    assert codes(result, 1) == {"seat_stronger_preference"}


def test_seat_limits_two_players_who_both_must_take_the_same_seat_do_not_meet():
    # 1 and 3 both had first twice in a row; the natural 1-3, 2-4 is not allowed.
    field = [
        player(1, 2, seats=(F, F)),
        player(2, 2, seats=(S, S)),
        player(3, 2, seats=(F, F)),
        player(4, 2, seats=(S, S)),
    ]
    result = pair_round(field)
    assert pairs(result) == {frozenset(("p1", "p4")), frozenset(("p2", "p3"))}
    assert set(seated(result)) == {("p4", "p1"), ("p2", "p3")}


def test_C04_3_C12_a_transposition_grants_both_preferences_where_the_first_candidate_cannot():
    field = [
        player(1, 1, seats=(F,)),
        player(2, 1, seats=(S,)),
        player(3, 1, seats=(F,)),
        player(4, 1, seats=(S,)),
    ]
    # 1-3 and 2-4 would both clash; 1-4 and 2-3 grant every preference.
    result = pair_round(field)
    assert pairs(result) == {frozenset(("p1", "p4")), frozenset(("p2", "p3"))}
    assert all(codes(result, b) == {"seat_both_preferences"} for b in (1, 2))


def test_C04_3_D2_an_exchange_between_S1_and_S2_when_no_transposition_works():
    # p1 met 3 and 4, so S1 = {1, 2} cannot be paired with S2 = {3, 4}; the first exchange
    # (D.2) swaps 2 and 3: S1 = {1, 3}, S2 = {2, 4}, giving 1-2 and 3-4.
    field = [player(1, 2, met=(3, 4)), player(2, 2), player(3, 2, met=(1,)), player(4, 2, met=(1,))]
    assert pairs(pair_round(field)) == {frozenset(("p1", "p2")), frozenset(("p3", "p4"))}


def test_C04_3_B3_a_moved_down_player_meets_the_highest_resident():
    field = [player(1, 2), player(2, 1), player(3, 1), player(4, 1), player(5, 1), player(6, 0)]
    # p1 is alone at 2 points and floats down; S1 = {p1}, S2 = p2..p5: p1 meets p2.
    result = pair_round(field)
    top = result.pairings[0]
    assert frozenset((top.first, top.second)) == frozenset(("p1", "p2"))
    assert top.floats == {"p1": "down", "p2": "up"}
    assert result.pairings[0].score_group == Fraction(1)
    assert {"float_down", "float_up", "float_odd_bracket"} <= codes(result, 1)


def test_C04_3_C14_the_player_who_downfloated_last_round_is_not_left_over_again():
    # Odd bracket of three at 1 point; the lowest (p3) floated down last round. 1-2 would
    # leave p3 over, 1-3 clashes on seats (C12); the exchange of 1 and 2 (D.2) gives 2-3
    # with every preference granted, and p1 floats down to meet p4.
    field = [
        player(1, 1, seats=(F,)),
        player(2, 1, seats=(S,)),
        player(3, 1, seats=(F,), floats=("down",)),
        player(4, 0, seats=(S,)),
    ]
    result = pair_round(field)
    assert pairs(result) == {frozenset(("p2", "p3")), frozenset(("p1", "p4"))}


def test_C04_3_C15_a_resident_who_upfloated_last_round_does_not_upfloat_again():
    field = [
        player(1, 2, seats=(F, S)),
        player(2, 1, seats=(S, F), floats=(None, "up")),
        player(3, 1, seats=(S, F)),
        player(4, 1, seats=(F, S)),
    ]
    result = pair_round(field)
    assert frozenset(("p1", "p3")) in pairs(result)


def test_C04_3_C7_the_moved_down_player_with_the_higher_score_is_paired_first():
    # p1 (3 points) and p2 (2 points) both come down to the 1-point bracket {p3, p4, p5};
    # only one resident is free of a repeat, so the higher score gets the pair (PSD).
    field = [
        player(1, 3, met=(2, 3, 4)),
        player(2, 2, met=(1, 3, 4)),
        player(3, 1, met=(1, 2)),
        player(4, 1, met=(1, 2)),
        player(5, 1),
        player(6, 0),
    ]
    result = pair_round(field)
    assert frozenset(("p1", "p5")) in pairs(result)
    assert frozenset(("p2", "p6")) in pairs(result)


def test_C04_3_C4_the_round_is_completed_even_if_a_higher_bracket_must_give_way():
    # Top bracket p1, p2 could meet, but then p3 and p4 (met) could not be paired.
    field = [player(1, 1), player(2, 1), player(3, 0, met=(4,)), player(4, 0, met=(3,))]
    result = pair_round(field)
    assert frozenset(("p1", "p2")) not in pairs(result)
    assert frozenset(("p3", "p4")) not in pairs(result)


def test_C04_2_boards_run_from_the_highest_scores_down():
    field = [player(n, points) for n, points in ((1, 0), (2, 2), (3, 1), (4, 2), (5, 1), (6, 0))]
    result = pair_round(field)
    assert [p.score_group for p in result.pairings] == [2, 1, 0]


def test_every_reason_code_is_documented_once():
    text = Path(reasons_module.__file__).read_text()
    for code in REASON_CODES:
        assert text.count(f"#   {code} {{") == 1, code


def test_C04_3_D2c_of_two_equal_exchanges_the_one_moving_the_higher_S1_number_comes_first():
    # S1 = 1, 2, 3 and S2 = 4, 5, 6 cannot pair (p1 met 4, 5, 6), nor after exchanging 3
    # with 4 (p2 met 5 and 6). Exchanging 3 with 5 and 2 with 4 both move numbers summing
    # two apart (D.2 b); D.2 c prefers moving 3: S1 = 1, 2, 5 and S2 = 3, 4, 6.
    field = [
        player(1, 2, met=(4, 5, 6)),
        player(2, 2, met=(5, 6)),
        player(3, 2),
        player(4, 2, met=(1,)),
        player(5, 2, met=(1, 2)),
        player(6, 2, met=(1, 2)),
    ]
    assert pairs(pair_round(field)) == {
        frozenset(("p1", "p3")),
        frozenset(("p2", "p4")),
        frozenset(("p5", "p6")),
    }


def test_C04_3_C8_the_floater_is_one_the_next_bracket_can_pair():
    # 1-2 would leave p3 over, who has met p4, the only player of the next score group;
    # 1-3 leaves p2, who can meet p4 there, so p5 and p6 are not pulled into it.
    field = [
        player(1, 1),
        player(2, 1),
        player(3, 1, met=(4,)),
        player(4, 0.5, met=(3,)),
        player(5, 0),
        player(6, 0),
    ]
    assert pairs(pair_round(field)) == {
        frozenset(("p1", "p3")),
        frozenset(("p2", "p4")),
        frozenset(("p5", "p6")),
    }


def test_D2_two_exchanges_when_no_S1_player_may_meet_an_S2_player_the_smallest_sums_first():
    # 1-4 have met 5-8, so every pairing has two pairs within S1 and two within S2: two
    # exchanges. D.2 c wants the smallest difference of the sums: 3+4 down, 5+6 up, so
    # S1 = 1, 2, 5, 6 and S2 = 3, 4, 7, 8. 1 met 3 as well, so the first transposition
    # that works is 1-4, 2-3, 5-7, 6-8.
    top, bottom = (1, 2, 3, 4), (5, 6, 7, 8)
    field = [player(n, 2, met=bottom + ((3,) if n == 1 else ())) for n in top]
    field[2] = player(3, 2, met=(1, *bottom))
    field += [player(n, 2, met=top) for n in bottom]
    assert pairs(pair_round(field)) == {
        frozenset(("p1", "p4")),
        frozenset(("p2", "p3")),
        frozenset(("p5", "p7")),
        frozenset(("p6", "p8")),
    }


def test_D3_of_two_moved_down_players_who_cannot_both_pair_the_lower_number_is_in_S1():
    # p1 and p2 (2 points, met each other) come down to the 1-point bracket p3, p4, p5;
    # both met p4 and p5, so only one of them can meet p3. D.3: the same score, so the
    # lowest number makes S1; p2 stays in the Limbo and floats on to meet p6.
    field = [
        player(1, 2, met=(2, 4, 5)),
        player(2, 2, met=(1, 4, 5)),
        player(3, 1),
        player(4, 1, met=(1, 2)),
        player(5, 1, met=(1, 2)),
        player(6, 0),
    ]
    assert pairs(pair_round(field)) == {
        frozenset(("p1", "p3")),
        frozenset(("p4", "p5")),
        frozenset(("p2", "p6")),
    }


def test_C04_3_C8_the_floater_is_one_who_lets_the_next_bracket_make_one_pair_more():
    # The next score group p4, p5, p6 can make one pair (p5 met both others); p3 floating
    # would still leave p5 alone, p2 (who may meet p5) lets it make two. So p1-p3, and p2
    # floats down to meet p5.
    field = [
        player(1, 2),
        player(2, 2),
        player(3, 2, met=(5,)),
        player(4, 1, met=(5,)),
        player(5, 1, met=(3, 4, 6)),
        player(6, 1, met=(5,)),
        player(7, 0),
        player(8, 0),
    ]
    assert pairs(pair_round(field)) == {
        frozenset(("p1", "p3")),
        frozenset(("p2", "p5")),
        frozenset(("p4", "p6")),
        frozenset(("p7", "p8")),
    }


def test_C04_3_C8_the_look_ahead_counts_only_pairs_the_completed_round_allows():
    # p2 could meet p4, the next score group, where p3 (who met p4) could not; but p5 and
    # p6 met each other, so p4 must meet one of them and no floater pairs in the next
    # bracket in any completed round (C4). The look-ahead then prefers nobody, and the
    # Dutch order's first candidate stands: 1-2, p3 floats.
    field = [
        player(1, 2),
        player(2, 2),
        player(3, 2, met=(4,)),
        player(4, 1, met=(3,)),
        player(5, 0, met=(6,)),
        player(6, 0, met=(5,)),
    ]
    result = pair_round(field)
    assert frozenset(("p1", "p2")) in pairs(result)
    assert any(frozenset(("p3", other)) in pairs(result) for other in ("p5", "p6"))
