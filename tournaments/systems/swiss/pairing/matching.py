"""The best pairing of a bracket by maximum-weight matching over stacked weights."""

from collections.abc import Callable, Sequence

import networkx as nx

from tournaments.systems.swiss.pairing.players import Player, can_meet
from tournaments.systems.swiss.pairing.shapes import BracketResult, BracketShape
from tournaments.systems.swiss.pairing.weights import Tier, bracket_weights

Allowed = Callable[[Player, Player], bool]


def matched(shape: BracketShape, below: Sequence[Player]) -> BracketResult:
    """A pairing of the bracket that is best on the criteria (C6-C21).

    With `below` given, its players join the graph with weightless edges and every
    player must be matched, so the bracket's choice leaves a completable rest (C4).
    """
    return best_pairs(shape.players, below, bracket_weights(shape), following=shape.following)


def best_pairs(
    players: Sequence[Player],
    below: Sequence[Player],
    weight: Tier,
    allowed: Allowed = can_meet,
    following: Sequence[Player] = (),
    complete: bool | None = None,
) -> BracketResult:
    """The maximum-weight pairing of `players` by pairs that are `allowed` and can meet.

    With `below` (or `complete`), everybody is matched: the players left over meet `below`
    or `following` at no gain beyond what `following`'s own pairs weigh.
    `following` players join the graph with their weights (C8 measured exactly, without
    `below`); their pairs are not the bracket's.
    """
    if complete is None:
        complete = bool(below)
    inside = set(players)
    weighed = inside | set(following)
    everybody = [*players, *following, *below]
    edges: list[tuple[int, int, int | None]] = []
    for i, a in enumerate(everybody):
        for j in range(i + 1, len(everybody)):
            b = everybody[j]
            if not can_meet(a, b):
                continue
            if a in inside and b in inside:
                if allowed(a, b):
                    edges.append((i, j, weight(a, b)))
            elif a in weighed and b in weighed:
                edges.append((i, j, weight(a, b)))
            elif complete:
                edges.append((i, j, None))  # a floater or two players below
    if complete:
        # Every player is matched, so every matching has as many edges and each edge's
        # `ceiling` adds the same; a pair worth nothing (two movers, there only to complete
        # the round) lacks it, so it costs more than all the gains together.
        ceiling = 1 + len(everybody) // 2 * max((g for _, _, g in edges if g), default=0)

        def share(gain: int | None) -> int:
            if gain is None:
                return ceiling
            return ceiling + gain if gain else 0

        edges = [(i, j, share(gain)) for i, j, gain in edges]
    else:
        edges = [(i, j, gain) for i, j, gain in edges if gain]
    graph = nx.Graph()
    graph.add_nodes_from(range(len(everybody)))
    graph.add_weighted_edges_from(edges)
    matching = nx.max_weight_matching(graph, maxcardinality=complete)
    pairs = []
    paired: set[Player] = set()
    for i, j in matching:
        a, b = everybody[i], everybody[j]
        if a in inside and b in inside:
            pairs.append((a, b) if a.rank < b.rank else (b, a))
            paired.update((a, b))
    pairs.sort(key=lambda pair: pair[0].rank)
    return BracketResult(tuple(pairs), tuple(p for p in players if p not in paired))
