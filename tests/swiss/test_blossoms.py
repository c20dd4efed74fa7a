"""The blossom matching finds a maximum matching and the players some maximum matching
leaves out, as networkx and a plain definition find them."""

import random
from fractions import Fraction

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.swiss.test_dutch_order_exact import random_field
from tournaments.systems.swiss.pairing.blossoms import Blossoms
from tournaments.systems.swiss.pairing.players import can_meet, ranked_players


def matching_size(players) -> int:
    graph = nx.Graph()
    graph.add_nodes_from(range(len(players)))
    graph.add_edges_from(
        (i, j)
        for i, a in enumerate(players)
        for j in range(i + 1, len(players))
        if can_meet(a, players[j])
    )
    return len(nx.max_weight_matching(graph, maxcardinality=True))


@settings(max_examples=150, deadline=None)
@given(size=st.integers(min_value=1, max_value=14), seed=st.integers(0, 2**32 - 1))
def test_the_blossom_matching_is_maximum_and_knows_whom_a_maximum_matching_can_leave_out(
    size, seed
):
    players = ranked_players(random_field(random.Random(seed), [Fraction(0)] * size))
    matching = Blossoms(players)
    best = matching_size(players)
    assert matching.size == best
    for a in players:
        partner = matching.partner(a)
        assert partner is None or (can_meet(a, partner) and matching.partner(partner) is a)
    # D: v is left out by some maximum matching exactly when removing v keeps the size.
    left_out = {p for p in players if matching_size([q for q in players if q is not p]) == best}
    assert matching.left_out() == left_out
