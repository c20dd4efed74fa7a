"""The Dutch system's choice in one bracket, written the plain way: every pairing of the
bracket is valued on the criteria C6-C21, and the candidates are generated one by one in
the order of C.04.3 B.6/B.7 and D.1-D.3 until the first that is among the best.

Only for small brackets: it enumerates everything. Preferences and the absolute criteria
are the package's (tested on their own); the criteria and the order are written here.
"""

from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import combinations, permutations

from tournaments.systems.swiss.pairing.allocation import allocate_seats
from tournaments.systems.swiss.pairing.players import Player, can_meet
from tournaments.systems.swiss.pairing.seats import Strength

Pairs = tuple[tuple[Player, Player], ...]


def pairings(players: Sequence[Player], movers: frozenset[Player]) -> Iterator[Pairs]:
    """Every set of disjoint pairs that may meet (never two moved-down players)."""
    if not players:
        yield ()
        return
    first, rest = players[0], players[1:]
    yield from pairings(rest, movers)  # `first` unpaired
    for index, partner in enumerate(rest):
        if can_meet(first, partner) and not (first in movers and partner in movers):
            for more in pairings(rest[:index] + rest[index + 1 :], movers):
                yield ((first, partner), *more)


def perfectly_pairable(players: Sequence[Player]) -> bool:
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(
        can_meet(first, partner) and perfectly_pairable(rest[:i] + rest[i + 1 :])
        for i, partner in enumerate(rest)
    )


def completes(floaters: Sequence[Player], below: Sequence[Player]) -> bool:
    """C4: each floater meets a player below, and the rest below pair among themselves
    (floaters are moved-down players there, who never meet each other)."""
    if not floaters:
        return perfectly_pairable(below)
    first, rest = floaters[0], floaters[1:]
    return any(
        can_meet(first, partner) and completes(rest, below[:i] + below[i + 1 :])
        for i, partner in enumerate(below)
    )


def unpaired(players: Sequence[Player], pairs: Pairs) -> list[Player]:
    paired = {p for pair in pairs for p in pair}
    return [p for p in players if p not in paired]


def psd(pairs: Pairs, floaters: Sequence[Player], lowest: Fraction) -> tuple[Fraction, ...]:
    """PSD: every pair's score difference and each floater's from one below the lowest,
    highest first (a smaller list is better)."""
    differences = [abs(a.points - b.points) for a, b in pairs]
    differences += [f.points - (lowest - 1) for f in floaters]
    return tuple(sorted(differences, reverse=True))


def next_bracket_value(
    floaters: Sequence[Player], group: Sequence[Player], rest: Sequence[Player] | None
) -> tuple:
    """C8: the following bracket's most pairs, then its least PSD (smaller is better).

    With `rest` (the players below the following bracket) only the following bracket's
    pairings that still let the round be completed count: C4 binds every bracket, so a
    look-ahead may not count pairs that would leave players further down unpaired."""
    players = [*floaters, *group]
    return min(
        (-len(pairs), psd(pairs, unpaired(players, pairs), group[0].points))
        for pairs in pairings(players, frozenset(floaters))
        if rest is None or completes(unpaired(players, pairs), rest)
    )


def seat_limits_broken(pairs: Pairs) -> tuple[int, int]:
    """C10 and C11 of the final round: the players of a topscorer's pair who end beyond a
    seat difference of two, and those who get one seat a third time in a row."""
    wide = runs = 0
    for a, b in pairs:
        if not (a.topscorer or b.topscorer):
            continue
        first, second, _ = allocate_seats(a, b, "first")
        for player, seat in ((first, "first"), (second, "second")):
            history = [s for s in (*player.played, seat) if s is not None]
            wide += abs(history.count("first") - history.count("second")) > 2
            runs += len(history) >= 3 and len(set(history[-3:])) == 1
    return wide, runs


def criteria(
    players: Sequence[Player],
    pairs: Pairs,
    group: Sequence[Player] | None,
    rest: Sequence[Player] | None = None,
) -> tuple:
    """C6-C21 of a pairing of the bracket, as one tuple: smaller is better."""
    floaters = unpaired(players, pairs)
    lowest = min(p.points for p in players)
    ups = [(a if a.points < b.points else b, abs(a.points - b.points)) for a, b in pairs]
    ups = [(p, d) for p, d in ups if d]
    downs = [(a if a.points > b.points else b, abs(a.points - b.points)) for a, b in pairs]
    downs = [(p, d) for p, d in downs if d]

    def same_wish(a: Player, b: Player) -> bool:
        return a.preference is not None and a.preference == b.preference

    return (
        -len(pairs),  # C6
        psd(pairs, floaters, lowest),  # C7
        next_bracket_value(floaters, group, rest) if group else (),  # C8
        seat_limits_broken(pairs),  # C10, C11
        sum(same_wish(a, b) for a, b in pairs),  # C12
        sum(same_wish(a, b) and min(a.strength, b.strength) >= Strength.STRONG for a, b in pairs),
        sum(f.last_float == "down" for f in floaters),  # C14
        sum(p.last_float == "up" for p, _ in ups),  # C15
        sum(f.float_before == "down" for f in floaters),  # C16
        sum(p.float_before == "up" for p, _ in ups),  # C17
        sum(d for p, d in downs if p.last_float == "down"),  # C18
        sum(d for p, d in ups if p.last_float == "up"),  # C19
        sum(d for p, d in downs if p.float_before == "down"),  # C20
        sum(d for p, d in ups if p.float_before == "up"),  # C21
    )


def transpositions(s1: Sequence[Player], s2: Sequence[Player]) -> Iterator[Pairs]:
    """D.1: S2's orders by the lexicographic value of its first len(S1) numbers."""
    for partners in permutations(s2, len(s1)):
        yield tuple(zip(s1, partners, strict=True))


def resident_splits(remainder: Sequence[Player], pairs: int) -> Iterator[tuple[list, list]]:
    """B.6 and D.2: the original S1/S2 split, then every exchange in D.2's order."""
    top = range(1, pairs + 1)
    bottom = range(pairs + 1, len(remainder) + 1)
    exchanges = [
        (moved_down, moved_up)
        for size in range(min(len(top), len(bottom)) + 1)
        for moved_down in combinations(top, size)
        for moved_up in combinations(bottom, size)
    ]
    exchanges.sort(
        key=lambda e: (
            len(e[0]),  # b: the fewest exchanged
            sum(e[1]) - sum(e[0]),  # c: the smallest difference of the sums
            tuple(-n for n in sorted(e[0], reverse=True)),  # d: the highest moved down
            tuple(sorted(e[1])),  # e: the lowest moved up
        )
    )
    for moved_down, moved_up in exchanges:
        s1 = sorted((set(top) - set(moved_down)) | set(moved_up))
        s2 = sorted(set(range(1, len(remainder) + 1)) - set(s1))
        yield [remainder[n - 1] for n in s1], [remainder[n - 1] for n in s2]


def mover_choices(movers: Sequence[Player], count: int) -> list[tuple[Player, ...]]:
    """D.3: the moved-down players for S1, the highest different score first, then the
    lowest numbers in lexicographic order."""
    number = {p: n for n, p in enumerate(movers, start=1)}
    return sorted(
        combinations(movers, count),
        key=lambda chosen: (
            tuple(-p.points for p in chosen),
            tuple(number[p] for p in chosen),
        ),
    )


def candidates(
    movers: Sequence[Player], residents: Sequence[Player], paired_movers: int, pairs: int
) -> Iterator[Pairs]:
    """Every candidate in the Dutch order (B.7: MDP exchanges and transpositions, each with
    its remainder's transpositions and exchanges, B.6)."""
    for s1 in mover_choices(movers, paired_movers):
        for mdp_pairs in transpositions(s1, residents):
            taken = {r for _, r in mdp_pairs}
            remainder = [r for r in residents if r not in taken]
            for s1r, s2r in resident_splits(remainder, pairs - paired_movers):
                for rest in transpositions(s1r, s2r):
                    yield mdp_pairs + rest


def dutch_choice(
    movers: Sequence[Player],
    residents: Sequence[Player],
    below: Sequence[Player],
    complete: bool = True,
    floaters_meet: bool = False,
) -> set[frozenset[str]] | None:
    """The pairs the Dutch system makes in the bracket, or None if no pairing of it leaves
    `below` and its floaters pairable (moved-down players never meeting each other, unless
    `floaters_meet`). Without `complete`, the round's completion (C4) is not asked."""
    players = [*movers, *residents]

    def finishes(pairs: Pairs) -> bool:
        floaters = unpaired(players, pairs)
        if not complete:
            return True
        if floaters_meet:
            return perfectly_pairable([*floaters, *below])
        return completes(floaters, below)

    scores = sorted({p.points for p in below}, reverse=True)
    # C8 (the look-ahead) for every bracket but the last.
    group = [p for p in below if p.points == scores[0]] if scores else None
    rest = [p for p in below if p.points != scores[0]] if complete and not floaters_meet else None
    valued = {}
    for pairs in pairings(players, frozenset(movers)):
        if finishes(pairs):
            valued[pairs] = criteria(players, pairs, group, rest)
    if not valued:
        return None
    best = min(valued.values())
    best_pairings = [pairs for pairs, value in valued.items() if value == best]
    mover_set = set(movers)
    paired_movers = max(sum(a in mover_set or b in mover_set for a, b in p) for p in best_pairings)
    count = len(best_pairings[0])
    for candidate in candidates(movers, residents, paired_movers, count):
        valid = all(can_meet(a, b) for a, b in candidate) and finishes(candidate)
        if valid and criteria(players, candidate, group, rest) == best:
            return {frozenset((a.id, b.id)) for a, b in candidate}
    raise AssertionError("a best pairing is always a candidate")
