"""The final round's topscorers (C.04.3 in force from 1 February 2026: more than half the
most points possible) may meet a player due the same seat absolutely (C3); the pairing
breaks as few seat limits as it can (C10, C11) and gives the seat to the wider seat
difference (E2). Every other round keeps the limits for everybody."""

from fractions import Fraction
from pathlib import Path

from tests.swiss.test_dutch_articles import pairs, player
from tournaments.systems.swiss import trf
from tournaments.systems.swiss.pairing import edition, pair_round

F, S = "first", "second"


def test_C3_in_the_final_round_a_topscorer_meets_a_player_due_the_same_seat_absolutely():
    # After four rounds p1 (3.5 of 4, a topscorer) and p2 (3) both had the first seat twice
    # in a row; in the final round the seat limits do not bind a topscorer, so the leaders
    # meet, and E2 gives the seat to the wider seat difference (p2's +2 over p1's +0).
    field = [
        player(1, 3.5, seats=(S, S, F, F)),
        player(2, 3, seats=(F, S, F, F)),
        player(3, 0, seats=(S, F, S, F)),
        player(4, 0, seats=(F, S, F, S)),
    ]
    assert frozenset(("p1", "p2")) not in pairs(pair_round(field))
    final = pair_round(field, topscorers_over=Fraction(2))
    assert frozenset(("p1", "p2")) in pairs(final)
    top = final.pairings[0]
    assert (top.first, top.second) == ("p1", "p2")
    assert "seat_wider_difference" in {r.code for r in top.reasons}


def test_C10_C11_topscorers_are_paired_so_that_no_seat_limit_breaks_where_one_can():
    # Four topscorers of the final round, all due the second seat: p1 and p3 absolutely
    # (two first seats in a row), p2 and p4 strongly. The first candidate 1-3, 2-4 would give
    # p1 or p3 a third first seat in a row; 1-4, 2-3 breaks no limit and is as good on
    # every criterion above (one pair each, the same seat conflicts, C12 and C13).
    field = [
        player(1, 3, seats=(S, F, F)),
        player(2, 3, seats=(F, S, F)),
        player(3, 3, seats=(S, F, F)),
        player(4, 3, seats=(F, S, F)),
    ]
    result = pair_round(field, topscorers_over=Fraction(3, 2))
    assert pairs(result) == {frozenset(("p1", "p4")), frozenset(("p2", "p3"))}


def test_the_engine_the_report_file_and_the_api_docs_name_one_edition():
    assert edition.IN_FORCE_FROM.isoformat() == "2026-02-01"
    text = trf.write(
        trf.Tournament(
            name="Cup",
            starts=None,
            ends=None,
            rounds=3,
            white_for_number_one=True,
            points=trf.PointValues(*(Fraction(n) for n in (1, 0, 0, 1, 0))),
            players=(),
        )
    )
    assert f"092 Swiss, {edition.NAME}" in text.splitlines()
    docs = (Path(__file__).parents[2] / "docs" / "api.md").read_text()
    assert "C.04.3 as in force from 1 February 2026" in docs
