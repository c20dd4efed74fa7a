"""The knockout bracket that follows a group stage, as pure functions over plain data.

Conventions used throughout:

- A bracket of `size` players (a power of two) has `size` first-round slots, numbered 0 to
  size - 1 from top to bottom; first-round match m is slots 2m (top side) and 2m + 1 (bottom).
- `earliest_meeting` numbers rounds from 1 (the first round); `round_names` and `next_match`
  index them from 0, so round number r is round index r - 1.
- Seeds are numbered from 1 (the best). A seed whose opponent slot is empty has a bye.
"""

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

# The playoff's stage kind, and the championship's status while it is played.
PLAYOFF = "playoff"


@dataclass(frozen=True)
class Qualifier:
    """A player who came through the group stage."""

    player: str
    group: int  # index of the group the player came from
    place: int  # finishing place in that group: 1 = group winner, 2 = runner-up, ...
    strength: float = 0.0  # how well they did (e.g. points); only orders players of one place


Match = tuple[Qualifier | None, Qualifier | None]

# Names of the last rounds, counted back from the final; earlier rounds are "Round of N".
_LAST_ROUND_NAMES = ("Final", "Semi-finals", "Quarter-finals")

# Swap passes after the first placement; each pass only accepts strict improvements, so this
# merely bounds the work on large draws and is almost never reached.
_POLISH_PASSES = 6

# Draws up to this many qualifiers whose groups have several movable players get a local search
# from several starts and then a bounded branch and bound; larger ones keep the first placement
# and swaps. (One movable player per group, the usual top-two case, is exact at any size.)
_SEARCH_LIMIT = 128
_SEARCH_PASSES = 20
# Branch-and-bound nodes tried after that local search: enough for most small draws to be
# searched to the end, few enough to stay within a few milliseconds.
_SEARCH_NODES = 2_000


def _rounds_in(size: int) -> int:
    """Number of rounds in a bracket of `size` players; ValueError unless a power of two >= 2."""
    if size < 2 or size & (size - 1):
        raise ValueError(f"a bracket size must be a power of two of at least 2, got {size}")
    return size.bit_length() - 1


def bracket_size(count: int) -> int:
    """Smallest power of two that holds `count` players (count >= 2)."""
    if count < 2:
        raise ValueError(f"a knockout needs at least 2 players, got {count}")
    return 1 << (count - 1).bit_length()


def seed_order(size: int) -> list[int]:
    """Seed number in each first-round slot, top to bottom, in the standard seeded draw."""
    _rounds_in(size)
    order = [1]
    while len(order) < size:
        # Doubling the field puts each existing seed against its mirror among the new seeds
        # (their sum is the new size + 1), so every seed keeps the section it had before and
        # seeds 1 and 2 stay in opposite halves.
        mirror = 2 * len(order) + 1
        order = [seed for kept in order for seed in (kept, mirror - kept)]
    return order


def _seed_key(qualifier: Qualifier) -> tuple[int, float, int, str]:
    # The player name only makes the order total, so equal records still draw the same way.
    return (qualifier.place, -qualifier.strength, qualifier.group, qualifier.player)


def seed_qualifiers(qualifiers: Sequence[Qualifier]) -> list[Qualifier]:
    """Overall seeding: every winner, then every runner-up, ...; by strength, then group."""
    return sorted(qualifiers, key=_seed_key)


def earliest_meeting(slot_a: int, slot_b: int) -> int:
    """1-based round in which the players starting in first-round slots a and b could meet."""
    if slot_a < 0 or slot_b < 0:
        raise ValueError(f"slots are 0-based positions, got {slot_a} and {slot_b}")
    if slot_a == slot_b:
        raise ValueError(f"slot {slot_a} cannot meet itself")
    # Round r is played inside blocks of 2**r consecutive slots; two slots first share a block
    # at the highest bit in which they differ.
    return (slot_a ^ slot_b).bit_length()


def round_names(size: int) -> list[str]:
    """Name of every round from the first to the final, e.g. 8 -> Quarter-finals, ..., Final."""
    rounds = _rounds_in(size)
    names = []
    for index in range(rounds):
        from_end = rounds - 1 - index
        if from_end < len(_LAST_ROUND_NAMES):
            names.append(_LAST_ROUND_NAMES[from_end])
        else:
            names.append(f"Round of {size >> index}")
    return names


def next_match(round_index: int, match_index: int) -> tuple[int, int]:
    """Where the winner of a match goes: (round_index + 1, match_index // 2), all 0-based.

    The winner of an even-numbered match takes the top side of the next match and the winner
    of an odd-numbered one the bottom side; `winner_side` gives that side. There is no next
    match after the final: callers stop at round index `len(round_names(size)) - 1`.
    """
    if round_index < 0 or match_index < 0:
        raise ValueError(f"indexes are 0-based, got {round_index} and {match_index}")
    return round_index + 1, match_index // 2


def winner_side(match_index: int) -> int:
    """Side (0 top, 1 bottom) of the next match that the winner of `match_index` takes."""
    if match_index < 0:
        raise ValueError(f"match indexes are 0-based, got {match_index}")
    return match_index % 2


def draw_bracket(qualifiers: Sequence[Qualifier]) -> list[Match]:
    """First-round matches, top to bottom; None is a bye. See `bracket_slots` for the rules."""
    slots = bracket_slots(qualifiers)
    return [(slots[slot], slots[slot + 1]) for slot in range(0, len(slots), 2)]


Finish = tuple[int, int]  # (group index, place in the group): where a qualifier comes from


def planned_slots(advancing: Sequence[int]) -> list[Finish | None]:
    """The finish (group, place) that fills each first-round slot, None for a bye.

    `advancing[g]` is how many players group g sends on. The plan depends on the groups and
    places alone, never on points, so the bracket is known from the draw of the groups and
    the playoff is drawn by this very plan: seeds within a place go by group order (the snake
    draw gives group A the best seed), byes to the best of them.
    """
    finishes = [
        Qualifier(player=f"{group}:{place}", group=group, place=place)
        for group, count in enumerate(advancing)
        for place in range(1, count + 1)
    ]
    if len(finishes) < 2:
        return []
    return [
        None if qualifier is None else (qualifier.group, qualifier.place)
        for qualifier in bracket_slots(finishes)
    ]


def third_place_played(qualifiers: int) -> bool:
    """Whether a match for third place can be played: two semi-finals, each with a loser.

    Three qualifiers make semi-finals of which one is a bye, so nobody would be there to
    play the other semi-final's loser.
    """
    return qualifiers >= 4


def bracket_slots(qualifiers: Sequence[Qualifier]) -> list[Qualifier | None]:
    """The qualifier in each first-round slot (None for an empty slot, i.e. a bye).

    Qualifiers take the standard seed positions in the order of `seed_qualifiers`, so byes go to
    the best seeds. The best place present (normally the group winners) keeps its positions
    exactly; every other place is rearranged among its own positions so that players from one
    group meet as late as possible: first as few same-group pairs as possible in round one, then
    as few as possible in round two, and so on. A bye belongs to the seed position, so a moved
    player can take or lose one, but only where that buys separation: otherwise byes stay with
    the seeds that earned them, and players stay as close to their own seed as they can.
    """
    return _Draw(qualifiers).slots()


def _validated_seeding(qualifiers: Sequence[Qualifier]) -> list[Qualifier]:
    seeded = seed_qualifiers(qualifiers)
    players = [qualifier.player for qualifier in seeded]
    if len(set(players)) != len(players):
        raise ValueError("a player can qualify only once")
    if any(qualifier.place < 1 for qualifier in seeded):
        raise ValueError("places start at 1 (the group winner)")
    finishes = {(qualifier.group, qualifier.place) for qualifier in seeded}
    if len(finishes) != len(seeded):
        # Rearranging works place by place and relies on one player per group in each place.
        raise ValueError("two qualifiers share a group and a place")
    return seeded


class _Draw:
    """Working state of one draw; qualifiers are referred to by seed index (0 = seed 1)."""

    def __init__(self, qualifiers: Sequence[Qualifier]) -> None:
        self.seeded = _validated_seeding(qualifiers)
        count = len(self.seeded)
        self.size = bracket_size(count)
        self.rounds = _rounds_in(self.size)
        self.seed_at = seed_order(self.size)  # seed number held by each slot
        slot_of_seed = {seed: slot for slot, seed in enumerate(self.seed_at)}
        self.plain = [slot_of_seed[index + 1] for index in range(count)]
        self.slot_of = list(self.plain)

        self.by_group: dict[int, list[int]] = defaultdict(list)
        for index, qualifier in enumerate(self.seeded):
            self.by_group[qualifier.group].append(index)
        self.mates = [
            [mate for mate in self.by_group[q.group] if mate != index]
            for index, q in enumerate(self.seeded)
        ]
        self.pairs = [
            pair for members in self.by_group.values() for pair in combinations(members, 2)
        ]
        # A pair meeting in round r weighs base**(rounds - r). With the base above the number of
        # pairs, one pair in an earlier round outweighs any number of pairs in later rounds, so
        # minimising the total minimises the pairs of round one first, then round two, ...
        base = len(self.pairs) + 1
        self.weight = [0] + [base ** (self.rounds - r) for r in range(1, self.rounds + 1)]
        self.byes = self.size - count
        # Ties in separation are broken by keeping byes with the seeds that earned them, then by
        # the distance from the plain seeding; each tier is scaled above the whole of the next.
        self.bye_scale = count * self.size + 1
        self.separation_scale = (count + 1) * self.bye_scale
        self.blocks = self._movable_blocks()

    def _movable_blocks(self) -> list[list[int]]:
        """Seed indexes that may swap positions with each other (one place each), best first."""
        top_place = self.seeded[0].place
        blocks: dict[int, list[int]] = defaultdict(list)
        for index, qualifier in enumerate(self.seeded):
            if qualifier.place != top_place:
                blocks[qualifier.place].append(index)
        # Seeded order is place first, so insertion order already runs from the best place.
        return [block for block in blocks.values() if len(block) > 1]

    def slots(self) -> list[Qualifier | None]:
        movable_groups = [self.seeded[index].group for block in self.blocks for index in block]
        if len(set(movable_groups)) == len(movable_groups) or len(self.seeded) > _SEARCH_LIMIT:
            # With one movable player per group (the usual top-two case) every movable player
            # avoids only fixed mates, so placing the blocks one by one is exact. Larger draws
            # with bigger groups settle for the same pass followed by swaps.
            self._build(self.blocks)
            self._polish()
        else:
            # Movable players of one group interact across blocks, so no single pass is exact:
            # improve three different starts, then search from the best of them.
            candidates = []
            for order in (self.blocks, self.blocks[::-1], None):
                self.slot_of = list(self.plain)
                if order is not None:
                    self._build(order)
                self._descend()
                candidates.append((self._total(), self.slot_of))
            self.slot_of = min(candidates, key=lambda candidate: candidate[0])[1]
            self._search()
            self._polish()
        slots: list[Qualifier | None] = [None] * self.size
        for index, slot in enumerate(self.slot_of):
            slots[slot] = self.seeded[index]
        return slots

    def _separation(self) -> int:
        """Weighted count of same-group pairs by the round in which they could meet."""
        return sum(
            self.weight[earliest_meeting(self.slot_of[a], self.slot_of[b])] for a, b in self.pairs
        )

    def _tie_break(self, index: int, slot: int) -> int:
        """Cost of seed `index` in `slot` apart from separation: a lost bye, then the distance."""
        lost_bye = index < self.byes < self.seed_at[slot]
        return (self.bye_scale if lost_bye else 0) + abs(index + 1 - self.seed_at[slot])

    def _total(self) -> int:
        """The whole draw's cost: separation first, then the tie-break."""
        ties = sum(self._tie_break(index, slot) for index, slot in enumerate(self.slot_of))
        return self._separation() * self.separation_scale + ties

    def _cost(self, index: int, slot: int, placed: list[bool] | None = None) -> int:
        """Cost of seed `index` in `slot` against its mates (only the placed ones, if given)."""
        separation = sum(
            self.weight[earliest_meeting(slot, self.slot_of[mate])]
            for mate in self.mates[index]
            if placed is None or placed[mate]
        )
        return separation * self.separation_scale + self._tie_break(index, slot)

    def _unavoidable(self, count: int, round_number: int) -> int:
        """Least separation cost of `count` players of one group in a subtree whose halves meet
        in `round_number`: split as evenly as possible at every level."""
        if count < 2:
            return 0
        high, low = (count + 1) // 2, count // 2
        return (
            high * low * self.weight[round_number]
            + self._unavoidable(high, round_number - 1)
            + self._unavoidable(low, round_number - 1)
        )

    def _build(self, order: list[list[int]]) -> None:
        """Place the blocks one after another, each against the players placed before it."""
        placed = [True] * len(self.seeded)
        for block in order:
            for index in block:
                placed[index] = False
        for block in order:
            self._arrange(block, [self.slot_of[index] for index in block], placed)
            for index in block:
                placed[index] = True

    def _descend(self) -> None:
        """Re-arrange each block against everyone else and swap pairs, until nothing improves."""
        for _ in range(_SEARCH_PASSES):
            before = current = self._total()
            for block in self.blocks:
                kept = list(self.slot_of)
                self._arrange(block, [self.slot_of[index] for index in block], None)
                # The single-mate method ignores the tie-break, so it may come out worse.
                arranged = self._total()
                if arranged > current:
                    self.slot_of = kept
                else:
                    current = arranged
            self._polish()
            if self._total() >= before:
                return

    def _arrange(self, members: list[int], positions: list[int], placed: list[bool] | None) -> None:
        """Best assignment of `members` to `positions` against their mates (placed ones only,
        if `placed` is given)."""
        anchors = [
            [self.slot_of[m] for m in self.mates[i] if placed is None or placed[m]] for i in members
        ]
        if all(len(slots) <= 1 for slots in anchors):
            single = {i: slots[0] for i, slots in zip(members, anchors, strict=True) if slots}
            assignment = self._spread_from_single_mates(members, positions, single)
        else:
            # Some player has several mates to avoid: exact assignment over the weighted costs.
            cost = [[self._cost(i, slot, placed) for slot in positions] for i in members]
            columns = _min_cost_assignment(cost)
            assignment = {i: positions[c] for i, c in zip(members, columns, strict=True)}
        for index, slot in assignment.items():
            self.slot_of[index] = slot

    def _spread_from_single_mates(
        self, members: list[int], positions: list[int], anchor: dict[int, int]
    ) -> dict[int, int]:
        """Give every member a position, as far as possible from its one placed mate (anchor).

        Bottom-up over the bracket tree, a member is matched with a position at the lowest
        common node of the position and its mate's slot, and that node is the round they meet
        in. Members and positions are matched inside a subtree only when leaving them for
        later would need more outside partners than exist (members inside + positions inside -
        members in all). That lower bound holds for every subtree at once, so the draw is the
        best possible for round one, round two, ... simultaneously, in one pass over the tree.
        """
        total = len(members)
        rank = self.seed_at.__getitem__
        assignment: dict[int, int] = {}

        def pair_off(chosen: list[int], spots: list[int], count: int) -> None:
            # Which members and positions pair up here does not change any meeting round, so the
            # better seeds take the better positions.
            for member, spot in zip(chosen[:count], spots[:count], strict=True):
                assignment[member] = spot

        def visit(
            lo: int, hi: int, inside: list[int], spots: list[int]
        ) -> tuple[list[int], list[int], int]:
            """Members whose mate is in slots lo..hi-1 and positions there left unmatched, and
            how many were matched inside."""
            if hi - lo == 1 or not inside or not spots:
                # Nothing is forced here: a leaf cannot hold a mate and a free position, and with
                # one side empty the outside has room for everything.
                return inside, spots, 0
            mid = (lo + hi) // 2
            top_members, top_spots, top_done = visit(
                lo, mid, [m for m in inside if anchor[m] < mid], [p for p in spots if p < mid]
            )
            low_members, low_spots, low_done = visit(
                mid, hi, [m for m in inside if anchor[m] >= mid], [p for p in spots if p >= mid]
            )
            # Matching here means meeting in this node's round; any later is better, so match
            # only what the rest of the bracket cannot absorb.
            done = max(0, len(inside) + len(spots) - total)
            forced = done - top_done - low_done
            downward = min(forced, len(top_members), len(low_spots))
            upward = forced - downward
            pair_off(top_members, low_spots, downward)
            pair_off(low_members, top_spots, upward)
            left_members = sorted(top_members[downward:] + low_members[upward:])
            left_spots = sorted(top_spots[upward:] + low_spots[downward:], key=rank)
            return left_members, left_spots, done

        _, left_spots, _ = visit(0, self.size, sorted(anchor), sorted(positions, key=rank))
        # Members with no placed mate are free to take whatever positions remain.
        free = [i for i in sorted(members) if i not in anchor]
        pair_off(free, left_spots, len(free))
        return assignment

    def _polish(self) -> None:
        """Swap same-block qualifiers while that strictly lowers the cost over all mates."""
        for _ in range(_POLISH_PASSES):
            improved = False
            for block in self.blocks:
                for a_position, a in enumerate(block):
                    for b in block[a_position + 1 :]:
                        slot_a, slot_b = self.slot_of[a], self.slot_of[b]
                        now = self._cost(a, slot_a) + self._cost(b, slot_b)
                        swapped = self._cost(a, slot_b) + self._cost(b, slot_a)
                        if swapped < now:
                            self.slot_of[a], self.slot_of[b] = slot_b, slot_a
                            improved = True
            if not improved:
                return

    def _search(self) -> None:
        """Branch and bound over the players of groups with several movable players.

        They are placed one at a time, biggest groups first, each trying the free positions of
        its block from the cheapest. A partial draw is dropped once a lower bound on its
        separation reaches the best draw found: per group, the pairs already decided plus one
        final per undecided pair, or the group's unavoidable cost if that is higher. Groups with
        one movable player are completed exactly at each leaf. Unless the node budget runs out
        first, the separation found is the best possible.
        """
        best = self._separation()
        unavoidable = {
            group: self._unavoidable(len(members), self.rounds)
            for group, members in self.by_group.items()
        }
        if best == sum(unavoidable.values()):
            return  # every group already does as well as it possibly can

        placed = [True] * len(self.seeded)
        block_of: dict[int, int] = {}
        free: list[set[int]] = []
        for number, block in enumerate(self.blocks):
            free.append({self.slot_of[index] for index in block})
            for index in block:
                placed[index] = False
                block_of[index] = number
        movable_of: dict[int, list[int]] = defaultdict(list)
        for index in sorted(block_of):
            movable_of[self.seeded[index].group].append(index)
        searched_groups = sorted(
            (group for group, movable in movable_of.items() if len(movable) > 1),
            key=lambda group: (-len(movable_of[group]), movable_of[group][0]),
        )
        order = [index for group in searched_groups for index in movable_of[group]]
        completed_later: dict[int, list[int]] = defaultdict(list)
        for movable in movable_of.values():
            if len(movable) == 1:
                completed_later[block_of[movable[0]]].append(movable[0])

        known = dict.fromkeys(self.by_group, 0)
        undecided = dict.fromkeys(self.by_group, 0)
        for a, b in self.pairs:
            group = self.seeded[a].group
            if placed[a] and placed[b]:
                known[group] += self.weight[earliest_meeting(self.slot_of[a], self.slot_of[b])]
            else:
                undecided[group] += 1  # each such pair costs at least a final, weight 1

        def bound(group: int) -> int:
            return max(unavoidable[group], known[group] + undecided[group])

        lower = sum(bound(group) for group in self.by_group)
        best_slots = list(self.slot_of)
        nodes = 0

        def finish() -> None:
            nonlocal best, best_slots
            for number, members in completed_later.items():
                self._arrange(members, sorted(free[number]), None)
            separation = self._separation()
            if separation < best:
                best, best_slots = separation, list(self.slot_of)

        def extend(depth: int) -> None:
            nonlocal lower, nodes
            if depth == len(order):
                finish()
                return
            index = order[depth]
            group = self.seeded[index].group
            placed_mates = [self.slot_of[mate] for mate in self.mates[index] if placed[mate]]
            options = sorted(
                (
                    sum(self.weight[earliest_meeting(slot, mate)] for mate in placed_mates),
                    self._tie_break(index, slot),
                    slot,
                )
                for slot in free[block_of[index]]
            )
            before = bound(group)
            for cost, _, slot in options:
                nodes += 1
                if nodes > _SEARCH_NODES:
                    return
                known[group] += cost
                undecided[group] -= len(placed_mates)
                change = bound(group) - before
                if lower + change < best:
                    lower += change
                    free[block_of[index]].remove(slot)
                    placed[index], self.slot_of[index] = True, slot
                    extend(depth + 1)
                    placed[index] = False
                    free[block_of[index]].add(slot)
                    lower -= change
                known[group] -= cost
                undecided[group] += len(placed_mates)
                if lower + change >= best:
                    break  # options are sorted by cost, so the rest can only be worse

        extend(0)
        self.slot_of = best_slots


def _min_cost_assignment(cost: list[list[int]]) -> list[int]:
    """Column for each row of a square matrix minimising the total (Hungarian method, O(n³))."""
    n = len(cost)
    row_potential = [0] * (n + 1)
    column_potential = [0] * (n + 1)
    owner = [0] * (n + 1)  # row (1-based) holding each column; column 0 is a scratch entry
    previous = [0] * (n + 1)
    for row in range(1, n + 1):
        owner[0] = row
        column = 0
        slack = [math.inf] * (n + 1)
        visited = [False] * (n + 1)
        while owner[column]:
            visited[column] = True
            current_row = owner[column]
            step, next_column = math.inf, 0
            for candidate in range(1, n + 1):
                if visited[candidate]:
                    continue
                reduced = (
                    cost[current_row - 1][candidate - 1]
                    - row_potential[current_row]
                    - column_potential[candidate]
                )
                if reduced < slack[candidate]:
                    slack[candidate] = reduced
                    previous[candidate] = column
                if slack[candidate] < step:
                    step, next_column = slack[candidate], candidate
            for candidate in range(n + 1):
                if visited[candidate]:
                    row_potential[owner[candidate]] += step
                    column_potential[candidate] -= step
                else:
                    slack[candidate] -= step
            column = next_column
        # Flip the alternating path that ends at the free column just reached.
        while column:
            back = previous[column]
            owner[column] = owner[back]
            column = back
    result = [0] * n
    for column in range(1, n + 1):
        result[owner[column] - 1] = column - 1
    return result
