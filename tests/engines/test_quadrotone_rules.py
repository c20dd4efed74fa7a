"""Quadrotone rules Q1–Q24 (rules/quadrotone.md), one test per rule or lesson.

Scoring itself (Q10–Q16) is tested with the scoring module; here a move's
points and patterns are only checked to arrive where the service reads them.
"""

import json
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.catalog.quadrotone.engine import ENGINE
from games.catalog.quadrotone.engine.deal import deal
from games.catalog.quadrotone.engine.moves import reverse_allowance
from games.catalog.quadrotone.engine.tiles import colours, groups, letters, rotation_class, tile_id
from games.engines import GAMES, IllegalMove, OptionError, Record, Result, engine

R, G, B, Y = 0, 1, 2, 3
ONE_COLOUR = (tile_id(R, R, R, R), tile_id(G, G, G, G), tile_id(B, B, B, B), tile_id(Y, Y, Y, Y))


# -- helpers (the records and bot tests use them too) ------------------------------


def deal_giving(first_tiles, **options) -> dict:
    """Options whose deal gives `first` these tiles (filled up to 128 with the lowest others)."""
    first = list(dict.fromkeys(first_tiles))
    first += [t for t in range(256) if t not in first and t not in ONE_COLOUR][: 128 - len(first)]
    second = [t for t in range(256) if t not in first]
    return {**options, "deal": {"first": sorted(first), "second": second}}


def play(state, *moves, player=None):
    for move in moves:
        state, _step = ENGINE.apply(state, move, player)
    return state


def edited(state, **fields):
    """The state with snapshot fields replaced (scores, limits, …): positions hard to reach."""
    snapshot = json.loads(ENGINE.dump(state))
    snapshot.update(fields)
    return ENGINE.load(json.dumps(snapshot).encode())


def refused(state, move, code, player=None) -> str:
    with pytest.raises(IllegalMove) as caught:
        ENGINE.apply(state, move, player)
    assert caught.value.code == code, caught.value.message
    return caught.value.message


def second_tile(state, n=0) -> int:
    return sorted(state.hands[1])[n]


def first_tile(state, n=0) -> int:
    return sorted(state.hands[0])[n]


def no_limits(reverse=False) -> dict:
    rows = ("reverse",) if reverse else ("place", "rearrange")
    return {row: [0] * 9 for row in rows}


# -- registration and options ------------------------------------------------------


def test_quadrotone_is_registered_with_its_service_facts():
    assert "quadrotone" in GAMES and engine("quadrotone") is ENGINE
    assert ENGINE.seats == ("first", "second")
    assert ENGINE.stand_in is False and ENGINE.allows_undo is False
    assert ENGINE.move_time_limits is None and ENGINE.time_out == "pass"
    assert ENGINE.random_setup and ENGINE.first_by_lot and ENGINE.scored_endings
    assert ENGINE.fixed_time_control == {"initial_s": 3 * 3600, "move_s": 6 * 60}
    assert (ENGINE.draw_offer_interval_s, ENGINE.disconnect_loses_after_s) == (600, 120)


def test_options_are_checked_and_unknown_ones_refused():
    state = ENGINE.new({"format": "express", "rotations": True, "seed": 3})
    assert state.options.rotations and state.options.seed == 3
    for options, field in (
        ({"colour": "red"}, "colour"),
        ({"variant": "mirror"}, "variant"),
        ({"rotations": "yes"}, "rotations"),
        ({"seed": "7"}, "seed"),
        ({"catalogue": "mine"}, "catalogue"),
        ({"format": "blitz"}, "format"),
        ({"deal": {"first": [1, 2], "second": [3]}}, "deal"),
        ({"variant": "reverse", "deal": {"first": [], "second": []}}, "deal"),
    ):
        with pytest.raises(OptionError) as caught:
            ENGINE.new(options)
        assert caught.value.field == field


def test_new_takes_the_seed_argument_when_the_options_name_none():
    assert ENGINE.new(seed=9).hands == ENGINE.new({"seed": 9}).hands
    assert ENGINE.new({"seed": 1}, seed=9).hands == ENGINE.new({"seed": 1}).hands


def test_malformed_payloads_are_refused_before_play():
    for move in (
        [1, 2],
        {},
        {"place": []},
        {"place": [[1, 2, 3]]},
        {"place": [[1, 2, 3, True]]},
        {"rearrange": [[0, 0, 1, 1]]},
        {"turn": [[0, 0]]},
        {"pass": "tired"},
        {"resign": "third"},
        {"draw": False},
        {"jump": [[0, 0]]},
        {"place": [[1, 0, 0, 0]], "pass": "timeout"},
    ):
        with pytest.raises(IllegalMove) as caught:
            ENGINE.validate_move(move)
        assert caught.value.code == "malformed", move


# -- Q1, Q2: board and tiles -------------------------------------------------------


def test_Q2_tile_id_is_the_base_4_number_of_its_corners():
    assert colours(0) == (R, R, R, R)
    assert colours(27) == (R, G, B, Y)  # TL·64 + TR·16 + BR·4 + BL
    assert tile_id(R, G, B, Y) == 27 and letters(27) == "RGBY"


def test_Q2_a_quarter_turn_moves_each_colour_one_corner_clockwise():
    # TL←BL, TR←TL, BR←TR, BL←BR
    assert letters(27, 1) == "YRGB"
    assert letters(27, 2) == "BYRG"
    assert letters(27, 3) == "GBYR"
    assert letters(27, 4) == "RGBY"


def test_Q2_a_placed_tile_shows_its_turned_colours_on_the_grid():
    state = ENGINE.new(deal_giving([27]))
    state = play(state, {"place": [[27, 0, 0, 1]]})  # turned once: Y R / B G
    rows = ENGINE.view(state)["colours"]
    assert rows[0].startswith("BG..") and rows[1].startswith("YR..")
    assert set(rows[2]) == {"."}
    assert state.board.grid[1, 0] == Y and state.board.grid[0, 1] == G


# -- Q4: the deal ------------------------------------------------------------------


def test_Q4_groups_are_the_one_colour_tiles_60_classes_of_4_and_6_of_2():
    found = groups()
    assert found[0] == ONE_COLOUR
    sizes = [len(group) for group in found[1:]]
    assert sizes.count(4) == 60 and sizes.count(2) == 6 and len(sizes) == 66
    assert sorted(t for group in found for t in group) == list(range(256))
    for group in found[1:]:
        assert len({rotation_class(tile) for tile in group}) == 1


@pytest.mark.parametrize("group", groups(), ids=lambda group: f"class-{min(group)}")
def test_Q4_deal_splits_every_group_equally(group):
    for seed in (0, 1, 7, 2026):
        first, second = deal(seed)
        assert len(set(group) & set(first)) == len(group) // 2
        assert len(set(group) & set(second)) == len(group) // 2


def test_Q4_deal_gives_128_tiles_each_and_depends_only_on_the_seed():
    first, second = deal(7)
    assert len(first) == len(second) == 128
    assert sorted(first + second) == list(range(256))
    assert deal(7) == (first, second)
    assert deal(8) != (first, second)
    state = ENGINE.new({"seed": 7})
    assert ENGINE.view(state)["hands"] == {"first": first, "second": second}


# -- Q5: turns ---------------------------------------------------------------------


def test_Q5_first_moves_first_and_the_players_alternate():
    state = ENGINE.new()
    assert ENGINE.to_move(state) == "first"
    message = refused(state, {"place": [[second_tile(state), 0, 0, 0]]}, "not_your_turn", "second")
    assert "first" in message
    state = play(state, {"place": [[first_tile(state), 0, 0, 0]]})
    assert ENGINE.to_move(state) == "second"
    state = play(state, {"place": [[second_tile(state), 5, 5, 0]]}, player="second")
    assert ENGINE.to_move(state) == "first"
    assert ENGINE.view(state)["moves_made"] == {"first": 1, "second": 1}


# -- Q6: place ---------------------------------------------------------------------


def test_Q6_place_puts_one_to_eight_own_tiles_on_free_cells():
    state = ENGINE.new()
    tiles = sorted(state.hands[0])[:8]
    after, step = ENGINE.apply(state, {"place": [[t, i, 0, i % 4] for i, t in enumerate(tiles)]})
    assert step.player == "first"
    view = ENGINE.view(after)
    assert [cell[0] for cell in view["cells"][:8]] == tiles
    assert [cell[2] for cell in view["cells"][:8]] == ["first"] * 8
    assert not set(tiles) & set(view["hands"]["first"])
    assert len(view["hands"]["first"]) == 120
    assert view["last_squares"][:4] == [[0, 0], [1, 0], [0, 1], [1, 1]]
    nine = sorted(state.hands[0])[:9]
    message = refused(state, {"place": [[t, i, 1, 0] for i, t in enumerate(nine)]}, "tile_count")
    assert "(Q6)" in message


def test_Q6_only_your_own_unplaced_tiles():
    state = ENGINE.new()
    theirs = second_tile(state)
    message = refused(state, {"place": [[theirs, 0, 0, 0]]}, "not_your_tile")
    assert message == f"Tile {theirs} is not in your hand (Q6)."
    mine = first_tile(state)
    state = play(state, {"place": [[mine, 0, 0, 0]]}, {"place": [[second_tile(state), 9, 9, 0]]})
    refused(state, {"place": [[mine, 3, 3, 0]]}, "not_your_tile")  # already on the board
    refused(state, {"place": [[first_tile(state), 1, 1, 0]] * 2}, "duplicate_tile")


def test_Q6_only_free_cells_on_the_board():
    state = ENGINE.new()
    a, b = sorted(state.hands[0])[:2]
    state = play(state, {"place": [[a, 4, 4, 0]]}, {"place": [[second_tile(state), 9, 9, 0]]})
    refused(state, {"place": [[b, 4, 4, 0]]}, "cell_taken")
    refused(state, {"place": [[b, 1, 1, 0], [first_tile(state, 1), 1, 1, 2]]}, "cell_taken")
    refused(state, {"place": [[b, 16, 0, 0]]}, "off_board")
    refused(state, {"place": [[b, 0, -1, 0]]}, "off_board")
    refused(state, {"place": [[b, 0, 0, 4]]}, "bad_turn")
    refused(state, {"place": [[256, 0, 0, 0]]}, "unknown_tile")


# -- Q7: rearrange -----------------------------------------------------------------


def _four_tiles_down():
    """First's tile A on (0, 0) and a later one on (10, 10); second's B on (5, 5) and a later
    one on (12, 12): first to move, second's last move far from A and B."""
    state = ENGINE.new()
    a, a2 = sorted(state.hands[0])[:2]
    b, b2 = sorted(state.hands[1])[:2]
    state = play(
        state,
        {"place": [[a, 0, 0, 0]]},
        {"place": [[b, 5, 5, 0]]},
        {"place": [[a2, 10, 10, 0]]},
        {"place": [[b2, 12, 12, 0]]},
    )
    return state, a, b


def test_Q7_rearrange_moves_and_turns_anyones_tiles():
    state, a, b = _four_tiles_down()
    after = play(state, {"rearrange": [[5, 5, 7, 7, 1], [0, 0, 0, 0, 2]]})
    cells = ENGINE.view(after)["cells"]
    assert cells[5 + 16 * 5] is None
    assert cells[7 + 16 * 7] == [b, 1, "second"]  # the opponent's tile, moved and turned
    assert cells[0] == [a, 2, "first"]  # turned in place: relative to how it lay
    assert ENGINE.view(after)["limits"]["first"]["rearrange"]["2"] == 6


def test_Q7_rearrange_swaps_tiles():
    state, a, b = _four_tiles_down()
    after = play(state, {"rearrange": [[0, 0, 5, 5, 0], [5, 5, 0, 0, 0]]})
    cells = ENGINE.view(after)["cells"]
    assert cells[0][0] == b and cells[5 + 16 * 5][0] == a


def test_Q7_every_tile_listed_must_change_its_cell_or_its_turn():
    state, _a, _b = _four_tiles_down()
    message = refused(state, {"rearrange": [[0, 0, 0, 0, 0]]}, "no_change")
    assert "(Q7)" in message
    refused(state, {"rearrange": [[5, 5, 6, 6, 0], [0, 0, 0, 0, 0]]}, "no_change")
    play(state, {"rearrange": [[0, 0, 0, 0, 3]]})  # a turn alone is a change


def test_Q7_the_result_has_at_most_one_tile_per_cell():
    state, _a, _b = _four_tiles_down()
    refused(state, {"rearrange": [[0, 0, 5, 5, 0]]}, "cell_taken")  # B stays there
    refused(state, {"rearrange": [[0, 0, 3, 3, 0], [5, 5, 3, 3, 0]]}, "cell_taken")
    refused(state, {"rearrange": [[1, 1, 3, 3, 0]]}, "empty_cell")
    refused(state, {"rearrange": [[0, 0, 3, 3, 0], [0, 0, 4, 4, 0]]}, "duplicate_tile")


def test_Q7_turning_a_one_colour_tile_is_a_move_that_scores_nothing():
    state = ENGINE.new(deal_giving([0]))
    state = play(state, {"place": [[0, 0, 0, 0]]}, {"place": [[second_tile(state), 9, 9, 0]]})
    after, step = ENGINE.apply(state, {"rearrange": [[0, 0, 0, 0, 1]]})
    assert step.points == 0 and step.extra["patterns"] == []
    assert ENGINE.view(after)["cells"][0] == [0, 1, "first"]


# -- Q8: limits --------------------------------------------------------------------


def test_Q8_each_row_of_the_limits_is_counted_per_player():
    state = ENGINE.new()
    mine, theirs = sorted(state.hands[0]), sorted(state.hands[1])
    for n in range(7):
        state = play(
            state,
            {"place": [[mine[2 * n], 2 * n, 0, 0], [mine[2 * n + 1], 2 * n + 1, 0, 0]]},
            {"place": [[theirs[n], n, 15, 0]]},
        )
    limits = ENGINE.view(state)["limits"]
    assert limits["first"]["place"]["2"] == 0 and limits["second"]["place"]["2"] == 7
    assert limits["second"]["place"]["1"] == 121
    message = refused(state, {"place": [[mine[20], 0, 5, 0], [mine[21], 1, 5, 0]]}, "limit_reached")
    assert message == "You have used all 7 of your two-tile places (Q8)."
    play(state, {"place": [[mine[20], 0, 5, 0], [mine[21], 1, 5, 0], [mine[22], 2, 5, 0]]})


def test_Q8_the_single_eight_tile_rearrangement():
    state = ENGINE.new()
    mine, theirs = sorted(state.hands[0]), sorted(state.hands[1])
    row = [[mine[i], i, 0, 0] for i in range(8)]
    state = play(state, {"place": row}, {"place": [[theirs[0], 0, 15, 0]]})
    turn_all = {"rearrange": [[i, 0, i, 0, 1] for i in range(8)]}
    state = play(state, turn_all, {"place": [[theirs[1], 1, 15, 0]]})
    message = refused(state, turn_all, "limit_reached")
    assert message == "You have used your only eight-tile rearrangement (Q8)."


def test_Q8_limits_come_from_the_tables():
    limits = ENGINE.view(ENGINE.new())["limits"]["first"]
    assert limits["place"] == {"1": 128, "2": 7, "3": 6, "4": 5, "5": 4, "6": 3, "7": 2, "8": 1}
    assert limits["rearrange"] == {"1": 8, "2": 7, "3": 6, "4": 5, "5": 4, "6": 3, "7": 2, "8": 1}


# -- Q9: no undoing ----------------------------------------------------------------


def _two_tiles_by_first():
    """First places tile 27 (R G B Y) on (0, 0) and tile 5 (R R G G) on (1, 0): 8 squares."""
    state = ENGINE.new(deal_giving([27, 5]))
    state = play(state, {"place": [[27, 0, 0, 0], [5, 1, 0, 0]]})
    return state


def test_Q9_more_than_half_of_the_opponents_last_squares_changed_is_refused():
    state = _two_tiles_by_first()
    message = refused(state, {"rearrange": [[0, 0, 5, 5, 0], [1, 0, 6, 5, 0]]}, "undo")
    assert "8 of the 8" in message and "(Q9)" in message  # emptied positions count as changed
    # 27 moved away (4 emptied) and 5 turned once (R R G G → G R R G: 2 squares change): 6 of 8
    refused(state, {"rearrange": [[0, 0, 5, 5, 0], [1, 0, 1, 0, 1]]}, "undo")


def test_Q9_exactly_half_changed_is_allowed():
    state = _two_tiles_by_first()
    play(state, {"rearrange": [[0, 0, 5, 5, 0]]})  # 4 of 8 emptied
    play(state, {"rearrange": [[1, 0, 1, 0, 2]]})  # 5 turned twice: all 4 of its squares


def test_Q9_only_the_opponents_last_move_is_protected():
    state = _two_tiles_by_first()
    state = play(state, {"place": [[second_tile(state), 9, 9, 0]]})
    # First's own earlier move is not protected against first.
    play(state, {"rearrange": [[0, 0, 5, 5, 0], [1, 0, 6, 5, 0]]})
    state = play(state, {"place": [[first_tile(state), 12, 12, 0]]})
    # First's last move is now elsewhere: second may undo the earlier one.
    play(state, {"rearrange": [[0, 0, 5, 5, 0], [1, 0, 6, 5, 0]]})


def test_Q9_a_pass_protects_nothing():
    state = _two_tiles_by_first()
    state = play(state, {"pass": "timeout"}, {"pass": "timeout"})
    play(state, {"rearrange": [[0, 0, 5, 5, 0], [1, 0, 6, 5, 0]]})


# -- Q17, Q18: passes and the end --------------------------------------------------


def test_Q17_four_automatic_passes_in_a_row_end_the_game():
    state = ENGINE.new()
    state = play(state, *[{"pass": "timeout"}] * 3)
    assert not ENGINE.result(state).over and ENGINE.view(state)["passes_in_row"] == 3
    state = play(state, {"place": [[second_tile(state), 0, 0, 0]]})
    assert ENGINE.view(state)["passes_in_row"] == 0
    state = play(state, *[{"pass": "timeout"}] * 4)
    assert ENGINE.result(state).over and ENGINE.result(state).reason == "passes"
    assert ENGINE.to_move(state) is None
    refused(state, {"pass": "timeout"}, "game_over")


def test_Q17_a_player_with_a_possible_move_cannot_pass_for_having_none():
    state = ENGINE.new()
    message = refused(state, {"pass": "no_moves"}, "has_moves")
    assert "(Q17)" in message
    assert ENGINE.has_moves(state) and ENGINE.view(state)["can_move"] == {
        "first": True,
        "second": True,
    }


def test_Q17_a_player_without_a_possible_move_passes_and_it_counts():
    fresh = ENGINE.new()
    state = edited(fresh, limits=[no_limits(), json.loads(ENGINE.dump(fresh))["limits"][1]])
    assert not ENGINE.has_moves(state, "first")
    assert ENGINE.view(state)["can_move"]["first"] is False
    refused(state, {"place": [[first_tile(state), 0, 0, 0]]}, "limit_reached")
    state = play(state, {"pass": "no_moves"})
    assert ENGINE.view(state)["passes_in_row"] == 1 and not ENGINE.result(state).over
    state = play(state, {"pass": "timeout"}, {"pass": "no_moves"}, {"pass": "timeout"})
    assert ENGINE.result(state).reason == "passes"


def _scripted_move(state) -> dict:
    """The biggest place the limits allow, else a rearrangement away from the opponent's
    last move, else a pass: a quick player that plays a main game to its end."""
    seat = state.current()
    if not state.can_move(seat):
        return {"pass": "no_moves"}
    limits = state.limits[seat]
    hand = sorted(state.hands[seat])
    free = np.flatnonzero(state.board.tiles < 0).tolist()
    for k in range(min(8, len(hand), len(free)), 0, -1):
        if limits["place"][k] > 0:
            return {"place": [[hand[i], free[i] % 16, free[i] // 16, 0] for i in range(k)]}
    covered = {(x // 2, y // 2) for x, y in state.covers[1 - seat].squares.tolist()}
    cells = [(c, r) for r in range(16) for c in range(16) if (c, r) not in covered]
    for k in range(8, 0, -1):
        if limits["rearrange"][k] > 0:
            return {"rearrange": [[c, r, c, r, 1] for c, r in cells[:k]]}
    raise AssertionError("no move found")


def test_Q17_Q18_a_whole_main_game_ends_when_both_are_out_of_moves():
    state = ENGINE.new({"seed": 4})
    moves = []
    while not ENGINE.result(state).over:
        move = {"pass": "timeout"} if len(moves) == 9 else _scripted_move(state)
        state, _step = ENGINE.apply(state, move)
        moves.append(move)
        assert len(moves) < 400
    assert state.board.occupied() == 256
    assert moves.count({"pass": "no_moves"}) == 1  # first ran out a move before second
    assert moves[-2] == {"pass": "no_moves"}
    assert ENGINE.result(state).reason == "no_moves"
    assert ENGINE.view(state)["can_move"] == {"first": False, "second": False}


def test_Q18_a_lead_of_8000_ends_the_game():
    state = ENGINE.new(deal_giving([0, 85]))
    near = edited(state, scores=[7960, 0])
    near = play(near, {"place": [[0, 0, 0, 0]]})  # a one-colour tile: a 2×2 block, 30 points
    assert ENGINE.score(near) == {"first": 7990, "second": 0}
    assert not ENGINE.result(near).over
    state = edited(state, scores=[7970, 0])
    after, step = ENGINE.apply(state, {"place": [[0, 0, 0, 0]]})
    assert step.points == 30
    assert ENGINE.result(after) == Result(True, "first", "lead")
    behind = edited(ENGINE.new(deal_giving([0])), scores=[0, 7995])
    assert ENGINE.result(play(behind, {"place": [[0, 3, 3, 0]]})).over is False


def test_Q18_a_player_out_of_time_is_skipped_and_both_out_of_time_ends_the_game():
    state = ENGINE.new()
    state = play(state, {"out_of_time": "second"})
    assert ENGINE.to_move(state) == "first"
    state = play(state, {"place": [[first_tile(state), 0, 0, 0]]})
    assert ENGINE.to_move(state) == "first"  # second is out of time: first plays on alone
    refused(state, {"place": [[second_tile(state), 5, 5, 0]]}, "not_your_turn", "second")
    state = play(state, {"place": [[first_tile(state), 3, 3, 0]]})
    assert ENGINE.view(state)["out_of_time"] == ["second"]
    state = play(state, {"out_of_time": "first"})
    assert ENGINE.result(state).over and ENGINE.result(state).reason == "time"


def test_Q18_one_out_of_moves_and_the_other_out_of_time_ends_the_game():
    fresh = ENGINE.new()
    state = edited(fresh, limits=[no_limits(), json.loads(ENGINE.dump(fresh))["limits"][1]])
    assert not ENGINE.result(state).over
    state = play(state, {"out_of_time": "second"})
    assert ENGINE.result(state).over and ENGINE.result(state).reason == "no_moves"


# -- Q19: results ------------------------------------------------------------------


def test_Q19_higher_score_wins_and_level_is_a_draw():
    state = edited(ENGINE.new(), scores=[50, 80], passes=3)
    state = play(state, {"pass": "timeout"})
    assert ENGINE.result(state).winner == "second"
    level = play(edited(ENGINE.new(), scores=[80, 80], passes=3), {"pass": "timeout"})
    assert ENGINE.result(level).over and ENGINE.result(level).winner is None


def test_Q19_a_resigning_leader_loses_by_one_point():
    state = edited(ENGINE.new(), scores=[100, 40])
    after, step = ENGINE.apply(state, {"resign": "first"})
    assert step.player == "first" and step.points == 0
    assert ENGINE.result(after) == Result(True, "second", "resignation")
    assert ENGINE.score(after) == {"first": 100, "second": 101}
    level = play(edited(ENGINE.new(), scores=[60, 60]), {"resign": "second"})
    assert ENGINE.score(level) == {"first": 61, "second": 60}
    assert ENGINE.result(level).winner == "first"


def test_Q19_a_resigning_player_behind_keeps_the_scores_and_may_resign_out_of_turn():
    state = edited(ENGINE.new(), scores=[40, 100])
    assert ENGINE.to_move(state) == "first"
    after = play(state, {"resign": "first"})
    assert ENGINE.score(after) == {"first": 40, "second": 100}
    out_of_turn = play(state, {"resign": "second"}, player="second")
    assert ENGINE.result(out_of_turn).winner == "first"
    assert ENGINE.score(out_of_turn) == {"first": 101, "second": 100}
    refused(state, {"resign": "second"}, "not_your_seat", "first")
    refused(after, {"place": [[first_tile(after), 0, 0, 0]]}, "game_over")


def test_Q19_an_agreed_draw_gives_both_the_higher_score():
    state = edited(ENGINE.new(), scores=[100, 40])
    after = play(state, {"draw": True})
    assert ENGINE.result(after) == Result(True, None, "agreement")
    assert ENGINE.score(after) == {"first": 100, "second": 100}


# -- Q21–Q24: the reverse variant --------------------------------------------------


def test_Q21_the_reverse_variant_starts_with_every_tile_on_the_board():
    state = ENGINE.new({"variant": "reverse", "seed": 3})
    view = ENGINE.view(state)
    assert view["variant"] == "reverse"
    assert sorted(cell[0] for cell in view["cells"]) == list(range(256))
    assert all(cell[2] is None for cell in view["cells"])
    assert view["hands"] == {"first": [], "second": []}
    assert "." not in "".join(view["colours"])
    assert view["limits"]["first"] == {
        "reverse": {"1": 32, "2": 16, "3": 12, "4": 10, "5": 8, "6": 6, "7": 4, "8": 2}
    }
    again = ENGINE.view(ENGINE.new({"variant": "reverse", "seed": 3}))
    assert again["cells"] == view["cells"]
    assert ENGINE.view(ENGINE.new({"variant": "reverse", "seed": 4}))["cells"] != view["cells"]
    refused(state, {"place": [[0, 0, 0, 0]]}, "wrong_variant")
    refused(state, {"rearrange": [[0, 0, 0, 0, 1]]}, "wrong_variant")


def _reverse(moves_made=0):
    state = ENGINE.new({"variant": "reverse", "seed": 3})
    return edited(state, moves_made=[moves_made, moves_made]) if moves_made else state


def test_Q22_turn_tiles_in_place_by_one_to_three_quarter_turns():
    state = _reverse()
    tile, turn, _owner = ENGINE.view(state)["cells"][0]
    after = play(state, {"turn": [[0, 0, 3]]})
    assert ENGINE.view(after)["cells"][0] == [tile, (turn + 3) % 4, None]
    message = refused(state, {"turn": [[0, 0, 0]]}, "bad_turn")
    assert "(Q22)" in message
    refused(ENGINE.new({"variant": "main"}), {"turn": [[0, 0, 1]]}, "wrong_variant")


def test_Q22_swap_exchanges_the_places_of_tiles_turning_any():
    state = _reverse(moves_made=6)
    cells = ENGINE.view(state)["cells"]
    swap = {"swap": [[0, 0, 1, 0, 0], [1, 0, 2, 0, 1], [2, 0, 0, 0, 0]]}
    after = play(state, swap)
    moved = ENGINE.view(after)["cells"]
    assert moved[1][0] == cells[0][0] and moved[1][1] == cells[0][1]
    assert moved[2] == [cells[1][0], (cells[1][1] + 1) % 4, None]
    assert moved[0][0] == cells[2][0]
    refused(state, {"swap": [[0, 0, 1, 0, 0]]}, "tile_count")
    refused(state, {"swap": [[0, 0, 0, 0, 1], [1, 0, 2, 0, 0]]}, "no_change")
    refused(state, {"swap": [[0, 0, 1, 0, 0], [1, 0, 2, 0, 0]]}, "cell_taken")


def test_Q23_reverse_limits_count_both_kinds_together():
    state = _reverse(moves_made=6)
    state = play(
        state,
        {"turn": [[c, 0, 1] for c in range(8)]},
        {"turn": [[0, 15, 1]]},
        {"swap": [[c, 2, (c + 1) % 8, 2, 0] for c in range(8)]},
        {"turn": [[1, 15, 1]]},
    )
    assert ENGINE.view(state)["limits"]["first"]["reverse"]["8"] == 0
    message = refused(state, {"turn": [[c, 4, 1] for c in range(8)]}, "limit_reached")
    assert message == "You have used all 2 of your eight-tile moves (Q23)."


def test_Q24_more_tiles_only_from_later_moves():
    state = _reverse()
    message = refused(state, {"turn": [[0, 0, 1], [1, 0, 1]]}, "too_early")
    assert message == "You may involve 2 tiles from your 3rd move on (Q24)."
    refused(state, {"swap": [[0, 0, 1, 0, 0], [1, 0, 0, 0, 0]]}, "too_early")
    state = play(state, {"turn": [[0, 0, 1]]}, {"turn": [[0, 15, 1]]})
    state = play(state, {"turn": [[1, 0, 1]]}, {"turn": [[1, 15, 1]]})
    state = play(state, {"swap": [[0, 3, 1, 3, 0], [1, 3, 0, 3, 0]]}, {"turn": [[2, 15, 1]]})
    message = refused(state, {"turn": [[c, 5, 1] for c in range(3)]}, "too_early")
    assert message == "You may involve more than 2 tiles from your 5th move on (Q24)."
    state = play(state, {"turn": [[0, 6, 1]]}, {"turn": [[3, 15, 1]]})
    assert ENGINE.view(state)["moves_made"]["first"] == 4
    state = play(state, {"turn": [[c, 7, 1] for c in range(3)]}, {"turn": [[4, 15, 1]]})
    message = refused(state, {"turn": [[c, 8, 1] for c in range(4)]}, "too_early")
    assert message == "You may involve more than 3 tiles from your 7th move on (Q24)."
    state = play(state, {"turn": [[0, 9, 1]]}, {"turn": [[5, 15, 1]]})
    play(state, {"turn": [[c, 10, 1] for c in range(8)]})


# -- what the service reads: points, patterns, view, snapshots ---------------------


def test_points_and_patterns_reach_the_step_and_the_view():
    state = ENGINE.new(deal_giving([0]))
    after, step = ENGINE.apply(state, {"place": [[0, 2, 3, 0]]})
    assert step.points == 30 and ENGINE.score(after) == {"first": 30, "second": 0}
    assert step.extra["patterns"] == [
        {
            "number": 1,
            "kind": "one_colour",
            "key": "block2",
            "name": "2×2 block",
            "colours": ["R"],
            "squares": [[4, 6], [4, 7], [5, 6], [5, 7]],
            "points": 30,
        }
    ]
    view = ENGINE.view(after)
    assert view["last_patterns"] == step.extra["patterns"]
    assert view["last_move"] == {"place": [[0, 2, 3, 0]]}


def test_view_has_the_documented_keys():
    view = ENGINE.view(ENGINE.new())
    assert set(view) == {
        "variant", "options", "cells", "colours", "hands", "limits", "moves_made", "last_move",
        "last_squares", "last_patterns", "passes_in_row", "to_move", "can_move", "out_of_time",
    }  # fmt: skip
    assert view["options"] == {"rotations": False, "chains": False, "enclosure": False}
    assert len(view["cells"]) == 256 and view["cells"] == [None] * 256
    assert len(view["colours"]) == 32 and all(row == "." * 32 for row in view["colours"])
    assert view["last_move"] is None and view["last_squares"] == [] and view["to_move"] == "first"


def test_dump_and_load_keep_the_whole_position():
    state = ENGINE.new({"seed": 5, "rotations": True, "chains": True, "enclosure": True})
    mine, theirs = sorted(state.hands[0]), sorted(state.hands[1])
    state = play(
        state,
        {"place": [[mine[0], 0, 0, 1], [mine[1], 1, 0, 2], [mine[2], 0, 1, 3]]},
        {"place": [[theirs[0], 1, 1, 0]]},
        {"rearrange": [[0, 0, 2, 2, 1]]},
        {"pass": "timeout"},
        {"out_of_time": "second"},
    )
    copy = ENGINE.load(ENGINE.dump(state))
    assert ENGINE.view(copy) == ENGINE.view(state)
    assert ENGINE.score(copy) == ENGINE.score(state)
    assert copy.hands == state.hands and copy.memory == state.memory
    move = {"rearrange": [[1, 0, 5, 5, 0]]}
    (a, step_a), (b, step_b) = ENGINE.apply(state, move), ENGINE.apply(copy, move)
    assert step_a == step_b and ENGINE.dump(a) == ENGINE.dump(b)
    reverse = play(_reverse(), {"turn": [[0, 0, 1]]})
    assert ENGINE.view(ENGINE.load(ENGINE.dump(reverse))) == ENGINE.view(reverse)


def test_apply_leaves_the_old_state_as_it_was():
    state = ENGINE.new()
    before = ENGINE.dump(state)
    ENGINE.apply(state, {"place": [[first_tile(state), 0, 0, 0]]})
    assert ENGINE.dump(state) == before


def _random_move(state, chooser: random.Random) -> dict:
    """A random move of the right kind, legal or not (the engine decides)."""
    if chooser.random() < 0.1:
        return {"pass": "timeout"}
    k = chooser.randint(1, 8)
    occupied = np.flatnonzero(state.board.tiles >= 0).tolist()
    free = np.flatnonzero(state.board.tiles < 0).tolist()
    if state.options.reverse:
        k = chooser.randint(1, reverse_allowance(state.moves_made[state.current()]))
        cells = chooser.sample(range(256), k)
        if k == 1 or chooser.random() < 0.5:
            return {"turn": [[c % 16, c // 16, chooser.randint(1, 3)] for c in cells]}
        targets = cells[1:] + cells[:1]
        return {
            "swap": [
                [c % 16, c // 16, t % 16, t // 16, chooser.randrange(4)]
                for c, t in zip(cells, targets, strict=True)
            ]
        }
    hand = sorted(state.hands[state.current()])
    if hand and free and (not occupied or chooser.random() < 0.7):
        k = min(k, len(hand), len(free))
        tiles, cells = chooser.sample(hand, k), chooser.sample(free, k)
        return {
            "place": [
                [t, c % 16, c // 16, chooser.randrange(4)]
                for t, c in zip(tiles, cells, strict=True)
            ]
        }
    cells = chooser.sample(occupied, min(k, len(occupied)))
    targets = chooser.sample(cells + free, len(cells))
    return {
        "rearrange": [
            [c % 16, c // 16, t % 16, t // 16, chooser.randrange(4)]
            for c, t in zip(cells, targets, strict=True)
        ]
    }


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), reverse=st.booleans())
def test_random_games_keep_every_tile_once_and_replay_the_same(seed, reverse):
    chooser = random.Random(seed)
    options = {"seed": seed, "rotations": True, "chains": True, "enclosure": True}
    options["variant"] = "reverse" if reverse else "main"
    state = ENGINE.new(options)
    accepted = []
    for _ in range(60):
        move = _random_move(state, chooser)
        try:
            after, step = ENGINE.apply(state, move)
        except IllegalMove as refusal:
            assert refusal.code != "malformed"
            continue
        assert step.points >= 0
        gained = ENGINE.score(after)[step.player] - ENGINE.score(state)[step.player]
        assert gained == step.points
        state = after
        accepted.append(move)
        view = ENGINE.view(state)
        on_board = [cell[0] for cell in view["cells"] if cell is not None]
        in_hand = view["hands"]["first"] + view["hands"]["second"]
        assert sorted(on_board + in_hand) == list(range(256))
        if ENGINE.result(state).over:
            break
    lines = list(ENGINE.replay(Record("quadrotone", options, accepted)))
    assert len(lines) == len(accepted) and "error" not in lines[-1]
    assert lines[-1]["score"] == ENGINE.score(state)
    assert ENGINE.dump(ENGINE.load(ENGINE.dump(state))) == ENGINE.dump(state)
