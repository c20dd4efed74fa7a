"""The earliest candidate in the Dutch order (C.04.3 B, D) that reaches given targets.

The search walks the candidates in the Dutch order: the MDP-pairing (B.3, D.1), then the
remainder's transpositions of S2R (D.1), then those after each single exchange of S1R and
S2R in the order of D.2. Each S1 player takes the earliest S2 player after which every
target can still be reached. Whether it can is tested exactly: by counting bounds while a
depth-first search backs up cheaply and, once that has spent SEARCH_STEPS, by a
minimum-cost assignment of the open S1 and S2 players. So when the search answers, every
earlier candidate was shown unable to reach the targets.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from scipy.optimize import linear_sum_assignment

from tournaments.systems.swiss.pairing.players import (
    Player,
    can_meet,
    seat_conflict,
    strong_seat_conflict,
)
from tournaments.systems.swiss.pairing.seats import Strength
from tournaments.systems.swiss.pairing.shapes import BracketResult, BracketShape

# The plain search for the earliest candidate tries at most this many pairs before it turns
# to an exact test per pair (a minimum-cost assignment).
SEARCH_STEPS = 3_000
# Exchanges that pass the counting bounds get a full search, up to this many per bracket.
EXCHANGES_SEARCHED = 40


class _Wishes:
    """Seat wishes among a set of open players, kept as counts for the lower bounds."""

    def __init__(self, players: Sequence[Player], fit: "Fit") -> None:
        self.fit = fit
        self.total = 0
        self.wanting = {"first": 0, "second": 0}
        self.strongly = {"first": 0, "second": 0}
        self.fit_to_float = 0  # players whose float would stay within the targets
        for player in players:
            self.add(player, 1)

    def add(self, player: Player, sign: int) -> None:
        self.total += sign
        self.fit_to_float += sign * self.fit(player)
        if player.preference is not None:
            self.wanting[player.preference] += sign
            if player.strength >= Strength.STRONG:
                self.strongly[player.preference] += sign

    def least_conflicts(self, leftover: int) -> tuple[int, int]:
        """Least (C12, C13) conflicts when these players pair among themselves."""

        def least(counts: dict[str, int]) -> int:
            # Those wanting the more wanted seat beyond all the others must meet each other.
            excess = 2 * max(counts.values()) - self.total - leftover
            return max(0, (excess + 1) // 2)

        return least(self.wanting), least(self.strongly)

    def least_conflicts_across(self, partners: "_Wishes") -> tuple[int, int]:
        """Least (C12, C13) conflicts when each of these players meets one of `partners`."""
        short_first = max(0, self.wanting["first"] - partners.wanting["second"])
        short_second = max(0, self.wanting["second"] - partners.wanting["first"])
        indifferent = partners.total - partners.wanting["first"] - partners.wanting["second"]
        strong = max(
            self.strongly[seat] - (partners.total - partners.strongly[seat])
            for seat in ("first", "second")
        )
        return max(0, short_first + short_second - indifferent), max(0, strong)


Fit = Callable[[Player], bool]


@dataclass(frozen=True)
class Targets:
    """What a candidate may spend: seat conflicts (C12, C13) and repeated floats."""

    colour: int
    strong: int
    down_last: int = 0  # C14: floaters who floated down the round before
    down_before: int = 0  # C16: floaters who floated down two rounds before
    up_last: int = 0  # C15: residents meeting a mover who floated up the round before
    up_before: int = 0  # C17: the same, two rounds before
    welcome: frozenset[Player] | None = None  # C8: the floaters to prefer

    def fit_to_float(self, player: Player) -> bool:
        # At most one resident is left over, so each count bounds that one player.
        return (
            (player.last_float == "down") <= self.down_last
            and (player.float_before == "down") <= self.down_before
            and (self.welcome is None or player in self.welcome)
        )


class _Budget:
    """Conflicts spent so far against the bracket's lower bounds (the targets)."""

    def __init__(self, colour: int, strong: int) -> None:
        self.colour, self.strong = colour, strong
        self.used_colour = self.used_strong = 0

    def allows(self, colour: int, strong: int, rest: tuple[int, int]) -> bool:
        return (
            self.used_colour + colour + rest[0] <= self.colour
            and self.used_strong + strong + rest[1] <= self.strong
        )

    def spend(self, colour: int, strong: int) -> None:
        self.used_colour += colour
        self.used_strong += strong

    def reset(self) -> "_Budget":
        """The budget as it was before this split's search began spending it."""
        return _Budget(self.colour, self.strong)


NO_CANDIDATE = "none"  # proved: no candidate of this S1/S2 split reaches the targets


def _pairs_across(
    s1: Sequence[Player], s2: Sequence[Player], budget: _Budget, fit: Fit
) -> list[tuple[Player, Player]] | str:
    """The earliest transposition of S2 (D.1) whose pairs reach the bounds.

    A depth-first search in the D.1 order: S1 players in turn take the earliest open S2
    player after which the bounds are still reachable, backing up when one cannot; the
    S2 players left over float and must not repeat a downfloat. The first complete
    candidate found is the earliest; an exhausted search proves there is none.
    """
    upper, lower = _Wishes(s1, fit), _Wishes(s2, fit)
    floating = len(s2) - len(s1)
    if not budget.allows(0, 0, upper.least_conflicts_across(lower)):
        return NO_CANDIDATE
    if floating and lower.fit_to_float < floating:
        return NO_CANDIDATE
    taken = [False] * len(s2)
    chosen: list[tuple[int, int, int]] = []  # per S1 player: S2 index, colour, strong spent
    steps = 0
    start = 0
    if s1:
        upper.add(s1[0], -1)
    while len(chosen) < len(s1):
        player = s1[len(chosen)]
        for index in range(start, len(s2)):
            if taken[index] or not can_meet(player, s2[index]):
                continue
            steps += 1
            if steps > SEARCH_STEPS:
                return _pairs_across_by_assignment(s1, s2, budget.reset(), fit)
            partner = s2[index]
            lower.add(partner, -1)
            colour = seat_conflict(player, partner)
            strong = strong_seat_conflict(player, partner)
            fits = not floating or lower.fit_to_float >= floating
            if fits and budget.allows(colour, strong, upper.least_conflicts_across(lower)):
                budget.spend(colour, strong)
                taken[index] = True
                chosen.append((index, colour, strong))
                if len(chosen) < len(s1):
                    upper.add(s1[len(chosen)], -1)
                start = 0
                break
            lower.add(partner, 1)
        else:
            upper.add(player, 1)
            if not chosen:
                return NO_CANDIDATE
            index, colour, strong = chosen.pop()
            taken[index] = False
            lower.add(s2[index], 1)
            budget.spend(-colour, -strong)
            start = index + 1
    return [(s1[level], s2[index]) for level, (index, _, _) in enumerate(chosen)]


def _pairs_across_by_assignment(
    s1: Sequence[Player], s2: Sequence[Player], budget: _Budget, fit: Fit
) -> list[tuple[Player, Player]] | str:
    """The same earliest transposition as `_pairs_across`, found with an exact test.

    Whether the open S1 players can still be paired with the open S2 players within the
    bounds is a minimum-cost assignment (conflicts as costs, a repeated pair or an unfit
    floater forbidden), so each S1 player takes the earliest partner that passes it and
    the search never backs up.
    """
    floating = len(s2) - len(s1)
    scale = len(s2) + 1  # strong conflicts never add up to one colour conflict
    forbidden = scale * scale * 4
    cost = np.full((len(s1) + floating, len(s2)), forbidden, dtype=np.int64)
    for i, player in enumerate(s1):
        for j, partner in enumerate(s2):
            if can_meet(player, partner):
                cost[i, j] = scale * seat_conflict(player, partner) + strong_seat_conflict(
                    player, partner
                )
    for j, partner in enumerate(s2):
        if fit(partner):
            cost[len(s1) :, j] = 0

    def assignment(rows: list[int], columns: list[int]) -> dict[int, int] | None:
        if not rows:
            return {}
        block = cost[np.ix_(rows, columns)]
        picked_rows, picked_columns = linear_sum_assignment(block)
        total = int(block[picked_rows, picked_columns].sum())
        if total >= forbidden:
            return None
        colour, strong = divmod(total, scale)
        if not budget.allows(colour, strong, (0, 0)):
            return None
        return {rows[r]: columns[c] for r, c in zip(picked_rows, picked_columns, strict=True)}

    open_columns = list(range(len(s2)))
    floater_rows = list(range(len(s1), len(s1) + floating))
    plan = assignment(list(range(len(s1))) + floater_rows, open_columns)
    if plan is None:
        return NO_CANDIDATE
    pairs = []
    for i, player in enumerate(s1):
        rest_rows = list(range(i + 1, len(s1))) + floater_rows
        for j in open_columns:
            if cost[i, j] >= forbidden:
                continue
            if plan[i] != j:
                colour, strong = divmod(int(cost[i, j]), scale)
                budget.spend(colour, strong)
                trial = assignment(rest_rows, [c for c in open_columns if c != j])
                budget.spend(-colour, -strong)
                if trial is None:
                    continue
                plan = trial
            colour, strong = divmod(int(cost[i, j]), scale)
            budget.spend(colour, strong)
            open_columns.remove(j)
            pairs.append((player, s2[j]))
            break
        else:  # pragma: no cover - the plan always offers a partner
            raise AssertionError("the assignment's partner passed its own test")
    return pairs


def _single_exchanges(size: int, half: int) -> list[tuple[int, int]]:
    """One S1 player swapped with one S2 player, in the order of D.2 (indices from 0)."""
    swaps = [(i, j) for i in range(half) for j in range(half, size)]
    # D.2 b: smallest BSN difference; c: the highest S1 BSN; d: the lowest S2 BSN.
    swaps.sort(key=lambda swap: (swap[1] - swap[0], -swap[0], swap[1]))
    return swaps


def _pair_homogeneous(players: Sequence[Player], budget: _Budget, fit: Fit) -> list | None:
    """The remainder or a homogeneous bracket: transpositions, then single exchanges.

    None when no such candidate reaches the targets, or when more than EXCHANGES_SEARCHED
    exchanges pass the counting bounds without one of them succeeding.
    """
    half = len(players) // 2
    left = _Budget(budget.colour - budget.used_colour, budget.strong - budget.used_strong)
    outcome = _pairs_across(players[:half], players[half:], left, fit)
    if not isinstance(outcome, str):
        return outcome
    upper, lower = _Wishes(players[:half], fit), _Wishes(players[half:], fit)
    floating = len(players) - 2 * half
    searched = 0
    for i, j in _single_exchanges(len(players), half):
        moved_up, moved_down = players[j], players[i]
        # The counting bounds of the exchanged split, from the counts of the original one.
        upper.add(moved_down, -1)
        upper.add(moved_up, 1)
        lower.add(moved_up, -1)
        lower.add(moved_down, 1)
        hopeless = not left.allows(0, 0, upper.least_conflicts_across(lower)) or (
            floating and lower.fit_to_float < floating
        )
        upper.add(moved_up, -1)
        upper.add(moved_down, 1)
        lower.add(moved_down, -1)
        lower.add(moved_up, 1)
        if hopeless:
            continue
        searched += 1
        if searched > EXCHANGES_SEARCHED:
            return None
        swapped = list(players)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        new_s1 = sorted(swapped[:half], key=lambda p: p.rank)
        new_s2 = sorted(swapped[half:], key=lambda p: p.rank)
        left = _Budget(left.colour, left.strong)
        outcome = _pairs_across(new_s1, new_s2, left, fit)
        if not isinstance(outcome, str):
            return outcome
    return None


def first_candidate(shape: BracketShape, targets: Targets | None = None) -> BracketResult | None:
    """The earliest Dutch candidate reaching every criterion's target, or None.

    Every mover is paired and at most one resident is left over; the rest is `targets`,
    by default the lower bounds: the least seat conflicts counting allows, no repeated float.
    """
    movers, residents = shape.movers, shape.residents
    if len(movers) > len(residents):
        return None
    leftover = (len(movers) + len(residents)) % 2
    if targets is None:
        colour, strong = _Wishes(shape.players, bool).least_conflicts(leftover)
        targets = Targets(colour, strong, welcome=shape.welcome)
    everybody = _Wishes(shape.players, targets.fit_to_float)
    budget = _Budget(targets.colour, targets.strong)
    up_last, up_before = targets.up_last, targets.up_before
    pairs: list[tuple[Player, Player]] = []
    open_residents = list(residents)
    for mover in movers:
        everybody.add(mover, -1)
        for index, resident in enumerate(open_residents):
            if not can_meet(mover, resident):
                continue
            repeats_last = resident.last_float == "up" and mover.points > resident.points
            repeats_before = resident.float_before == "up" and mover.points > resident.points
            if repeats_last > up_last or repeats_before > up_before:
                continue
            everybody.add(resident, -1)
            colour = seat_conflict(mover, resident)
            strong = strong_seat_conflict(mover, resident)
            if budget.allows(colour, strong, everybody.least_conflicts(leftover)):
                budget.spend(colour, strong)
                up_last -= repeats_last
                up_before -= repeats_before
                pairs.append((mover, open_residents.pop(index)))
                break
            everybody.add(resident, 1)
        else:
            return None
    remainder = _pair_homogeneous(open_residents, budget, targets.fit_to_float)
    if remainder is None:
        return None
    pairs.extend(remainder)
    paired = {player for pair in remainder for player in pair}
    return BracketResult(tuple(pairs), tuple(p for p in open_residents if p not in paired))
