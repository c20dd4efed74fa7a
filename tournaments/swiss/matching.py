"""The best pairing of a bracket by maximum-weight matching over the criteria weights."""

from collections.abc import Sequence
from dataclasses import replace

import networkx as nx

from tournaments.swiss.players import Player, can_meet
from tournaments.swiss.shapes import BracketResult, BracketShape
from tournaments.swiss.weights import bracket_weights


def matched(shape: BracketShape, below: Sequence[Player]) -> BracketResult:
    """The best pairing of the bracket by maximum-weight matching.

    With `below` given, its players join the graph with weightless edges and every
    player must be matched, so the bracket's choice leaves a completable rest (C.4).
    """
    result = _matched(shape, below)
    movers = set(shape.movers)
    taken = {b for pair in result.pairs for b in pair if movers & set(pair) and b not in movers}
    remainder = tuple(p for p in shape.residents if p not in taken)
    if not movers or remainder == shape.residents[len(movers) :]:
        return result
    # The movers took other residents than the weights guessed: weigh the remainder's
    # order again with the remainder they left (the movers' pairs weigh more, so stay).
    return _matched(replace(shape, remainder=remainder), below)


def _matched(shape: BracketShape, below: Sequence[Player]) -> BracketResult:
    players = list(shape.players)
    inside = set(players)
    everybody = players + list(below)
    weight = bracket_weights(shape)
    graph = nx.Graph()
    graph.add_nodes_from(range(len(everybody)))
    for i, a in enumerate(everybody):
        for j in range(i + 1, len(everybody)):
            b = everybody[j]
            if not can_meet(a, b):
                continue
            gain = weight(a, b) if a in inside and b in inside else 0
            # A pair worth nothing (two movers) is there only to complete the round.
            if gain or below:
                graph.add_edge(i, j, weight=gain)
    matching = nx.max_weight_matching(graph, maxcardinality=bool(below))
    pairs = []
    paired: set[Player] = set()
    for i, j in matching:
        a, b = everybody[i], everybody[j]
        if a in inside and b in inside:
            pairs.append((a, b) if a.rank < b.rank else (b, a))
            paired.update((a, b))
    pairs.sort(key=lambda pair: pair[0].rank)
    return BracketResult(tuple(pairs), tuple(p for p in players if p not in paired))
