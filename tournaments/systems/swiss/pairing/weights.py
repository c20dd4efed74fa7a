"""Matching weights for one bracket: the quality criteria C6-C21 as stacked tiers.

Each criterion is a tier of small integers per pair; the tiers are stacked into one integer
so that any gain in a higher tier outweighs every possible total of the lower tiers, which
makes the maximum-weight matching the lexicographic best. A player left unpaired costs the
criteria of a downfloater, so a pair's tier holds what pairing the two saves. After the
criteria comes one tier that pairs as many moved-down players as the best allow (B.2's M1);
the Dutch order's tiers (order.py) are stacked below them.

C8 comes in one of two forms. Usually it is a tier of floater values (following.py),
exact when the bracket leaves one floater. With the shape's `following` (the next score
group) in the graph it is exact for any floaters: those players' pairs, with the floaters
and among themselves, are the next bracket's, and weigh only on two C8 tiers, its pairs
and its PSD, while every other tier counts the bracket's own pairs only. The lexicographic
best of that graph is the bracket's best with the next bracket's best made of its floaters.
"""

from collections.abc import Callable, Sequence
from fractions import Fraction
from math import lcm

from tournaments.systems.swiss.pairing.players import Player, seat_conflict, strong_seat_conflict
from tournaments.systems.swiss.pairing.shapes import BracketShape
from tournaments.systems.swiss.pairing.topscorers import seat_limit_failures

Tier = Callable[[Player, Player], int]
# A tier: its value for a pair, and a bound on its sum over the pairs of one pairing.
BoundTier = tuple[Tier, int]


def _upfloater(a: Player, b: Player) -> Player | None:
    if a.points == b.points:
        return None
    return b if a.points > b.points else a


def _downfloater(a: Player, b: Player) -> Player | None:
    if a.points == b.points:
        return None
    return a if a.points > b.points else b


def stacked(tiers: Sequence[BoundTier]) -> Tier:
    """One weight from tiers, most important first: each outweighs all tiers below it."""
    multipliers = []
    multiplier = 1
    for _, total_bound in reversed(tiers):
        multipliers.append(multiplier)
        multiplier *= total_bound + 1
    multipliers.reverse()

    def weight(a: Player, b: Player) -> int:
        return sum(m * tier(a, b) for (tier, _), m in zip(tiers, multipliers, strict=True))

    return weight


def bracket_weights(shape: BracketShape, order: Sequence[BoundTier] = ()) -> Tier:
    """The weight of pairing two players of the bracket (larger is better): the criteria,
    then the `order` tiers."""
    weight = stacked([*criteria_tiers(shape), *(_inside(shape, tier) for tier in order)])
    movers = set(shape.movers)

    def pair_weight(a: Player, b: Player) -> int:
        if a in movers and b in movers:
            # B.3 pairs moved-down players only with residents; two of them meet here only
            # when nothing else completes the round, so their pair earns nothing.
            return 0
        return weight(a, b)

    return pair_weight


def _inside(shape: BracketShape, bound_tier: BoundTier) -> BoundTier:
    """A tier that counts the bracket's own pairs only (none with the next score group)."""
    if not shape.following:
        return bound_tier
    tier, bound = bound_tier
    outside = set(shape.following)
    return (lambda a, b: 0 if a in outside or b in outside else tier(a, b)), bound


def _next_bracket_tiers(shape: BracketShape) -> list[BoundTier]:
    """C8 exactly: the next bracket's pairs, then its PSD, over the graph that holds the
    bracket and the next score group (a player of either left unmatched floats on)."""
    group = set(shape.following)
    lowest = shape.following[0].points
    everybody = [*shape.players, *shape.following]
    pairs_at_most = len(everybody) // 2
    differences = {abs(p.points - lowest) for p in everybody} | {
        p.points - (lowest - 1) for p in everybody
    }
    level = {value: index for index, value in enumerate(sorted(differences))}
    base = len(everybody) + 1

    def floating(player: Player) -> int:
        return base ** level[player.points - (lowest - 1)]

    def next_pairs(a: Player, b: Player) -> int:
        return 1 if a in group or b in group else 0

    def next_psd(a: Player, b: Player) -> int:
        if a in group or b in group:
            return floating(a) + floating(b) - base ** level[abs(a.points - b.points)]
        return floating(a) + floating(b)  # paired in the bracket: not in the next one

    return [
        (next_pairs, pairs_at_most),
        (next_psd, 2 * base ** (len(level) - 1) * pairs_at_most),
    ]


def criteria_totals(shape: BracketShape, pairs: Sequence[tuple[Player, Player]]) -> list[int]:
    """A pairing's totals on C6-C21 and M1; a larger list (compared in order) is better."""
    tiers = criteria_tiers(shape)
    return [sum(tier(a, b) for a, b in pairs) for tier, _ in tiers]


def criteria_tiers(shape: BracketShape) -> list[BoundTier]:
    """Per criterion, most important first: its value for a pair and a bound on its sum."""
    players = shape.players
    pairs_at_most = max(1, len(players) // 2)
    lowest = min(player.points for player in players)
    unit = lcm(*(p.points.denominator for p in players), lowest.denominator)

    def float_sd(player: Player) -> Fraction:
        # PSD: a downfloater's difference is taken from one point below the bracket's lowest.
        return player.points - (lowest - 1)

    scores = {player.points for player in players}
    levels = sorted(
        {abs(a - b) for a in scores for b in scores} | {s - (lowest - 1) for s in scores}
    )
    level = {value: index for index, value in enumerate(levels)}
    base = len(players) + 1

    def psd_cost(sd: Fraction) -> int:
        return base ** level[sd]

    def psd(a: Player, b: Player) -> int:
        return psd_cost(float_sd(a)) + psd_cost(float_sd(b)) - psd_cost(abs(a.points - b.points))

    def score_units(value: Fraction) -> int:
        return int(value * unit)

    biggest_sd = score_units(max(levels))

    def repeated_down(attr: str) -> Tier:
        # Pairing a player who downfloated then spares them the same downfloat now.
        return lambda a, b: (getattr(a, attr) == "down") + (getattr(b, attr) == "down")

    def repeated_up(attr: str) -> Tier:
        def tier(a: Player, b: Player) -> int:
            up = _upfloater(a, b)
            return 0 if up is not None and getattr(up, attr) == "up" else 1

        return tier

    def repeated_down_difference(attr: str) -> Tier:
        def tier(a: Player, b: Player) -> int:
            down = _downfloater(a, b)
            if down is None or getattr(down, attr) != "down":
                return biggest_sd
            return biggest_sd - score_units(abs(a.points - b.points))

        return tier

    def repeated_up_difference(attr: str) -> Tier:
        def tier(a: Player, b: Player) -> int:
            up = _upfloater(a, b)
            if up is None or getattr(up, attr) != "up":
                return biggest_sd
            return biggest_sd - score_units(abs(a.points - b.points))

        return tier

    values = shape.floater_values or {}
    best_value = max(values.values(), default=0)

    def floater_value_kept(a: Player, b: Player) -> int:
        # Pairing a player keeps them from floating: the less their floating is worth to the
        # next bracket (C8), the more pairing them saves.
        return 2 * best_value - values.get(a, 0) - values.get(b, 0)

    movers = set(shape.movers)

    def movers_paired(a: Player, b: Player) -> int:
        return (a in movers) + (b in movers)

    seventh = (
        _next_bracket_tiers(shape)
        if shape.following
        else [(floater_value_kept, 2 * best_value * pairs_at_most)]
    )
    return [
        _inside(shape, (lambda a, b: 1, pairs_at_most)),  # C6
        _inside(shape, (psd, 2 * base ** (len(levels) - 1) * pairs_at_most)),  # C7
        *seventh,  # C8
        *(
            _inside(shape, tier)
            for tier in (
                (lambda a, b: 2 - seat_limit_failures(a, b)[0], 2 * pairs_at_most),  # C10
                (lambda a, b: 2 - seat_limit_failures(a, b)[1], 2 * pairs_at_most),  # C11
                (lambda a, b: 1 - seat_conflict(a, b), pairs_at_most),  # C12
                (lambda a, b: 1 - strong_seat_conflict(a, b), pairs_at_most),  # C13
                (repeated_down("last_float"), 2 * pairs_at_most),  # C14
                (repeated_up("last_float"), pairs_at_most),  # C15
                (repeated_down("float_before"), 2 * pairs_at_most),  # C16
                (repeated_up("float_before"), pairs_at_most),  # C17
                (repeated_down_difference("last_float"), biggest_sd * pairs_at_most),  # C18
                (repeated_up_difference("last_float"), biggest_sd * pairs_at_most),  # C19
                (repeated_down_difference("float_before"), biggest_sd * pairs_at_most),  # C20
                (repeated_up_difference("float_before"), biggest_sd * pairs_at_most),  # C21
                (movers_paired, len(shape.movers)),  # B.2: M1, the most movers paired
            )
        ),
    ]
