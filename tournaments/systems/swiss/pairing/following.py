"""C8 (C.04.3, 2026): what a floater's move is worth to the following bracket.

The following bracket is the floater with the next score group. Of one floater f the rule
asks first how many pairs that bracket can make, then its PSD: f paired is better than f
floating on (f's difference from the group is above that of any of its own floaters). So,
with N the next score group, D the players of N whom some maximum matching leaves unpaired
(Gallai-Edmonds), and ν(N + f) = ν(N) + 1 exactly when f can meet somebody in D:
  2  f can meet somebody in D: the next bracket makes one pair more;
  1  f can meet somebody of N: as many pairs, and f among them;
  0  f can meet nobody of N.
C8 of the edition in force (C8 of the 2017 text) applies to every bracket but the last,
the penultimate one included: the completion of the round (C4) is a separate, absolute
criterion, no longer a route through a penultimate bracket.
"""

from collections.abc import Sequence

import networkx as nx

from tournaments.systems.swiss.pairing.blossoms import Blossoms
from tournaments.systems.swiss.pairing.completion import can_complete
from tournaments.systems.swiss.pairing.players import Player, can_meet

ONE_MORE_PAIR, PAIRED, UNPAIRED = 2, 1, 0


def floater_values(players: Sequence[Player], below: Sequence[Player]) -> dict[Player, int] | None:
    """Each player's value as the bracket's floater (see the module), or None when C8 does
    not apply (the last bracket) or every value is the same."""
    if not below:
        return None
    following = [p for p in below if p.points == below[0].points]
    matching = Blossoms(following)
    unpaired = matching.exposed()
    # Those an unmatched player meets give their partners to D at once (a path of two).
    near = [
        *unpaired,
        *(matching.partner(p) for p in following if any(can_meet(p, u) for u in unpaired)),
    ]
    left_out: frozenset[Player] | None = None
    values = {}
    for player in players:
        if not any(can_meet(player, p) for p in following):
            values[player] = UNPAIRED
        elif not unpaired:
            values[player] = PAIRED  # the group pairs completely: no pair more to make
        elif any(p is not None and can_meet(player, p) for p in near):
            values[player] = ONE_MORE_PAIR
        else:
            if left_out is None:
                left_out = matching.left_out()
            more = any(can_meet(player, p) for p in left_out)
            values[player] = ONE_MORE_PAIR if more else PAIRED
    if len(set(values.values())) < 2:
        return None
    return values


# The exact values within the completed round cost a matching per player of the bracket;
# beyond this many players times players below they are not sought (the free values stay).
EXACT_WITHIN_ROUND = 4_000


def _worth(pairs: int, floater_paired: bool) -> int:
    return 2 * pairs + floater_paired


def free_worth(value: int, group_pairs: int) -> int:
    """What a free value (above) promises, on the scale of `worth_within_round`."""
    if value == ONE_MORE_PAIR:
        return _worth(group_pairs + 1, True)
    return _worth(group_pairs, value == PAIRED)


def group_pairs(group: Sequence[Player]) -> int:
    return Blossoms(group).size


def quick_worth(floater: Player, group: Sequence[Player], rest: Sequence[Player]) -> int | None:
    """The worth of `floater` within the completed round when one maximum matching of the
    next bracket leaves a completable rest; None when that quick test says nothing."""
    matching = Blossoms([floater, *group])
    left = matching.exposed()
    if not can_complete([*(p for p in left if p is not floater), *rest]):
        return None
    return _worth(matching.size, floater not in left)


def worth_within_round(
    floater: Player, group: Sequence[Player], rest: Sequence[Player]
) -> int | None:
    """C8 as bbpPairings and the round's completion (C4) read it: the most pairs the next
    bracket (`group` with `floater`) makes in a completed round, then whether the floater
    is among them; None when the round cannot be completed with this floater."""
    everybody = [floater, *group, *rest]
    inside = {floater, *group}
    graph = nx.Graph()
    graph.add_nodes_from(range(len(everybody)))
    for i, a in enumerate(everybody):
        for j in range(i + 1, len(everybody)):
            b = everybody[j]
            if can_meet(a, b):
                both = a in inside and b in inside
                graph.add_edge(i, j, weight=4 + 2 * both + (both and i == 0))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) != len(everybody):
        return None
    pairs = [(everybody[i], everybody[j]) for i, j in matching]
    inner = [pair for pair in pairs if pair[0] in inside and pair[1] in inside]
    return _worth(len(inner), any(floater in pair for pair in inner))


def values_within_round(
    players: Sequence[Player], below: Sequence[Player]
) -> dict[Player, int] | None:
    """Each player's worth as the bracket's single floater within the completed round: empty
    when every worth is the same, None when that costs too much to find."""
    lower = [p for p in below if not p.is_pab]
    if not lower or len(players) * len(below) > EXACT_WITHIN_ROUND:
        return None
    group = [p for p in lower if p.points == lower[0].points]
    rest = [p for p in below if p not in set(group)]
    worths = {}
    for player in players:
        worth = worth_within_round(player, group, rest)
        worths[player] = -1 if worth is None else worth
    lowest = min(worths.values())
    values = {p: w - lowest for p, w in worths.items()}
    return values if len(set(values.values())) >= 2 else {}
