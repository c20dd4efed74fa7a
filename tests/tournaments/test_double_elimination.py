"""Double elimination: the plan of the matches, their routes, byes, the reset and the placings."""

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tournaments.systems.double_elimination.plan import (
    MatchKey,
    Placing,
    PlannedMatch,
    Source,
    eliminated_after,
    placings,
    plan,
    reset_needed,
    round_label_parts,
)

W = "winners"
L = "losers"
F = "final"
GRAND_FINAL = MatchKey(F, 1, 0)
RESET = MatchKey(F, 2, 0)


def short(key: MatchKey) -> str:
    return f"{key.bracket[0].upper()}{key.round}.{key.index}"


def source_text(source: Source) -> str:
    if source.kind == "seed":
        return f"seed {source.seed}"
    return f"{source.kind} {short(source.match)}"


def route_text(route: tuple[MatchKey, int] | None) -> str:
    return "out" if route is None else f"{short(route[0])}/{route[1]}"


def layout(planned: Sequence[PlannedMatch]) -> list[str]:
    """Each match as 'key: first v second, winner route, loser route', in the plan's order."""
    return [
        f"{short(match.key)}: {source_text(match.first)} v {source_text(match.second)}, "
        f"{route_text(match.winner_to)}, {route_text(match.loser_to)}"
        for match in planned
    ]


def seeds_for(entrants: int) -> list[str]:
    return [f"p{number}" for number in range(1, entrants + 1)]


@dataclass
class Played:
    """What happened when a bracket was played through the plan's routes."""

    matches: list[tuple[MatchKey, str, str, str]] = field(default_factory=list)
    losses: Counter = field(default_factory=Counter)
    knocked_out: dict[str, MatchKey] = field(default_factory=dict)
    losses_when_out: dict[str, int] = field(default_factory=dict)
    champion: str = ""
    grand_final_winner_side: int = -1
    reset_played: bool = False

    @property
    def winners(self) -> dict[MatchKey, str]:
        return {key: winner for key, _, _, winner in self.matches}


def play(
    planned: Sequence[PlannedMatch],
    seeds: Sequence[str],
    first_wins: Callable[[MatchKey, str, str], bool],
) -> Played:
    """Play every match through `winner_to` and `loser_to` alone, seating seeds by source."""
    seats: dict[MatchKey, list[str | None]] = {match.key: [None, None] for match in planned}
    for match in planned:
        for side, source in enumerate((match.first, match.second)):
            if source.kind == "seed":
                assert seats[match.key][side] is None
                seats[match.key][side] = seeds[source.seed - 1]
    played = Played()
    for match in planned:
        first, second = seats[match.key]
        if match.is_reset and not reset_needed(played.grand_final_winner_side):
            assert first is None and second is None
            continue
        assert first is not None and second is not None, f"{match.key} lacks a player"
        assert first != second
        winner_side = 0 if first_wins(match.key, first, second) else 1
        winner, loser = (first, second) if winner_side == 0 else (second, first)
        played.matches.append((match.key, first, second, winner))
        played.losses[loser] += 1
        winner_route, loser_route = match.winner_to, match.loser_to
        if match.key == GRAND_FINAL:
            played.grand_final_winner_side = winner_side
            if not reset_needed(winner_side):
                winner_route = loser_route = None
        for player, route in ((winner, winner_route), (loser, loser_route)):
            if route is not None:
                target, side = route
                assert seats[target][side] is None, f"two players sent to {target} side {side}"
                seats[target][side] = player
        if loser_route is None:
            played.knocked_out[loser] = match.key
            played.losses_when_out[loser] = played.losses[loser]
        if winner_route is None:
            played.champion = winner
        played.reset_played = played.reset_played or match.is_reset
    return played


def always_first(key: MatchKey, first: str, second: str) -> bool:
    return True


def better_seed(key: MatchKey, first: str, second: str) -> bool:
    return int(first[1:]) < int(second[1:])


def places_of(result: Sequence[Placing]) -> list[str]:
    return [
        f"{placing.place}"
        if placing.place == placing.shared_to
        else f"{placing.place}–{placing.shared_to}"
        for placing in result
    ]


# Hand-checked small fields.


def test_two_entrants_meet_again_in_the_grand_final_and_the_reset():
    assert layout(plan(2)) == [
        "W1.0: seed 1 v seed 2, F1.0/0, F1.0/1",
        "F1.0: winner W1.0 v loser W1.0, F2.0/1, F2.0/0",
        "F2.0: loser F1.0 v winner F1.0, out, out",
    ]
    assert plan(2)[-1].is_reset


def test_two_entrants_without_the_reset_play_twice_at_most():
    assert layout(plan(2, grand_final_reset=False)) == [
        "W1.0: seed 1 v seed 2, F1.0/0, F1.0/1",
        "F1.0: winner W1.0 v loser W1.0, out, out",
    ]


def test_with_three_entrants_the_top_seed_skips_the_first_round():
    assert layout(plan(3)) == [
        "W1.0: seed 2 v seed 3, W2.0/1, L1.0/1",
        "W2.0: seed 1 v winner W1.0, F1.0/0, L1.0/0",
        "L1.0: loser W2.0 v loser W1.0, F1.0/1, out",
        "F1.0: winner W2.0 v winner L1.0, F2.0/1, F2.0/0",
        "F2.0: loser F1.0 v winner F1.0, out, out",
    ]


def test_four_entrants_drop_the_winners_final_loser_into_the_losers_final():
    assert layout(plan(4, grand_final_reset=False)) == [
        "W1.0: seed 1 v seed 4, W2.0/0, L1.0/0",
        "W1.1: seed 2 v seed 3, W2.0/1, L1.0/1",
        "L1.0: loser W1.0 v loser W1.1, L2.0/1, out",
        "W2.0: winner W1.0 v winner W1.1, F1.0/0, L2.0/0",
        "L2.0: loser W2.0 v winner L1.0, F1.0/1, out",
        "F1.0: winner W2.0 v winner L2.0, out, out",
    ]


def test_with_five_entrants_the_top_three_seeds_skip_the_first_round():
    # The loser of 4 v 5 has nobody to meet in the first losers' round of the eight-player
    # shape, so that round is gone and the next one is numbered 1; the loser of seed 1's
    # match has nobody in the shape's second losers' round and waits for the third.
    assert layout(plan(5)) == [
        "W1.0: seed 4 v seed 5, W2.0/1, L1.0/1",
        "W2.0: seed 1 v winner W1.0, W3.0/0, L2.0/1",
        "W2.1: seed 2 v seed 3, W3.0/1, L1.0/0",
        "L1.0: loser W2.1 v loser W1.0, L2.0/0, out",
        "L2.0: winner L1.0 v loser W2.0, L3.0/1, out",
        "W3.0: winner W2.0 v winner W2.1, F1.0/0, L3.0/0",
        "L3.0: loser W3.0 v winner L2.0, F1.0/1, out",
        "F1.0: winner W3.0 v winner L3.0, F2.0/1, F2.0/0",
        "F2.0: loser F1.0 v winner F1.0, out, out",
    ]


def test_with_six_entrants_the_first_round_losers_wait_for_the_second_round_losers():
    assert layout(plan(6, grand_final_reset=False)) == [
        "W1.0: seed 4 v seed 5, W2.0/1, L1.0/1",
        "W1.1: seed 3 v seed 6, W2.1/1, L1.1/1",
        "W2.0: seed 1 v winner W1.0, W3.0/0, L1.1/0",
        "W2.1: seed 2 v winner W1.1, W3.0/1, L1.0/0",
        "L1.0: loser W2.1 v loser W1.0, L2.0/0, out",
        "L1.1: loser W2.0 v loser W1.1, L2.0/1, out",
        "L2.0: winner L1.0 v winner L1.1, L3.0/1, out",
        "W3.0: winner W2.0 v winner W2.1, F1.0/0, L3.0/0",
        "L3.0: loser W3.0 v winner L2.0, F1.0/1, out",
        "F1.0: winner W3.0 v winner L3.0, out, out",
    ]


def test_eight_entrants_drop_the_second_round_losers_to_the_other_half():
    assert layout(plan(8, grand_final_reset=False)) == [
        "W1.0: seed 1 v seed 8, W2.0/0, L1.0/0",
        "W1.1: seed 4 v seed 5, W2.0/1, L1.0/1",
        "W1.2: seed 2 v seed 7, W2.1/0, L1.1/0",
        "W1.3: seed 3 v seed 6, W2.1/1, L1.1/1",
        "L1.0: loser W1.0 v loser W1.1, L2.0/1, out",
        "L1.1: loser W1.2 v loser W1.3, L2.1/1, out",
        "W2.0: winner W1.0 v winner W1.1, W3.0/0, L2.1/0",
        "W2.1: winner W1.2 v winner W1.3, W3.0/1, L2.0/0",
        "L2.0: loser W2.1 v winner L1.0, L3.0/0, out",
        "L2.1: loser W2.0 v winner L1.1, L3.0/1, out",
        "L3.0: winner L2.0 v winner L2.1, L4.0/1, out",
        "W3.0: winner W2.0 v winner W2.1, F1.0/0, L4.0/0",
        "L4.0: loser W3.0 v winner L3.0, F1.0/1, out",
        "F1.0: winner W3.0 v winner L4.0, out, out",
    ]


def test_sixteen_entrants_drop_third_round_losers_in_order_after_reversing_the_second():
    planned = {match.key: match for match in plan(16)}
    second_round_drops = [planned[MatchKey(W, 2, index)].loser_to for index in range(4)]
    third_round_drops = [planned[MatchKey(W, 3, index)].loser_to for index in range(2)]
    assert second_round_drops == [(MatchKey(L, 2, index), 0) for index in (3, 2, 1, 0)]
    assert third_round_drops == [(MatchKey(L, 4, index), 0) for index in (0, 1)]


# The reset and the grand final.


def test_the_reset_is_needed_only_when_the_losers_bracket_winner_wins_the_grand_final():
    assert reset_needed(1)
    assert not reset_needed(0)


@pytest.mark.parametrize("side", [-1, 2])
def test_reset_needed_refuses_a_side_that_does_not_exist(side):
    with pytest.raises(ValueError):
        reset_needed(side)


@pytest.mark.parametrize("entrants", [2, 3, 7, 64])
def test_the_winners_bracket_winner_takes_the_first_seat_of_the_grand_final(entrants):
    grand_final = plan(entrants)[-2]
    assert grand_final.key == GRAND_FINAL
    assert grand_final.first.kind == "winner"
    assert grand_final.first.match.bracket == W


def test_without_the_reset_the_grand_final_is_the_last_match():
    planned = plan(9, grand_final_reset=False)
    assert planned[-1].key == GRAND_FINAL
    assert planned[-1].winner_to is None and planned[-1].loser_to is None
    assert not any(match.is_reset for match in planned)


@pytest.mark.parametrize("entrants", [1, 0, 1025])
def test_a_plan_needs_two_to_1024_entrants(entrants):
    with pytest.raises(ValueError):
        plan(entrants)


def test_a_source_names_a_seed_or_a_match_but_not_both():
    with pytest.raises(ValueError):
        Source("seed")
    with pytest.raises(ValueError):
        Source("winner", seed=3)
    with pytest.raises(ValueError):
        Source("seed", seed=1, match=GRAND_FINAL)


# Round labels.


def test_round_labels_count_only_the_rounds_that_have_matches():
    planned = plan(5)
    assert round_label_parts(MatchKey(W, 2, 1), planned) == (W, 2, 3)
    assert round_label_parts(MatchKey(L, 1, 0), planned) == (L, 1, 3)
    assert round_label_parts(GRAND_FINAL, planned) == (F, 1, 2)
    assert round_label_parts(GRAND_FINAL, plan(5, grand_final_reset=False)) == (F, 1, 1)


def test_round_labels_refuse_a_match_outside_the_plan():
    with pytest.raises(ValueError):
        round_label_parts(MatchKey(L, 4, 0), plan(5))


# Whole plans, statically.

FIELDS = [*range(2, 41), 63, 64, 65, 127, 255, 256, 257, 511, 512, 513, 1000, 1023, 1024]


@pytest.mark.parametrize("entrants", FIELDS)
def test_every_planned_match_has_two_real_sources_and_the_routes_agree(entrants):
    planned = plan(entrants)
    keys = [match.key for match in planned]
    assert len(set(keys)) == len(keys)
    seeds = [
        source.seed
        for match in planned
        for source in (match.first, match.second)
        if source.kind == "seed"
    ]
    assert sorted(seeds) == list(range(1, entrants + 1))

    position = {key: number for number, key in enumerate(keys)}
    routed = {}
    for match in planned:
        for route in (match.winner_to, match.loser_to):
            if route is not None:
                assert position[route[0]] > position[match.key], "a route must lead forward"
        for side, source in enumerate((match.first, match.second)):
            if source.kind != "seed":
                assert position[source.match] < position[match.key]
                routed[(source.kind, source.match)] = (match.key, side)
    for match in planned:
        assert match.winner_to == routed.get(("winner", match.key))
        assert match.loser_to == routed.get(("loser", match.key))


@pytest.mark.parametrize("entrants", FIELDS)
def test_rounds_and_indexes_are_numbered_without_gaps(entrants):
    planned = plan(entrants)
    rounds: dict[str, set[int]] = {}
    indexes: dict[tuple[str, int], list[int]] = {}
    for match in planned:
        rounds.setdefault(match.key.bracket, set()).add(match.key.round)
        indexes.setdefault((match.key.bracket, match.key.round), []).append(match.key.index)
    for numbers in rounds.values():
        assert numbers == set(range(1, len(numbers) + 1))
    for numbers in indexes.values():
        assert sorted(numbers) == list(range(len(numbers)))


@pytest.mark.parametrize("entrants", FIELDS)
def test_only_winners_bracket_losers_and_the_grand_final_loser_are_routed_on(entrants):
    for match in plan(entrants):
        if match.key.bracket == W:
            assert match.loser_to is not None
        elif match.key.bracket == L or match.is_reset:
            assert match.loser_to is None
        else:
            assert match.loser_to == (RESET, 0)


# Playing brackets through.


@settings(max_examples=examples(150), deadline=None)
@given(
    entrants=st.integers(min_value=2, max_value=200),
    grand_final_reset=st.booleans(),
    rng=st.randoms(use_true_random=False),
)
def test_random_brackets_knock_out_after_the_second_loss_and_rank_everyone(
    entrants, grand_final_reset, rng
):
    planned = plan(entrants, grand_final_reset)
    seeds = seeds_for(entrants)
    played = play(planned, seeds, lambda *_: rng.random() < 0.5)

    losers_side_won = played.grand_final_winner_side == 1
    assert played.reset_played == (grand_final_reset and losers_side_won)
    assert len(played.matches) == 2 * entrants - 2 + played.reset_played
    assert len(planned) == 2 * entrants - 2 + grand_final_reset

    assert set(played.knocked_out) == set(seeds) - {played.champion}
    for player, losses in played.losses_when_out.items():
        decided_by_the_grand_final_alone = (
            not grand_final_reset and played.knocked_out[player] == GRAND_FINAL
        )
        assert losses == (1 if decided_by_the_grand_final_alone and losers_side_won else 2)
    assert played.losses[played.champion] <= 1
    if grand_final_reset:
        assert (played.losses[played.champion] == 0) == (not played.reset_played)

    assert eliminated_after(planned, seeds, played.winners) == played.knocked_out
    result = placings(planned, seeds, played.winners)
    assert sorted(placing.player for placing in result) == sorted(seeds)
    assert result[0] == Placing(played.champion, 1, 1)
    assert [placing.place for placing in result] == sorted(placing.place for placing in result)

    # Places follow the knock-outs round by round, the last round first: one round shares
    # one span of places, the spans run on without gaps, and no two rounds' knock-outs
    # interleave in the order of play.
    position = {key: number for number, (key, *_) in enumerate(played.matches)}
    rounds: dict[tuple[str, int], list[str]] = {}
    for player, key in played.knocked_out.items():
        rounds.setdefault((key.bracket, key.round), []).append(player)
    by_player = {placing.player: placing for placing in result}
    ranked = sorted(rounds.values(), key=lambda group: -position[played.knocked_out[group[0]]])
    place = 2
    for group, next_group in zip(ranked, [*ranked[1:], []], strict=True):
        for player in group:
            assert by_player[player] == Placing(player, place, place + len(group) - 1)
        if next_group:
            assert min(position[played.knocked_out[player]] for player in group) > max(
                position[played.knocked_out[player]] for player in next_group
            )
        place += len(group)


@settings(max_examples=60, deadline=None)
@given(
    size=st.sampled_from([8, 16, 32, 64]),
    rng=st.randoms(use_true_random=False),
)
def test_crossed_drops_keep_rematches_out_of_the_early_losers_rounds(size, rng):
    # With eight players the first possible rematch is in losers' round 3; from sixteen on,
    # in losers' round 4.
    free_rounds = 2 if size == 8 else 3
    played = play(plan(size), seeds_for(size), lambda *_: rng.random() < 0.5)
    met: set[frozenset[str]] = set()
    for key, first, second, _ in played.matches:
        pair = frozenset((first, second))
        if key.bracket == L and key.round <= free_rounds:
            assert pair not in met
        met.add(pair)


# Placings and knock-outs.


def test_eight_entrants_share_places_as_challonge_shows_them():
    planned = plan(8)
    seeds = seeds_for(8)
    result = placings(planned, seeds, play(planned, seeds, always_first).winners)
    assert places_of(result) == ["1", "2", "3", "4", "5–6", "5–6", "7–8", "7–8"]


def test_sixteen_entrants_share_places_as_challonge_shows_them():
    planned = plan(16)
    seeds = seeds_for(16)
    result = placings(planned, seeds, play(planned, seeds, always_first).winners)
    assert places_of(result) == (
        ["1", "2", "3", "4"] + ["5–6"] * 2 + ["7–8"] * 2 + ["9–12"] * 4 + ["13–16"] * 4
    )


def test_with_five_entrants_every_place_is_single():
    planned = plan(5)
    seeds = seeds_for(5)
    result = placings(planned, seeds, play(planned, seeds, always_first).winners)
    assert places_of(result) == ["1", "2", "3", "4", "5"]


@pytest.mark.parametrize("entrants", [3, 5, 8, 12, 16, 33])
def test_when_the_better_seed_always_wins_the_places_follow_the_seeds(entrants):
    planned = plan(entrants)
    seeds = seeds_for(entrants)
    result = placings(planned, seeds, play(planned, seeds, better_seed).winners)
    assert [placing.player for placing in result] == seeds


def test_the_grand_final_decides_when_the_winners_bracket_winner_wins_it():
    planned = plan(4)
    seeds = seeds_for(4)
    played = play(planned, seeds, always_first)
    assert not played.reset_played
    assert RESET not in played.winners
    assert played.knocked_out["p2"] == GRAND_FINAL
    assert placings(planned, seeds, played.winners)[:2] == [
        Placing("p1", 1, 1),
        Placing("p2", 2, 2),
    ]


def test_the_reset_crowns_its_winner_after_the_losers_bracket_winner_takes_the_grand_final():
    planned = plan(2)
    seeds = seeds_for(2)
    # p2 loses the first match, wins the grand final and the reset.
    winners = {MatchKey(W, 1, 0): "p1", GRAND_FINAL: "p2", RESET: "p2"}
    assert eliminated_after(planned, seeds, winners) == {"p1": RESET}
    assert placings(planned, seeds, winners) == [Placing("p2", 1, 1), Placing("p1", 2, 2)]


def test_without_the_reset_the_losers_bracket_winner_takes_the_title_in_the_grand_final():
    planned = plan(2, grand_final_reset=False)
    seeds = seeds_for(2)
    winners = {MatchKey(W, 1, 0): "p1", GRAND_FINAL: "p2"}
    assert placings(planned, seeds, winners) == [Placing("p2", 1, 1), Placing("p1", 2, 2)]


def test_knock_outs_are_known_before_the_bracket_ends():
    planned = plan(4)
    seeds = seeds_for(4)
    winners = {MatchKey(W, 1, 0): "p1", MatchKey(W, 1, 1): "p3", MatchKey(L, 1, 0): "p4"}
    assert eliminated_after(planned, seeds, winners) == {"p2": MatchKey(L, 1, 0)}


def test_placings_wait_for_the_reset_once_it_is_due():
    planned = plan(2)
    seeds = seeds_for(2)
    with pytest.raises(ValueError, match="not finished"):
        placings(planned, seeds, {MatchKey(W, 1, 0): "p1", GRAND_FINAL: "p2"})


def test_placings_refuse_an_unfinished_bracket():
    planned = plan(4)
    seeds = seeds_for(4)
    with pytest.raises(ValueError, match="not finished"):
        placings(planned, seeds, {MatchKey(W, 1, 0): "p1"})


def test_a_result_naming_someone_who_did_not_play_is_refused():
    with pytest.raises(ValueError, match="did not play"):
        eliminated_after(plan(4), seeds_for(4), {MatchKey(W, 1, 0): "p2"})


def test_a_result_for_a_match_whose_players_are_not_known_is_refused():
    with pytest.raises(ValueError, match="not known"):
        eliminated_after(plan(4), seeds_for(4), {MatchKey(W, 2, 0): "p1"})


def test_a_reset_result_after_the_winners_bracket_winner_took_the_grand_final_is_refused():
    winners = {MatchKey(W, 1, 0): "p1", GRAND_FINAL: "p1", RESET: "p1"}
    with pytest.raises(ValueError, match="not known"):
        placings(plan(2), seeds_for(2), winners)


def test_seeds_must_match_the_plan():
    with pytest.raises(ValueError, match="plan is for 4"):
        placings(plan(4), seeds_for(5), {})
    with pytest.raises(ValueError, match="one seed"):
        placings(plan(3), ["a", "b", "a"], {})


def test_a_result_outside_the_plan_is_refused():
    with pytest.raises(ValueError, match="outside the plan"):
        eliminated_after(plan(4), seeds_for(4), {MatchKey(L, 3, 0): "p1"})
