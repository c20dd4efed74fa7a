"""The pairing-allocated bye as the FIDE (Dutch) System in force from 1 February 2026 gives
it (C.04.3 C2, C4, C5, C9 and the criteria below them; C.04.1 Article 3): its score is
settled before the brackets, the player who takes it is the lowest bracket's leftover,
chosen by the same criteria as every pair. Each case is checked by hand; the first two
are the cases bbpPairings (an endorsed engine) keeps for these criteria."""

from tests.swiss.test_dutch_articles import pairs, player
from tournaments.systems.swiss.pairing import pair_round

F, S = "first", "second"


def test_C5_the_bye_has_the_lowest_score_possible_even_if_a_higher_bracket_gives_way():
    # Round 3 of six, p4 absent. p1-p3 would be the natural top pair, but then p2 (who met
    # p5) must meet p6 and the bye goes to p5 with a point; with 1-5 and 3-2 the bye goes
    # to p6 with none. C5 comes before every bracket's own criteria.
    field = [
        player(1, 2, met=(4, 2), seats=(F, S)),
        player(2, 1, met=(5, 1), seats=(S, F)),
        player(3, 2, met=(6, 4), seats=(F, S)),
        player(5, 1, met=(2, 6), seats=(F, S)),
        player(6, 0, met=(3, 5), seats=(S, F)),
    ]
    result = pair_round(field)
    assert result.bye is not None and result.bye.player == "p6"
    assert pairs(result) == {frozenset(("p1", "p5")), frozenset(("p2", "p3"))}


def test_C9_the_bye_goes_to_the_player_with_fewer_rounds_without_a_game():
    # Round 2 of five: p5 entered late (no game in round 1). The lowest bracket p3, p4, p5
    # would leave p5 over in the Dutch order; C9 leaves p4, who played in round 1.
    field = [
        player(1, 1, met=(3,), seats=(F,)),
        player(2, 1, met=(4,), seats=(S,)),
        player(3, 0, met=(1,), seats=(S,)),
        player(4, 0, met=(2,), seats=(F,)),
        player(5, 0, seats=(None,)),
    ]
    result = pair_round(field)
    assert result.bye is not None and result.bye.player == "p4"
    assert pairs(result) == {frozenset(("p1", "p2")), frozenset(("p3", "p5"))}
    kept = {r.code: r.params for r in result.bye.reasons}["bye_others_kept_in_play"]
    assert kept == {"players": "p5", "score_group": "0"}


def test_C12_the_bye_is_chosen_inside_the_lowest_bracket_by_the_seat_preferences():
    # The lowest bracket p3, p4, p5: with the bye on p5 (the lowest-ranked), p3 and p4 would
    # both be due the first seat; with it on p4, p3 and p5 each get the seat they are due.
    field = [
        player(1, 1, seats=(F,)),
        player(2, 1, seats=(S,)),
        player(3, 0, seats=(S,)),
        player(4, 0, seats=(S,)),
        player(5, 0, seats=(F,)),
    ]
    result = pair_round(field)
    assert result.bye is not None and result.bye.player == "p4"
    assert frozenset(("p3", "p5")) in pairs(result)
    assert all(
        "seat_both_preferences" in {r.code for r in pairing.reasons} for pairing in result.pairings
    )


def test_C14_the_bye_counts_as_a_downfloat_so_last_rounds_downfloater_keeps_playing():
    # p5 floated down last round; the bye would be a second downfloat in a row (C.04.3 1.4.3
    # gives the bye a downfloat), so the lowest bracket leaves p4 over instead.
    field = [
        player(1, 1, seats=(None,)),
        player(2, 1, seats=(None,)),
        player(3, 0, seats=(None,)),
        player(4, 0, seats=(None,)),
        player(5, 0, seats=(None,), floats=("down",)),
    ]
    result = pair_round(field)
    assert result.bye is not None and result.bye.player == "p4"
    assert frozenset(("p3", "p5")) in pairs(result)


def test_C2_a_forfeit_winner_or_earlier_bye_is_passed_over_for_the_bye():
    field = [player(1, 1), player(2, 1), player(3, 0), player(4, 0, had_bye=True)]
    field.append(player(5, 0, had_bye=True))
    result = pair_round(field)
    assert result.bye is not None and result.bye.player == "p3"
    assert {r.code: r.params for r in result.bye.reasons}["bye_lower_ranked_had_bye"] == {
        "count": "2"
    }


def test_without_a_better_pairing_the_dutch_order_leaves_the_lowest_ranked_over():
    field = [player(n, 1 if n < 3 else 0) for n in range(1, 8)]
    result = pair_round(field)
    assert result.bye is not None and result.bye.player == "p7"
    assert {r.code for r in result.bye.reasons} == {"bye_odd_field", "bye_lowest_eligible"}
