"""Pairing one bracket (C.04.3 B): the earliest candidate in the Dutch order among the best.

Two ways find it, and both are exact. The quick one is a search that proves itself
(candidates.py): it returns the earliest candidate in the Dutch order that reaches its
targets, and the first targets are lower bounds over all pairings of the bracket: every
mover paired and at most one resident left over (C6, C7), the fewest seat-preference
conflicts that counting allows (C12, C13: those wanting one seat beyond all who could
take the other must meet each other), no repeated float (C14-C17, so nothing is left to
measure in C18-C21), a floater the next bracket values most (C8). A candidate that
reaches every lower bound is optimal on C6-C21, and no earlier one reaches them: it is
the one B.8 picks. When the lower bounds are out of reach, the search runs again with the
best values a matching finds as targets; a candidate as good as the matching's on every
criterion is again the answer.

The search covers candidates with all movers paired and one exchange at most. Otherwise
(several exchanges, a mover in the Limbo, or a bracket whose best would leave the round
unfinishable) staged matchings give the earliest best candidate (earliest.py): the
criteria's weights with the Dutch order's (order.py) below them.

C8 (choosing the floaters for the next bracket's sake, in every bracket but the last) is
exact where one player floats: each player's worth as the floater is what the next score
group can then make (following.py); in the bracket the bye may come from, C9 (the fewest
rounds without a game for the bye) is added below it. Where several float, the next score
group joins the staged matchings and C8 is measured on the next bracket itself
(weights.py), within the completed round when completion binds (C4, the matchings with
`below`). A single floater's free worth is measured on the next score group alone; where
the round's completion forbids the pair it counts (following.quick_worth shows which), the
worths are measured again within the completed round (following.values_within_round, a
matching per player), as bbpPairings reads C8; a bracket too big for that (more than
EXACT_WITHIN_ROUND players times players below) keeps the free worths, the one case left
approximate.
C10 and C11 apply only in the final round, to topscorers (topscorers.py). The lower
bounds do not count them, so a topscorer's bracket goes to the search with a best
pairing's values as targets, and its candidate stands only if it equals that pairing on
every criterion, C10 and C11 included; otherwise the staged matchings pair it.
"""

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from tournaments.systems.swiss.pairing.byes import Pab
from tournaments.systems.swiss.pairing.candidates import Targets, first_candidate
from tournaments.systems.swiss.pairing.completion import can_complete
from tournaments.systems.swiss.pairing.earliest import earliest_best
from tournaments.systems.swiss.pairing.following import (
    EXACT_WITHIN_ROUND,
    floater_values,
    free_worth,
    group_pairs,
    quick_worth,
    values_within_round,
    worth_within_round,
)
from tournaments.systems.swiss.pairing.matching import matched
from tournaments.systems.swiss.pairing.players import Player, seat_conflict, strong_seat_conflict
from tournaments.systems.swiss.pairing.shapes import BracketResult, BracketShape
from tournaments.systems.swiss.pairing.weights import criteria_totals


def _following(lower: Sequence[Player]) -> list[Player]:
    """C8: the next score group, whose pairing the floaters are chosen for; none for the
    last bracket."""
    if not lower:
        return []
    return [p for p in lower if p.points == lower[0].points]


def _leftover_values(
    players: Sequence[Player], ahead: dict[Player, int] | None, pab: Pab | None
) -> dict[Player, int] | None:
    """What each player's being left over is worth: C8 for the next bracket first (`ahead`),
    then C9 where the leftover may be the one who takes the bye."""
    ahead = ahead or {}
    takes_bye = (
        pab.leftover_values(players)
        if pab is not None and any(p in pab.candidates for p in players)
        else {}
    )
    if len(set(takes_bye.values())) < 2:
        takes_bye = {}
    if not ahead and not takes_bye:
        return None
    span = max(takes_bye.values(), default=0) + 1
    return {p: ahead.get(p, 0) * span + takes_bye.get(p, 0) for p in players}


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


def _worth_kept(
    floater: Player, ahead: dict[Player, int], lower: Sequence[Player], below: Sequence[Player]
) -> bool:
    """Whether the floater chosen by the free C8 values is as good within the completed
    round: its worth there reaches the best any player's free value promises."""
    group = _following(lower)
    rest = [p for p in below if p not in set(group)]
    promised = free_worth(max(ahead.values()), group_pairs(group))
    worth = quick_worth(floater, group, rest)
    if worth is None:
        if (len(group) + len(rest)) * len(ahead) > EXACT_WITHIN_ROUND:
            return True  # too costly to ask: the free value stands
        worth = worth_within_round(floater, group, rest)
    return worth is not None and worth >= promised


def pair_bracket(
    score: Fraction,
    movers: Sequence[Player],
    residents: Sequence[Player],
    below: Sequence[Player],
    pab: Pab | None = None,
) -> BracketResult:
    """Pairs for the bracket of `score` that leave `below` plus the floaters completable.

    `below` ends with the bye's stand-in when the field is odd (`pab`, byes.py), so that
    every completion check (C4) keeps a bye for a player allowed it (C2, C5)."""
    players = (*movers, *residents)
    lower = [p for p in below if not p.is_pab]
    ahead = floater_values(players, lower) if len(players) % 2 else None
    values = _leftover_values(players, ahead, pab) if len(players) % 2 else None
    shape = BracketShape(score, tuple(movers), tuple(residents), values)
    result = _pair(shape, below, lower)
    single = len(result.floaters) == 1
    if ahead and single and not _worth_kept(result.floaters[0], ahead, lower, below):
        # C8 within the completed round: the next bracket's pairs the completion allows.
        exact = values_within_round(players, below)
        if exact is not None:
            shape = replace(shape, floater_values=_leftover_values(players, exact, pab))
            result = _pair(shape, below, lower)
    return result


def _pair(shape: BracketShape, below: Sequence[Player], lower: Sequence[Player]) -> BracketResult:
    """The bracket's pairing for `shape`'s values (see pair_bracket)."""
    players = shape.players

    def completes(result: BracketResult | None) -> bool:
        return result is not None and can_complete([*result.floaters, *below])

    # The search's lower bounds know nothing of C10 and C11, which only a final round's
    # topscorers can cost: their brackets start from a best pairing's values, which the
    # answer must equal on every criterion, C10 and C11 included.
    bounded = not any(p.topscorer for p in players)
    result = first_candidate(shape) if bounded else None
    if completes(result):
        assert result is not None
        return result
    if result is None:
        # The lower bounds were out of reach or not known: with what a best pairing spends
        # as targets, the search finds the earliest candidate among the best ones, if it is
        # one of the forms the search covers (all movers paired, one exchange at most).
        best = matched(shape, ())
        retried = first_candidate(shape, _spent(shape, best))
        if (
            retried is not None
            and criteria_totals(shape, retried.pairs) == criteria_totals(shape, best.pairs)
            and completes(retried)
        ):
            return retried
    # The earliest best candidate; if it leaves the round unfinishable, the best and
    # earliest are sought again among the candidates that finish it (C4).
    following = _following(lower)
    exact = earliest_best(shape, (), following)
    if completes(exact):
        return exact
    return earliest_best(shape, below, following)
