"""Matching weights for one bracket: the quality criteria C.5-C.19, then the Dutch order.

Each criterion is a tier of small integers per pair; the tiers are stacked into one integer
so that any gain in a higher tier outweighs every possible total of the lower tiers, which
makes the maximum-weight matching the lexicographic best. A player left unpaired costs the
criteria of a downfloater, so a pair's tier holds what pairing the two saves.

The criteria tiers are exact. The Dutch-order tiers are not: the MDP-pairing's D.1 order
and the remainder's transpositions are, but exchanges count only as pairs lost across S1R
and S2R, not in the D.2 order.
"""

from collections.abc import Callable, Sequence
from fractions import Fraction
from math import lcm

from tournaments.swiss.players import Player, seat_conflict, strong_seat_conflict
from tournaments.swiss.shapes import BracketShape

Tier = Callable[[Player, Player], int]
# The first tiers are the criteria C.5-C.19 (C.8 and C.9 need none here); the rest is the
# Dutch order of candidates.
CRITERIA_TIERS = 13


def _upfloater(a: Player, b: Player) -> Player | None:
    if a.points == b.points:
        return None
    return b if a.points > b.points else a


def _downfloater(a: Player, b: Player) -> Player | None:
    if a.points == b.points:
        return None
    return a if a.points > b.points else b


def _positions(players: Sequence[Player]) -> dict[Player, int]:
    return {player: index for index, player in enumerate(players)}


def bracket_weights(shape: BracketShape) -> Callable[[Player, Player], int]:
    """The weight of pairing two players of the bracket (larger is better)."""
    tiers = criteria_tiers(shape)
    # Stack the tiers, least significant last: each multiplier exceeds all tiers below it.
    multipliers = []
    multiplier = 1
    for _, total_bound in reversed(tiers):
        multipliers.append(multiplier)
        multiplier *= total_bound + 1
    multipliers.reverse()

    movers = set(shape.movers)

    def weight(a: Player, b: Player) -> int:
        if a in movers and b in movers:
            # B.3 pairs moved-down players only with residents; two of them meet here only
            # when nothing else completes the round, so their pair earns nothing.
            return 0
        return sum(m * tier(a, b) for (tier, _), m in zip(tiers, multipliers, strict=True))

    return weight


def criteria_totals(shape: BracketShape, pairs: Sequence[tuple[Player, Player]]) -> list[int]:
    """A pairing's totals on C.5-C.19; a larger list (compared in order) is better."""
    tiers = criteria_tiers(shape)[:CRITERIA_TIERS]
    return [sum(tier(a, b) for a, b in pairs) for tier, _ in tiers]


def criteria_tiers(shape: BracketShape) -> list[tuple[Tier, int]]:
    """Per criterion, most important first: its value for a pair and a bound on its sum."""
    players = shape.players
    pairs_at_most = max(1, len(players) // 2)
    lowest = min(player.points for player in players)
    unit = lcm(*(p.points.denominator for p in players), lowest.denominator)

    def float_sd(player: Player) -> Fraction:
        # A.8: a downfloater's difference is taken from one point below the bracket's lowest.
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

    def unwelcome_paired(a: Player, b: Player) -> int:
        # Pairing those the next score group could not take leaves the others to float.
        if shape.welcome is None:
            return 0
        return (a not in shape.welcome) + (b not in shape.welcome)

    mover_rank = _positions(shape.movers)
    resident_rank = _positions(shape.residents)
    # The remainder (B.3): the residents the movers do not take, guessed as the lowest
    # unless the shape knows better.
    remainder = shape.remainder or shape.residents[len(shape.movers) :]
    half = len(remainder) // 2
    s1r = _positions(remainder[:half])
    s2r = _positions(remainder[half:])
    resident_base = len(shape.residents) + 1
    s2r_base = len(remainder) - half + 1

    def mover_order(a: Player, b: Player) -> int:
        # D.1 on the MDP-pairing: the first mover gets the earliest resident, and so on.
        mover, resident = (a, b) if a in mover_rank else (b, a)
        if mover not in mover_rank or resident not in resident_rank:
            return 0
        digit = len(shape.residents) - resident_rank[resident]
        return digit * resident_base ** (len(shape.movers) - 1 - mover_rank[mover])

    def remainder_sides(a: Player, b: Player) -> tuple[Player, Player] | None:
        if a in s1r and b in s2r:
            return a, b
        if b in s1r and a in s2r:
            return b, a
        return None

    def remainder_across(a: Player, b: Player) -> int:
        # Pairs across S1R and S2R come before resident exchanges (B.6, D.2).
        return 1 if remainder_sides(a, b) else 0

    def remainder_order(a: Player, b: Player) -> int:
        sides = remainder_sides(a, b)
        if sides is None:
            return 0
        upper, partner = sides
        digit = len(s2r) - s2r[partner]
        return digit * s2r_base ** (half - 1 - s1r[upper])

    return [
        (lambda a, b: 1, pairs_at_most),  # C.5
        (psd, 2 * base ** (len(levels) - 1) * pairs_at_most),  # C.6
        (unwelcome_paired, 2 * pairs_at_most),  # C.7, in part
        (lambda a, b: 1 - seat_conflict(a, b), pairs_at_most),  # C.10
        (lambda a, b: 1 - strong_seat_conflict(a, b), pairs_at_most),  # C.11
        (repeated_down("last_float"), 2 * pairs_at_most),  # C.12
        (repeated_up("last_float"), pairs_at_most),  # C.13
        (repeated_down("float_before"), 2 * pairs_at_most),  # C.14
        (repeated_up("float_before"), pairs_at_most),  # C.15
        (repeated_down_difference("last_float"), biggest_sd * pairs_at_most),  # C.16
        (repeated_up_difference("last_float"), biggest_sd * pairs_at_most),  # C.17
        (repeated_down_difference("float_before"), biggest_sd * pairs_at_most),  # C.18
        (repeated_up_difference("float_before"), biggest_sd * pairs_at_most),  # C.19
        (mover_order, resident_base ** len(shape.movers)),
        (remainder_across, pairs_at_most),
        (remainder_order, s2r_base**half),
    ]
