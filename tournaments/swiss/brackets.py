"""Pairing one bracket (C.04.3 B): the earliest candidate in the Dutch order among the best,
found by a search that proves itself (candidates.py), otherwise by a maximum-weight
matching (matching.py).

Why the answer is exact when the search gives it. The search returns the earliest
candidate in the Dutch order that reaches its targets, and the first targets are lower
bounds over all pairings of the bracket: every mover paired and at most one resident
left over (C.5, C.6), the fewest seat-preference conflicts that counting allows (C.10,
C.11: those wanting one seat beyond all who could take the other must meet each other),
no repeated float (C.12-C.15, so nothing is left to measure in C.16-C.19). A candidate that reaches
every lower bound is optimal on C.5-C.19, and no earlier one reaches them: it is the one
B.8 picks.

When the lower bounds are out of reach, the matching finds the best values and the search
runs again with them as targets; if it then finds a candidate as good as the matching's on
every criterion, that candidate is the answer, for the same reason. Only when the best
needs more than one exchange (or leaves a mover unpaired, or the bracket's best would leave
the round unfinishable) does the matching's own choice stand; its weights follow the Dutch
order only approximately (see weights.py). C.7 (choosing the floaters for the next
bracket's sake) is served in part: when only some residents could meet anybody of the next
score group, the floater is one of them if that costs nothing more important (C.5, C.6);
C.8 and C.9 never apply, the seat limits being absolute.
"""

from collections.abc import Sequence
from fractions import Fraction

from tournaments.swiss.candidates import Targets, first_candidate
from tournaments.swiss.completion import can_complete
from tournaments.swiss.matching import matched
from tournaments.swiss.players import Player, can_meet, seat_conflict, strong_seat_conflict
from tournaments.swiss.shapes import BracketResult, BracketShape
from tournaments.swiss.weights import criteria_totals


def _spent(shape: BracketShape, result: BracketResult) -> Targets:
    """The seat conflicts and repeated floats of a bracket's pairing, as targets."""
    ups = [(a if a.points < b.points else b) for a, b in result.pairs if a.points != b.points]
    return Targets(
        colour=sum(seat_conflict(a, b) for a, b in result.pairs),
        strong=sum(strong_seat_conflict(a, b) for a, b in result.pairs),
        down_last=sum(p.last_float == "down" for p in result.floaters),
        down_before=sum(p.float_before == "down" for p in result.floaters),
        up_last=sum(p.last_float == "up" for p in ups),
        up_before=sum(p.float_before == "up" for p in ups),
        welcome=shape.welcome,
    )


def _welcome(residents: Sequence[Player], below: Sequence[Player]) -> frozenset[Player] | None:
    """C.7 in part: the residents who could meet somebody of the next score group, when
    that is only some of them (a floater from among them is not bound to float on)."""
    if not below:
        return None
    following = [p for p in below if p.points == below[0].points]
    welcome = frozenset(r for r in residents if any(can_meet(r, p) for p in following))
    return welcome if welcome and len(welcome) < len(residents) else None


def pair_bracket(
    score: Fraction, movers: Sequence[Player], residents: Sequence[Player], below: Sequence[Player]
) -> BracketResult:
    """Pairs for the bracket of `score` that leave `below` plus the floaters completable."""
    shape = BracketShape(score, tuple(movers), tuple(residents), _welcome(residents, below))

    def completes(result: BracketResult | None) -> bool:
        return result is not None and can_complete([*result.floaters, *below])

    result = first_candidate(shape)
    if completes(result):
        assert result is not None
        return result
    best = matched(shape, ())
    if result is None:
        # The lower bounds were out of reach: with what the best pairing spends as targets,
        # the search finds the earliest candidate among the best ones, if it is one of the
        # forms the search covers (all movers paired, one exchange at most).
        retried = first_candidate(shape, _spent(shape, best))
        if (
            retried is not None
            and criteria_totals(shape, retried.pairs) == criteria_totals(shape, best.pairs)
            and completes(retried)
        ):
            return retried
    if completes(best):
        return best
    return matched(shape, below)
