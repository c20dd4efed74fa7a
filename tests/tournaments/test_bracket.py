"""The knockout bracket after the group stage: seeding, byes and same-group separation."""

import itertools
import random
from collections import Counter
from collections.abc import Sequence

import pytest

from tournaments.bracket import (
    Qualifier,
    bracket_size,
    bracket_slots,
    draw_bracket,
    earliest_meeting,
    next_match,
    planned_slots,
    round_names,
    seed_order,
    seed_qualifiers,
    third_place_played,
    winner_side,
)


def qualifiers_for(advancing: Sequence[int], seed: int = 0) -> list[Qualifier]:
    """Qualifiers of groups where group g sends advancing[g] players, with random strengths."""
    rng = random.Random(seed)
    return [
        Qualifier(f"g{group}p{place}", group, place, round(rng.uniform(0, 20), 1))
        for group, count in enumerate(advancing)
        for place in range(1, count + 1)
    ]


def slot_of(slots: Sequence[Qualifier | None]) -> dict[str, int]:
    return {q.player: index for index, q in enumerate(slots) if q is not None}


def same_group_pairs(qualifiers: Sequence[Qualifier]) -> list[tuple[Qualifier, Qualifier]]:
    return [(a, b) for a, b in itertools.combinations(qualifiers, 2) if a.group == b.group]


def meetings_per_round(qualifiers: Sequence[Qualifier], slots: dict[str, int]) -> list[int]:
    """How many same-group pairs could first meet in round 1, 2, ... (compared lexicographically:
    fewer in an early round is better whatever happens later)."""
    rounds = bracket_size(len(qualifiers)).bit_length() - 1
    counts = [0] * rounds
    for a, b in same_group_pairs(qualifiers):
        counts[earliest_meeting(slots[a.player], slots[b.player]) - 1] += 1
    return counts


def best_possible(qualifiers: Sequence[Qualifier]) -> list[int]:
    """Brute force over every arrangement the rules allow: winners on their seed positions, and
    each other place permuted among its own positions."""
    seeded = seed_qualifiers(qualifiers)
    size = bracket_size(len(seeded))
    seed_slot = {seed: slot for slot, seed in enumerate(seed_order(size))}
    fixed = {}
    blocks: dict[int, list[int]] = {}
    for index, q in enumerate(seeded):
        if q.place == seeded[0].place:
            fixed[q.player] = seed_slot[index + 1]
        else:
            blocks.setdefault(q.place, []).append(index)
    best = None
    movable = list(blocks.values())
    for orders in itertools.product(*(itertools.permutations(block) for block in movable)):
        slots = dict(fixed)
        for block, order in zip(movable, orders, strict=True):
            for index, target in zip(block, order, strict=True):
                slots[seeded[index].player] = seed_slot[target + 1]
        counts = meetings_per_round(seeded, slots)
        if best is None or counts < best:
            best = counts
    assert best is not None
    return best


def mixed_advancing(count: int, per_group: int) -> list[int]:
    """Groups sending per_group players each, the last ones one fewer, `count` in all."""
    groups = -(-count // per_group)
    advancing = [per_group] * groups
    for index in range(groups * per_group - count):
        advancing[-1 - index % groups] -= 1
    return advancing


# --- sizes, seed order, names and routing -------------------------------------------------


@pytest.mark.parametrize(
    ("count", "size"), [(2, 2), (3, 4), (4, 4), (5, 8), (8, 8), (9, 16), (17, 32), (512, 512)]
)
def test_bracket_size_is_the_next_power_of_two(count, size):
    assert bracket_size(count) == size


@pytest.mark.parametrize("count", [-1, 0, 1])
def test_bracket_size_needs_two_players(count):
    with pytest.raises(ValueError):
        bracket_size(count)


def test_seed_order_small_sizes():
    assert seed_order(2) == [1, 2]
    assert seed_order(4) == [1, 4, 2, 3]


def test_seed_order_8():
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]


def test_seed_order_16():
    assert seed_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]


@pytest.mark.parametrize("size", [2, 4, 8, 16, 32, 64])
def test_seed_order_is_a_permutation_with_the_classic_properties(size):
    order = seed_order(size)
    assert sorted(order) == list(range(1, size + 1))
    slot = {seed: index for index, seed in enumerate(order)}
    rounds = size.bit_length() - 1
    for seed in range(1, size + 1):
        # Seed s opens against seed size + 1 - s.
        assert earliest_meeting(slot[seed], slot[size + 1 - seed]) == 1
    assert earliest_meeting(slot[1], slot[2]) == rounds
    # More generally the top 2**k seeds each head their own section of size / 2**k slots.
    for k in range(1, rounds + 1):
        sections = {slot[seed] // (size >> k) for seed in range(1, 2**k + 1)}
        assert len(sections) == 2**k


@pytest.mark.parametrize("size", [0, 1, 3, 6, 12])
def test_sizes_that_are_not_powers_of_two_are_rejected(size):
    with pytest.raises(ValueError):
        seed_order(size)
    with pytest.raises(ValueError):
        round_names(size)


def test_round_names():
    assert round_names(2) == ["Final"]
    assert round_names(4) == ["Semi-finals", "Final"]
    assert round_names(8) == ["Quarter-finals", "Semi-finals", "Final"]
    assert round_names(16) == ["Round of 16", "Quarter-finals", "Semi-finals", "Final"]
    assert round_names(64)[:2] == ["Round of 64", "Round of 32"]


def test_earliest_meeting():
    assert earliest_meeting(0, 1) == 1
    assert earliest_meeting(1, 2) == 2
    assert earliest_meeting(3, 0) == 2
    assert earliest_meeting(0, 7) == 3
    assert earliest_meeting(7, 8) == 4
    with pytest.raises(ValueError):
        earliest_meeting(3, 3)


def test_next_match_sends_winners_to_half_the_index_on_the_right_side():
    assert next_match(0, 0) == (1, 0)
    assert next_match(0, 5) == (1, 2)
    assert next_match(2, 3) == (3, 1)
    assert (winner_side(4), winner_side(5)) == (0, 1)
    with pytest.raises(ValueError):
        next_match(-1, 0)


def test_following_next_match_agrees_with_earliest_meeting():
    size = 16
    for a, b in itertools.combinations(range(size), 2):
        round_index, match_a, match_b = 0, a // 2, b // 2
        while match_a != match_b:
            _, match_b = next_match(round_index, match_b)
            round_index, match_a = next_match(round_index, match_a)
        assert round_index + 1 == earliest_meeting(a, b)


# --- seeding --------------------------------------------------------------------------------


def test_seed_qualifiers_puts_all_winners_first_then_strength_then_group():
    qualifiers = [
        Qualifier("b2", 1, 2, 9.0),
        Qualifier("a1", 0, 1, 5.0),
        Qualifier("c1", 2, 1, 7.0),
        Qualifier("b1", 1, 1, 5.0),
        Qualifier("a2", 0, 2, 9.0),
        Qualifier("c3", 2, 3, 30.0),
    ]
    assert [q.player for q in seed_qualifiers(qualifiers)] == ["c1", "a1", "b1", "a2", "b2", "c3"]


def test_invalid_qualifier_lists_are_rejected():
    with pytest.raises(ValueError):
        draw_bracket([Qualifier("solo", 0, 1)])
    with pytest.raises(ValueError):
        draw_bracket([Qualifier("x", 0, 1), Qualifier("x", 1, 1)])
    with pytest.raises(ValueError):
        draw_bracket([Qualifier("x", 0, 1), Qualifier("y", 0, 1)])


# --- drawing: every count and shape -----------------------------------------------------------


SHAPES = [
    pytest.param(count, per_group, id=f"{count}-by-{per_group}")
    for count in range(2, 33)
    for per_group in (1, 2, 3)
]


@pytest.mark.parametrize(("count", "per_group"), SHAPES)
def test_byes_go_to_top_seeds_and_everyone_appears_once(count, per_group):
    qualifiers = qualifiers_for(mixed_advancing(count, per_group), seed=count)
    seeded = seed_qualifiers(qualifiers)
    matches = draw_bracket(qualifiers)
    size = bracket_size(count)
    assert len(matches) == size // 2

    players = [q.player for match in matches for q in match if q is not None]
    assert Counter(players) == Counter(q.player for q in qualifiers)

    assert all(a is not None or b is not None for a, b in matches)
    byes = [a or b for a, b in matches if a is None or b is None]
    assert len(byes) == size - count
    # Byes sit on the positions of seeds 1..byes, so they go to the best places: all winners
    # before any runner-up, and so on.
    assert sorted(q.place for q in byes) == [q.place for q in seeded[: size - count]]
    order = seed_order(size)
    slots = bracket_slots(qualifiers)
    assert {order[slot] for slot, q in enumerate(slots) if q in byes} == set(
        range(1, size - count + 1)
    )


@pytest.mark.parametrize(("count", "per_group"), SHAPES)
def test_winners_keep_their_seed_positions_and_others_stay_among_their_place(count, per_group):
    qualifiers = qualifiers_for(mixed_advancing(count, per_group), seed=count)
    seeded = seed_qualifiers(qualifiers)
    order = seed_order(bracket_size(count))
    for slot, q in enumerate(bracket_slots(qualifiers)):
        if q is None:
            continue
        seed_here = seeded[order[slot] - 1]
        assert seed_here.place == q.place
        if q.place == 1:
            assert seed_here == q


# --- drawing: same-group separation ---------------------------------------------------------


def test_four_groups_top_two_open_winner_against_another_groups_runner_up():
    qualifiers = qualifiers_for([2, 2, 2, 2], seed=4)
    matches = draw_bracket(qualifiers)
    assert len(matches) == 4
    for top, bottom in matches:
        assert top is not None and bottom is not None
        assert {top.place, bottom.place} == {1, 2}
        assert top.group != bottom.group


@pytest.mark.parametrize("seed", range(6))
def test_same_group_players_meet_as_late_as_possible_four_groups(seed):
    qualifiers = qualifiers_for([2, 2, 2, 2], seed=seed)
    slots = slot_of(bracket_slots(qualifiers))
    # Only the final: the two players of a group are in opposite halves.
    for a, b in same_group_pairs(qualifiers):
        assert earliest_meeting(slots[a.player], slots[b.player]) == 3
    assert meetings_per_round(qualifiers, slots) == best_possible(qualifiers)


@pytest.mark.parametrize("seed", range(3))
def test_same_group_players_meet_as_late_as_possible_eight_groups(seed):
    qualifiers = qualifiers_for([2] * 8, seed=seed)
    matches = draw_bracket(qualifiers)
    for top, bottom in matches:
        assert top is not None and bottom is not None
        assert {top.place, bottom.place} == {1, 2}
        assert top.group != bottom.group
    slots = slot_of(bracket_slots(qualifiers))
    assert meetings_per_round(qualifiers, slots) == best_possible(qualifiers)
    for a, b in same_group_pairs(qualifiers):
        assert earliest_meeting(slots[a.player], slots[b.player]) >= 3


def test_three_groups_top_two_give_byes_to_the_two_best_winners():
    qualifiers = qualifiers_for([2, 2, 2], seed=3)
    seeded = seed_qualifiers(qualifiers)
    matches = draw_bracket(qualifiers)
    assert len(matches) == 4
    byes = [a or b for a, b in matches if a is None or b is None]
    assert byes == [seeded[0], seeded[1]]
    played = [(a, b) for a, b in matches if a is not None and b is not None]
    assert len(played) == 2
    for a, b in played:
        assert a.group != b.group
    # The third winner opens against a runner-up; the other two runners-up meet each other.
    assert sorted(sorted(q.place for q in match) for match in played) == [[1, 2], [2, 2]]
    slots = slot_of(bracket_slots(qualifiers))
    assert meetings_per_round(qualifiers, slots) == best_possible(qualifiers)


@pytest.mark.parametrize(
    "advancing",
    [
        [2, 2, 2, 2, 2],
        [2, 2, 2, 2, 2, 2],
        [2, 2, 2, 2, 2, 2, 2],
        [3, 3, 3],
        [3, 3, 3, 3],
        [3, 3, 3, 3, 3],
        [3, 3, 2, 2],
        [3, 2, 2, 1, 1],
        [1, 1, 1, 1, 1],
        [2, 2, 1, 1, 1, 1],
    ],
    ids=lambda advancing: "-".join(map(str, advancing)),
)
def test_draw_reaches_the_brute_force_optimum(advancing):
    for seed in range(3):
        qualifiers = qualifiers_for(advancing, seed=seed)
        slots = slot_of(bracket_slots(qualifiers))
        assert meetings_per_round(qualifiers, slots) == best_possible(qualifiers)


def test_plain_seeding_is_kept_when_it_already_separates_groups():
    winners = [Qualifier(f"w{g}", g, 1, 9.0 - g) for g in range(4)]
    # Seeds 5 and 8 sit in the top half (with winners 0 and 3), so they come from groups 1, 2.
    runners = [
        Qualifier("r1", 1, 2, 8.0),
        Qualifier("r0", 0, 2, 7.0),
        Qualifier("r3", 3, 2, 6.0),
        Qualifier("r2", 2, 2, 5.0),
    ]
    qualifiers = winners + runners
    seeded = seed_qualifiers(qualifiers)
    plain = [seeded[seed - 1] for seed in seed_order(8)]
    assert bracket_slots(qualifiers) == plain


def five_groups_top_two(best_runner_up_group: int) -> list[Qualifier]:
    """Winners of groups 0..4 are seeds 1..5; the named group's runner-up is seed 6."""
    winners = [Qualifier(f"w{g}", g, 1, 10.0 - g) for g in range(5)]
    runners_up = [
        Qualifier(f"r{g}", g, 2, 9.0 if g == best_runner_up_group else 1.0 + g / 10)
        for g in range(5)
    ]
    return winners + runners_up


def test_byes_stay_with_the_seeds_that_earned_them_when_separation_allows():
    # 10 players, 6 byes: the five winners and seed 6, whose position is in the bottom half
    # with the winners of groups 1 and 2. Group 0's runner-up can keep it.
    qualifiers = five_groups_top_two(best_runner_up_group=0)
    byes = {a or b for a, b in draw_bracket(qualifiers) if a is None or b is None}
    assert byes == set(seed_qualifiers(qualifiers)[:6])
    slots = slot_of(bracket_slots(qualifiers))
    assert all(
        earliest_meeting(slots[a.player], slots[b.player]) == 4
        for a, b in same_group_pairs(qualifiers)
    )


def test_a_bye_moves_within_its_place_when_that_keeps_groups_apart():
    # Group 1's runner-up would keep seed 6's bye only by sharing a half with its own winner.
    qualifiers = five_groups_top_two(best_runner_up_group=1)
    byes = {a or b for a, b in draw_bracket(qualifiers) if a is None or b is None}
    runner_up_with_bye = next(q for q in byes if q.place == 2)
    assert runner_up_with_bye.player != "r1"
    slots = slot_of(bracket_slots(qualifiers))
    assert meetings_per_round(qualifiers, slots) == best_possible(qualifiers) == [0, 0, 0, 5]


def test_draw_is_deterministic_and_ignores_input_order():
    qualifiers = qualifiers_for([3, 3, 2, 2, 2], seed=11)
    shuffled = list(reversed(qualifiers))
    assert draw_bracket(qualifiers) == draw_bracket(shuffled)


def test_512_qualifiers_keep_winners_from_their_runner_up_until_the_last_two_rounds():
    qualifiers = qualifiers_for([2] * 256, seed=256)
    slots = bracket_slots(qualifiers)
    assert len(slots) == 512
    assert None not in slots
    where = slot_of(slots)
    rounds = len(round_names(512))
    for winner, runner_up in same_group_pairs(qualifiers):
        assert earliest_meeting(where[winner.player], where[runner_up.player]) >= rounds - 1


def test_large_draw_with_three_per_group_keeps_each_group_apart_until_the_semi_finals():
    qualifiers = qualifiers_for([3] * 50, seed=50)  # 150 players: too many for the search
    slots = bracket_slots(qualifiers)
    where = slot_of(slots)
    assert len(where) == 150
    rounds = len(round_names(len(slots)))
    # Three players cannot all be in different halves, so a semi-final is the best possible.
    for a, b in same_group_pairs(qualifiers):
        assert earliest_meeting(where[a.player], where[b.player]) >= rounds - 1


def test_planned_slots_name_each_groups_finish_and_follow_the_real_draw():
    # Three groups sending two each: the plan is the draw of qualifiers seeded by place and
    # group alone, so whoever finishes there later lands exactly where the plan said.
    slots = planned_slots([2, 2, 2])
    assert len(slots) == 8 and slots.count(None) == 2
    assert sorted(slot for slot in slots if slot) == [(g, p) for g in range(3) for p in (1, 2)]
    byes = [a or b for a, b in zip(slots[::2], slots[1::2], strict=True) if None in (a, b)]
    assert byes == [(0, 1), (1, 1)]  # the winners of groups A and B
    qualifiers = [Qualifier(player=f"x{g}{p}", group=g, place=p) for g in range(3) for p in (1, 2)]
    drawn = bracket_slots(qualifiers)
    assert [(q.group, q.place) if q else None for q in drawn] == slots


def test_planned_slots_need_two_qualifiers():
    assert planned_slots([1]) == []
    assert planned_slots([]) == []


@pytest.mark.parametrize(("count", "played"), [(2, False), (3, False), (4, True), (9, True)])
def test_the_match_for_third_place_needs_two_real_semi_finals(count, played):
    assert third_place_played(count) is played
