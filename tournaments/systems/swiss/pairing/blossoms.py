"""Maximum-cardinality matching by Edmonds' blossoms, and who some maximum matching leaves
out (the set D of the Gallai-Edmonds decomposition), over players who `can_meet`.

Pure Python: the searches grow from a greedy matching and read the graph's edges only as
they reach them, so a dense score group costs little.
"""

from collections import deque
from collections.abc import Sequence
from functools import cache

from tournaments.systems.swiss.pairing.players import Player, can_meet


class Blossoms:
    """A maximum matching of `players` and the players some maximum matching leaves out."""

    def __init__(self, players: Sequence[Player]) -> None:
        self.players = list(players)
        count = len(self.players)
        self.match = [-1] * count

        @cache
        def neighbours(v: int) -> tuple[int, ...]:
            return tuple(
                u for u in range(count) if u != v and can_meet(self.players[v], self.players[u])
            )

        self.neighbours = neighbours
        for v in range(count):  # greedy start, in rank order
            if self.match[v] == -1:
                for u in range(v + 1, count):
                    if self.match[u] == -1 and can_meet(self.players[v], self.players[u]):
                        self.match[v], self.match[u] = u, v
                        break
        if self.match.count(-1) <= 1:
            return  # nobody or one player unmatched: the greedy's matching is maximum
        for root in range(count):
            if self.match[root] == -1:
                end, parent, _ = self._search(root)
                if end != -1:
                    self._augment(end, parent)

    @property
    def size(self) -> int:
        return sum(m != -1 for m in self.match) // 2

    def exposed(self) -> list[Player]:
        return [self.players[v] for v, m in enumerate(self.match) if m == -1]

    def partner(self, player: Player) -> Player | None:
        m = self.match[self.players.index(player)]
        return None if m == -1 else self.players[m]

    def left_out(self) -> frozenset[Player]:
        """D: the players whom some maximum matching leaves unpaired (reached from an
        unmatched player by an even alternating path)."""
        outer: set[int] = set()
        for root, m in enumerate(self.match):
            if m == -1:
                end, _, even = self._search(root)
                assert end == -1, "the matching is maximum"
                outer.update(v for v, flag in enumerate(even) if flag)
        return frozenset(self.players[v] for v in outer)

    def _augment(self, end: int, parent: list[int]) -> None:
        v = end
        while v != -1:
            pv = parent[v]
            ppv = self.match[pv]
            self.match[v], self.match[pv] = pv, v
            v = ppv

    def _search(self, root: int) -> tuple[int, list[int], list[bool]]:
        """An augmenting path's end from `root` (-1: none), the tree, the even players."""
        count = len(self.players)
        match = self.match
        even = [False] * count
        parent = [-1] * count
        base = list(range(count))
        even[root] = True
        queue = deque([root])

        def common_base(a: int, b: int) -> int:
            seen = [False] * count
            while True:
                a = base[a]
                seen[a] = True
                if match[a] == -1:
                    break
                a = parent[match[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[match[b]]

        def mark(v: int, top: int, child: int, blossom: list[bool]) -> None:
            while base[v] != top:
                blossom[base[v]] = blossom[base[match[v]]] = True
                parent[v] = child
                child = match[v]
                v = parent[match[v]]

        while queue:
            v = queue.popleft()
            for to in self.neighbours(v):
                if base[v] == base[to] or match[v] == to:
                    continue
                if to == root or (match[to] != -1 and parent[match[to]] != -1):
                    top = common_base(v, to)
                    blossom = [False] * count
                    mark(v, top, to, blossom)
                    mark(to, top, v, blossom)
                    for i in range(count):
                        if blossom[base[i]]:
                            base[i] = top
                            if not even[i]:
                                even[i] = True
                                queue.append(i)
                elif parent[to] == -1:
                    parent[to] = v
                    if match[to] == -1:
                        return to, parent, even
                    even[match[to]] = True
                    queue.append(match[to])
        return -1, parent, even
