"""Who meets whom when several Arena entrants are free at once: one pairing wave.

The free entrants come in their order in the standings (best first). Each is paired with
the nearest free entrant below them who is not the opponent they just played; the
opponent just played is met again only when nobody else is free. With an odd number
free, the one who became free last waits for the next wave (the others have waited
longer). Nobody is in two pairs, and nobody waits while another free entrant waits.
"""

from collections.abc import Hashable, Mapping, Sequence
from typing import TypeVar

Player = TypeVar("Player", bound=Hashable)


def pairing_wave(
    free: Sequence[Player],
    last_opponent: Mapping[Player, Player],
    *,
    freed_last: Player | None = None,
) -> tuple[list[tuple[Player, Player]], Player | None]:
    """The pairs of one wave (each pair's better-placed entrant first) and who waits.

    `free`: the free entrants in standings order; `last_opponent`: whom each played last;
    `freed_last`: who became free most recently (waits when the number is odd; by default
    the last in the standings)."""
    if len(set(free)) != len(free):
        raise ValueError("an entrant is free twice")
    pool = list(free)
    waiting = None
    if len(pool) % 2:
        waiting = freed_last if freed_last in pool else pool[-1]
        pool.remove(waiting)

    def rematch(a: Player, b: Player) -> bool:
        return last_opponent.get(a) == b or last_opponent.get(b) == a

    pairs: list[tuple[Player, Player]] = []
    while pool:
        first = pool.pop(0)
        index = next((i for i, other in enumerate(pool) if not rematch(first, other)), 0)
        second = pool.pop(index)
        if rematch(first, second):
            _swap_away(pairs, first, second, rematch)
        else:
            pairs.append((first, second))
    order = {player: place for place, player in enumerate(free)}
    return [tuple(sorted(pair, key=order.__getitem__)) for pair in pairs], waiting


def _swap_away(pairs: list, first, second, rematch) -> None:
    """The last two left just played each other: change partners with the nearest pair
    already made that lets all four meet someone new; with none, they meet again (nobody
    else is free)."""
    for place in range(len(pairs) - 1, -1, -1):
        one, two = pairs[place]
        for a, b in ((one, two), (two, one)):
            if not rematch(a, first) and not rematch(b, second):
                pairs[place] = (a, first)
                pairs.append((b, second))
                return
    pairs.append((first, second))
