"""The earliest of a bracket's best pairings in the Dutch order, by staged matchings.

Every stage is a maximum-weight matching whose weights are the criteria (weights.py) with
one part of the Dutch order (order.py) stacked below them, so each stage keeps the best
criteria values and fixes one more part of the order, as B.7 and B.6 walk it:
  1. D.3: which moved-down players are paired (S1; the rest stay in the Limbo);
  2. D.1: their partners among the residents (the MDP-pairing);
  3. D.2: the remainder's split into S1R and S2R;
  4. D.1: the remainder's transposition.
A stage only narrows what the next may use (the chosen players, the chosen pairs, pairs
across the chosen split), and the earlier stage's choice stays among the best, so the last
matching is the earliest best candidate. With `below` every player must be matched, the
floaters by `below`: the best are then those that leave the round completable (C4).
When the best leave several floaters, the next score group joins every stage so that C8
(the look-ahead) is measured on the next bracket itself (weights.py), with `below` or
without it.
"""

from collections.abc import Sequence
from dataclasses import replace

from tournaments.systems.swiss.pairing.matching import best_pairs
from tournaments.systems.swiss.pairing.order import (
    exchange_tiers,
    mover_exchange_tiers,
    transposition_tier,
)
from tournaments.systems.swiss.pairing.players import Player
from tournaments.systems.swiss.pairing.shapes import BracketResult, BracketShape
from tournaments.systems.swiss.pairing.weights import bracket_weights


def _mover_pairs(result: BracketResult, movers: set[Player]) -> list[tuple[Player, Player]]:
    return [pair for pair in result.pairs if len(movers & set(pair)) == 1]


def earliest_best(
    shape: BracketShape, below: Sequence[Player], following: Sequence[Player] = ()
) -> BracketResult:
    """The earliest candidate in the Dutch order among the bracket's best.

    `following` is the next score group where C8 applies: when the best leave several
    floaters (and no `below` must be completed), it joins the graph to measure C8 exactly.
    """
    movers = set(shape.movers)
    complete = bool(below)
    best = best_pairs(shape.players, below, bracket_weights(shape))
    if following and len(best.floaters) >= 2:
        # C8 measured on the next bracket itself; with `below` (the round's completion)
        # the next score group is weighed and the players under it only complete.
        group = set(following)
        below = [p for p in below if p not in group]
        shape = replace(shape, floater_values=None, following=tuple(following))
        best = best_pairs(
            shape.players, below, bracket_weights(shape), following=following, complete=complete
        )
    following = shape.following
    chosen = [m for pair in _mover_pairs(best, movers) for m in pair if m in movers]
    if 0 < len(chosen) < len(shape.movers):
        # 1. D.3: which moved-down players make S1, given how many the best pair (M1).
        stage = best_pairs(
            shape.players,
            below,
            bracket_weights(shape, mover_exchange_tiers(shape.movers)),
            following=following,
            complete=complete,
        )
        chosen = [m for pair in _mover_pairs(stage, movers) for m in pair if m in movers]
    s1 = sorted(chosen, key=lambda p: p.rank)
    fixed: list[tuple[Player, Player]] = []
    if s1:
        # 2. D.1 on the MDP-pairing: S1's partners among the residents, in turn.
        limbo = movers - set(s1)

        def in_s1(a: Player, b: Player) -> bool:
            return not ({a, b} & limbo)

        stage = best_pairs(
            shape.players,
            below,
            bracket_weights(shape, [transposition_tier(s1, shape.residents)]),
            lambda a, b: in_s1(a, b) or (a in limbo and b in limbo),
            following,
            complete,
        )
        fixed = _mover_pairs(stage, movers)
    taken = {player for pair in fixed for player in pair}
    remainder = [p for p in shape.residents if p not in taken]
    left_movers = [m for m in shape.movers if m not in taken]
    open_players = left_movers + remainder
    in_remainder = set(remainder)

    def resident_pairs(result: BracketResult) -> list[tuple[Player, Player]]:
        return [pair for pair in result.pairs if set(pair) <= in_remainder]

    def no_mover_with_resident(a: Player, b: Player) -> bool:
        return (a in in_remainder) == (b in in_remainder)

    pairs = sum(not (movers & set(pair)) for pair in best.pairs)
    if pairs:
        # 3. D.2: the remainder's split. The new S1R is the lower of each pair.
        stage = best_pairs(
            open_players,
            below,
            bracket_weights(shape, exchange_tiers(remainder, pairs)),
            no_mover_with_resident,
            following,
            complete,
        )
        s1r = {min(pair, key=lambda p: p.rank) for pair in resident_pairs(stage)}
        s2r = [p for p in remainder if p not in s1r]
        s1r_ordered = [p for p in remainder if p in s1r]

        def across(a: Player, b: Player) -> bool:
            if a in in_remainder and b in in_remainder:
                return (a in s1r) != (b in s1r)
            return no_mover_with_resident(a, b)

        # 4. D.1 on the remainder: S1R's partners in S2R, in turn.
        stage = best_pairs(
            open_players,
            below,
            bracket_weights(shape, [transposition_tier(s1r_ordered, s2r)]),
            across,
            following,
            complete,
        )
        inner = list(stage.pairs)
    else:
        rest = best_pairs(
            open_players,
            below,
            bracket_weights(shape),
            no_mover_with_resident,
            following,
            complete,
        )
        inner = list(rest.pairs)
    made = sorted([*fixed, *inner], key=lambda pair: pair[0].rank)
    paired = {player for pair in made for player in pair}
    return BracketResult(tuple(made), tuple(p for p in shape.players if p not in paired))
