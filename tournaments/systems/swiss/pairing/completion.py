"""Whether a set of players can all be paired under the absolute criteria (C.04.3 C4).

A quick greedy pairing with one round of repairs proves most sets pairable at once; only
when it fails does an exact maximum-cardinality matching decide.
"""

from collections.abc import Sequence

import networkx as nx

from tournaments.systems.swiss.pairing.players import Player, can_meet


def greedy_pairs(players: Sequence[Player]) -> list[tuple[Player, Player]] | None:
    """Pairs covering everybody, found greedily in rank order; None when the greedy gets stuck."""
    open_players = list(players)
    pairs: list[tuple[Player, Player]] = []
    stuck: list[Player] = []
    while open_players:
        player = open_players.pop(0)
        for index, partner in enumerate(open_players):
            if can_meet(player, partner):
                pairs.append((player, open_players.pop(index)))
                break
        else:
            stuck.append(player)
    # Repair: two stuck players x, y and a pair (a, b) such that x-a and y-b can meet.
    while len(stuck) >= 2:
        x = stuck.pop()
        for y in stuck:
            swap = _swap_into(pairs, x, y)
            if swap is not None:
                stuck.remove(y)
                break
        else:
            return None
    return None if stuck else pairs


def _swap_into(pairs: list[tuple[Player, Player]], x: Player, y: Player) -> bool | None:
    if can_meet(x, y):
        pairs.append((x, y))
        return True
    for index, (a, b) in enumerate(pairs):
        for first, second in ((a, b), (b, a)):
            if can_meet(x, first) and can_meet(y, second):
                pairs[index] = (x, first)
                pairs.append((y, second))
                return True
    return None


def exact_pairs(players: Sequence[Player]) -> list[tuple[Player, Player]] | None:
    """A perfect pairing by maximum-cardinality matching, or None when none exists."""
    if len(players) % 2:
        return None
    graph = nx.Graph()
    graph.add_nodes_from(range(len(players)))
    for i, a in enumerate(players):
        for j in range(i + 1, len(players)):
            if can_meet(a, players[j]):
                graph.add_edge(i, j)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) != len(players):
        return None
    return [(players[i], players[j]) for i, j in matching]


def can_complete(players: Sequence[Player]) -> bool:
    """True when all of `players` can be paired among themselves."""
    if len(players) % 2:
        return False
    return greedy_pairs(players) is not None or exact_pairs(players) is not None
