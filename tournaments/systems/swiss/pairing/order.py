"""The Dutch order of candidates (C.04.3 D) as matching tiers below the criteria.

Which S1/S2 split generates a pairing, and by which exchange, follows from the pairing
itself. Number the players of a homogeneous bracket (or remainder) 1..n in rank order and
let p be its pairs (as many as its best pairings make: B.2's MaxPairs, in view of C4), so
the original S1 is 1..p. A pair of two S1 players sends one down,
a pair of two S2 players brings one up, a mixed pair moves nobody, and an S1 player left
over goes down: the fewest exchanged (D.2 b) are the pairs within S2. Of each pair within
S1 the higher number goes down and of each pair within S2 the lower comes up, for any
other choice widens the sums' difference (D.2 c). So the new S1 holds the lower number
of every pair, and every D.2 rule is a sum over pairs:
  b  pairs within S2, fewer first;
  c  the new S1's sum (the sums' difference plus a constant), smaller first;
  d  the original S1 players kept in S1, as a sum of 2^number, smaller first (what goes
     down then holds the highest different number);
  e  the numbers brought up, as a sum of 2^(n - number), larger first.
D.3 likewise picks the moved-down players in S1 (the others stay in the Limbo): the highest
different score first, then the lowest BSNs in lexicographic order. A transposition (D.1)
is the S2 partners of S1's players in turn, lowest first: digits of a number.

Each tier is the gain of a pair, and a pair-additive total over a fixed number of pairs, so
the maximum-weight matching finds the earliest split; with that split's S1 and S2 fixed, a
second matching finds its earliest transposition.
"""

from collections.abc import Sequence

from tournaments.systems.swiss.pairing.players import Player
from tournaments.systems.swiss.pairing.weights import BoundTier


def exchange_tiers(players: Sequence[Player], pairs: int) -> list[BoundTier]:
    """D.2 for a homogeneous bracket or remainder of `players` (in rank order) and `pairs`."""
    number = {player: index for index, player in enumerate(players)}
    n = len(players)

    def lower(a: Player, b: Player) -> int | None:
        if a not in number or b not in number:
            return None
        return min(number[a], number[b])

    def fewest_exchanged(a: Player, b: Player) -> int:
        low = lower(a, b)
        return 0 if low is None or low >= pairs else 1

    def smallest_sum(a: Player, b: Player) -> int:
        low = lower(a, b)
        return 0 if low is None else n - low

    def highest_sent_down(a: Player, b: Player) -> int:
        low = lower(a, b)
        if low is None:
            return 0
        return 2**pairs - (2**low if low < pairs else 0)

    def lowest_brought_up(a: Player, b: Player) -> int:
        low = lower(a, b)
        return 2 ** (n - 1 - low) if low is not None and low >= pairs else 0

    return [
        (fewest_exchanged, pairs),
        (smallest_sum, pairs * n),
        (highest_sent_down, pairs * 2**pairs),
        (lowest_brought_up, 2**n),
    ]


def mover_exchange_tiers(movers: Sequence[Player]) -> list[BoundTier]:
    """D.3: which moved-down players make S1 (their number is fixed by the tier above)."""
    number = {player: index for index, player in enumerate(movers)}
    scores = sorted({player.points for player in movers})
    base = len(movers) + 1

    def mover(a: Player, b: Player) -> Player | None:
        inside = [p for p in (a, b) if p in number]
        return inside[0] if len(inside) == 1 else None

    def highest_scores(a: Player, b: Player) -> int:
        chosen = mover(a, b)
        return 0 if chosen is None else base ** scores.index(chosen.points)

    def lowest_numbers(a: Player, b: Player) -> int:
        chosen = mover(a, b)
        return 0 if chosen is None else 2 ** (len(movers) - 1 - number[chosen])

    return [(highest_scores, base ** len(scores)), (lowest_numbers, 2 ** len(movers))]


def transposition_tier(s1: Sequence[Player], s2: Sequence[Player]) -> BoundTier:
    """D.1: the earliest transposition, for pairs across S1 and S2 only."""
    upper = {player: index for index, player in enumerate(s1)}
    lower = {player: index for index, player in enumerate(s2)}
    base = len(s2) + 1

    def earliest(a: Player, b: Player) -> int:
        if a in lower:
            a, b = b, a
        if a not in upper or b not in lower:
            return 0
        return (len(s2) - lower[b]) * base ** (len(s1) - 1 - upper[a])

    return earliest, base ** len(s1)
