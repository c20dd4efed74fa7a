"""Quadramids rules M1–M20 (rules/quadramids.md), one test per rule or decision.

Positions are made by hand with `ENGINE.position(...)`: figures by cell name and
seat, centres by name with (seat, role); a hand is the seat's other figures.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.catalog.quadramids.engine import ENGINE
from games.engines import IllegalMove, OptionError, Record

# -- helpers (the records and CPU tests use them too) --------------------------------


def cells(seat: str, names: str) -> dict[str, str]:
    return dict.fromkeys(names.split(), seat)


def board(*groups: dict[str, str]) -> dict[str, str]:
    merged: dict[str, str] = {}
    for group in groups:
        merged.update(group)
    return merged


def play(state, *moves):
    for move in moves:
        state, _step = ENGINE.apply(state, move)
    return state


def refused(state, move, code, player=None) -> str:
    with pytest.raises(IllegalMove) as caught:
        ENGINE.apply(state, move, player)
    assert caught.value.code == code, caught.value.message
    return caught.value.message


def legal(state) -> list[list]:
    return ENGINE.legal_moves(state)


# -- the engine's service facts and options ------------------------------------------


def test_quadramids_has_its_service_facts():
    assert ENGINE.name == "quadramids" and ENGINE.seats == ("1", "2", "3", "4")
    assert ENGINE.seats_for({}) == ("1", "2")
    assert ENGINE.seats_for({"players": 4}) == ("1", "2", "3", "4")
    assert (ENGINE.stand_in, ENGINE.allows_undo, ENGINE.random_setup) == (False, False, False)
    assert ENGINE.first_by_lot is False and ENGINE.time_out == "lose"
    assert ENGINE.scored_endings is True and ENGINE.move_time_limits is None
    assert ENGINE.draw_offer_interval_s is None and ENGINE.disconnect_loses_after_s is None
    assert ENGINE.fixed_time_control is None


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"colour": "red"}, "colour"),
        ({"players": 3}, "players"),
        ({"players": True}, "players"),
        ({"figures": 20}, "figures"),
        ({"players": 4, "figures": 32}, "figures"),
        ({"move_limit": 0}, "move_limit"),
        ({"move_limit": "200"}, "move_limit"),
        ({"format": "blitz"}, "format"),
    ],
)
def test_options_outside_the_rules_are_refused_naming_the_option(options, field):
    with pytest.raises(OptionError) as caught:
        ENGINE.new(options)
    assert caught.value.field == field


def test_M20_a_format_sets_the_move_limit_unless_it_is_given():
    assert ENGINE.new().options.move_limit == 200
    assert ENGINE.new({"format": "express"}).options.move_limit == 100
    assert ENGINE.new({"format": "extended"}).options.move_limit == 200
    assert ENGINE.new({"format": "full"}).options.move_limit == 300
    assert ENGINE.new({"format": "express", "move_limit": 50}).options.move_limit == 50


@pytest.mark.parametrize(
    "move",
    [
        [],
        ["put"],
        ["put", "i1"],
        ["put", "a9"],
        ["put", "A1"],
        ["move", "a1"],
        ["move", "a1", "a1"],
        ["move", "h8+", "a1"],
        ["move", "a1", "a8+"],
        ["jump", "a1", "a3"],
        ["resign", "5"],
        {"put": "a1"},
        "a1",
    ],
)
def test_malformed_or_off_board_moves_are_bad_moves(move):
    with pytest.raises(IllegalMove) as caught:
        ENGINE.validate_move(move)
    assert caught.value.code == "bad_move"
    refused(ENGINE.new(), move, "bad_move")


# -- M1–M4: board, sectors, colours, players ----------------------------------------


def test_M1_centres_are_named_by_the_lower_left_cell_and_five_are_circles():
    view = ENGINE.view(ENGINE.new())
    assert view["circles"] == ["d4+", "b2+", "f2+", "b6+", "f6+"]
    assert view["cells"] == {} and view["centres"] == {}


def test_M1_nothing_is_put_or_stepped_onto_an_intersection():
    state = ENGINE.position(cells("1", "d4"))
    message = refused(state, ["put", "d4+"], "put_not_allowed")
    assert "M1" in message
    refused(state, ["move", "d4", "d4+"], "move_not_allowed")


def test_M2_a_sector_apex_stays_in_its_quarter():
    state = ENGINE.position(cells("1", "b2 c2 b3 c3"), {"b2+": ("1", "apex")})
    targets = {move[2] for move in legal(state) if move[:2] == ["move", "b2+"]}
    quarter = {f"{f}{r}" for f in "abcd" for r in "1234"} - {"b2", "c2", "b3", "c3"}
    assert targets == quarter


def test_M3_cell_colours():
    colours = ENGINE.view(ENGINE.new())["colours"]
    assert [c for c, k in colours.items() if k == "capital"] == ["d4", "e4", "d5", "e5"]
    entries = {c for c, k in colours.items() if k == "entry"}
    assert entries == set(["a1", "h1", "a8", "h8", "d1", "e1", "d8", "e8", "a4", "a5", "h4", "h5"])
    assert colours["b2"] == colours["g7"] == "golden" and colours["b1"] == "city"
    assert "c4" not in colours  # plain


def test_M4_two_or_four_players_with_16_or_32_figures():
    assert ENGINE.view(ENGINE.new())["hands"] == {"1": 16, "2": 16}
    assert ENGINE.view(ENGINE.new({"figures": 32}))["hands"] == {"1": 32, "2": 32}
    four = ENGINE.new({"players": 4})
    assert ENGINE.score(four) == {"1": 0, "2": 0, "3": 0, "4": 0}


def test_M4_seats_move_in_order_and_seat_1_first():
    state = ENGINE.new({"players": 4})
    order = []
    for cell in ("a1", "h1", "a8", "h8", "d1"):
        order.append(ENGINE.to_move(state))
        state = play(state, ["put", cell])
    assert order == ["1", "2", "3", "4", "1"]


def test_M4_a_move_out_of_turn_is_refused():
    state = ENGINE.new()
    assert "seat 1" in refused(state, ["put", "a1"], "not_your_turn", player="2")
    refused(state, ["put", "a1"], "not_your_turn", player="3")


# -- M5–M9: putting and moving figures ----------------------------------------------


def test_M5_put_on_a_free_entry_or_next_to_an_own_figure():
    state = ENGINE.position(board(cells("1", "c3"), cells("2", "f6")))
    puts = {move[1] for move in legal(state) if move[0] == "put"}
    assert puts == set(
        [
            "a1",
            "h1",
            "a8",
            "h8",
            "d1",
            "e1",
            "d8",
            "e8",
            "a4",
            "a5",
            "h4",
            "h5",
            "c2",
            "c4",
            "b3",
            "d3",
        ]
    )
    after, step = ENGINE.apply(state, ["put", "c4"])
    assert ENGINE.view(after)["cells"]["c4"] == "1" and ENGINE.view(after)["hands"]["1"] == 14
    assert step.extra["kind"] == "put"


def test_M5_refusals_name_the_rule():
    state = ENGINE.position(board(cells("1", "c3"), cells("2", "f6")))
    assert refused(state, ["put", "f6"], "occupied") == "f6 is taken (M5)."
    assert "M5" in refused(state, ["put", "d4"], "put_not_allowed")  # diagonal is not next to
    assert "M5" in refused(state, ["put", "f5"], "put_not_allowed")  # next to an enemy only
    empty = ENGINE.position(cells("1", "c3"), hands={"1": 0})
    assert "M5" in refused(empty, ["put", "a1"], "empty_hand")


def test_M6_a_figure_on_an_entry_moves_to_any_free_entry():
    state = ENGINE.position(board(cells("1", "a1"), cells("2", "h8")))
    after, step = ENGINE.apply(state, ["move", "a1", "e8"])
    assert step.extra["kind"] == "entry" and ENGINE.view(after)["cells"]["e8"] == "1"
    refused(state, ["move", "a1", "h8"], "occupied")
    refused(ENGINE.position(cells("1", "b1")), ["move", "b1", "e8"], "move_not_allowed")


def test_M7_a_step_goes_to_a_free_orthogonal_neighbour():
    state = ENGINE.position(board(cells("1", "c3"), cells("2", "c4")))
    targets = {m[2] for m in legal(state) if m[:2] == ["move", "c3"]}
    assert targets == {"b3", "d3", "c2", "c5"}  # c5: the attack over c4
    after, step = ENGINE.apply(state, ["move", "c3", "d3"])
    assert step.extra["kind"] == "step" and "c3" not in ENGINE.view(after)["cells"]
    assert "M6" in refused(state, ["move", "c3", "d4"], "move_not_allowed")  # diagonal


def test_M8_a_jump_goes_over_own_figures_with_a_free_cell_between():
    state = ENGINE.position(board(cells("1", "b2 c2 e2 g2"), cells("2", "h8")))
    targets = {m[2] for m in legal(state) if m[:2] == ["move", "b2"]}
    assert {"d2", "f2", "h2"} <= targets  # landing on any free cell of the pattern
    for landing in ("d2", "f2", "h2"):
        after, step = ENGINE.apply(state, ["move", "b2", landing])
        assert step.extra["kind"] == "jump" and step.points == 0
        assert ENGINE.view(after)["cells"][landing] == "1"


def test_M8_the_pattern_must_hold_all_the_way():
    state = ENGINE.position(board(cells("1", "b2 c2 d2 f2"), cells("2", "h8")))
    refused(state, ["move", "b2", "d2"], "occupied")
    gap = ENGINE.position(board(cells("1", "b2 c2 f2"), cells("2", "h8")))
    refused(gap, ["move", "b2", "g2"], "move_not_allowed")  # c2, free, free: no pattern
    refused(gap, ["move", "b2", "e2"], "move_not_allowed")


def test_M9_an_attack_removes_the_enemy_figure_and_scores_1():
    state = ENGINE.position(board(cells("1", "c3"), cells("2", "c4 h8")))
    after, step = ENGINE.apply(state, ["move", "c3", "c5"])
    assert step.extra["kind"] == "attack" and step.points == 1
    assert ENGINE.view(after)["cells"] == {"c5": "1", "h8": "2"}
    assert ENGINE.score(after) == {"1": 1, "2": 0}
    assert after.position.removed == [0, 1]


def test_M9_an_attack_needs_the_cell_behind_free():
    state = ENGINE.position(board(cells("1", "c3"), cells("2", "c4 c5")))
    refused(state, ["move", "c3", "c5"], "occupied")


def test_M9_figures_of_a_square_cannot_be_attacked():
    # Every cell behind a square figure, seen from outside, is in the square itself.
    square = cells("2", "c4 d4 c5 d5")
    around = "b4 b5 e4 e5 c3 d3 c6 d6"
    state = ENGINE.position(board(square, cells("1", around)))
    assert not any(m[0] == "move" and m[2] in square for m in legal(state))
    for attacker, target in (("b4", "d4"), ("c3", "c5"), ("e5", "c5"), ("d6", "d4")):
        assert refused(state, ["move", attacker, target], "occupied").endswith("(M7–M9).")
    loose = ENGINE.position(board(cells("2", "c4 d4 c5 d6"), cells("1", "b4")))
    assert ["move", "b4", "d4"] not in legal(loose)  # d4 taken
    loose = ENGINE.position(board(cells("2", "c4 c5 d5 d6"), cells("1", "b4")))
    assert ["move", "b4", "d4"] in legal(loose)


def test_M9_an_attack_is_never_combined_with_jumps():
    state = ENGINE.position(board(cells("1", "a3 c3"), cells("2", "b3")))
    refused(state, ["move", "a3", "e3"], "move_not_allowed")  # over enemy, then own
    own_first = ENGINE.position(board(cells("1", "a3 b3"), cells("2", "d3")))
    refused(own_first, ["move", "a3", "e3"], "move_not_allowed")  # over own, then enemy


# -- M10–M13: squares, pyramids, apexes ----------------------------------------------


def test_M10_squares_and_their_kinds():
    state = ENGINE.position(board(cells("1", "d4 e4 d5 e5 b2 c2 b3 c3"), cells("2", "f7 g7 f8 g8")))
    squares = {s["centre"]: (s["seat"], s["kind"]) for s in ENGINE.view(state)["squares"]}
    assert squares == {"d4+": ("1", "central"), "b2+": ("1", "sector"), "f7+": ("2", "simple")}


def test_M10_an_off_centre_square_over_golden_cells_is_simple():
    state = ENGINE.position(cells("1", "c3 d3 c4 d4"))
    assert ENGINE.view(state)["squares"] == [{"centre": "c3+", "seat": "1", "kind": "simple"}]


def test_M11_the_apex_enters_from_a_cell_orthogonally_next_to_the_square():
    state = ENGINE.position(board(cells("1", "c3 d3 c4 d4 e3 e5"), cells("2", "h8")))
    assert ["move", "e3", "c3+"] in legal(state)
    assert "M11" in refused(state, ["move", "e5", "c3+"], "move_not_allowed")  # diagonal
    after, step = ENGINE.apply(state, ["move", "e3", "c3+"])
    assert step.extra["kind"] == "apex" and step.points == 0
    assert ENGINE.view(after)["centres"] == {"c3+": {"seat": "1", "role": "apex", "kind": "simple"}}


def test_M11_only_into_an_own_square_and_a_free_centre():
    three = ENGINE.position(cells("1", "e3 c3 d3 c4"))
    assert "M1" in refused(three, ["move", "e3", "c3+"], "move_not_allowed")
    enemy = ENGINE.position(board(cells("2", "c3 d3 c4 d4"), cells("1", "e3")))
    assert "M17" in refused(enemy, ["move", "e3", "c3+"], "move_not_allowed")
    full = ENGINE.position(cells("1", "c3 d3 c4 d4 e3"), {"c3+": ("1", "apex")})
    refused(full, ["move", "e3", "c3+"], "occupied")


def test_M11_squares_may_share_figures_and_each_pyramid_scores():
    state = ENGINE.position(
        cells("1", "c3 d3 e3 c4 d4 e4"), {"c3+": ("1", "apex"), "d3+": ("1", "apex")}
    )
    assert ENGINE.view(state)["income"] == {"1": 8, "2": 0}


def test_M12_a_simple_apex_moves_in_the_4x4_block_and_is_then_a_figure():
    state = ENGINE.position(board(cells("1", "c3 d3 c4 d4")), {"c3+": ("1", "apex")})
    targets = {m[2] for m in legal(state) if m[:2] == ["move", "c3+"]}
    block = {f"{f}{r}" for f in "bcde" for r in "2345"} - {"c3", "d3", "c4", "d4"}
    assert targets == block
    assert "M12" in refused(state, ["move", "c3+", "f3"], "move_not_allowed")
    after, step = ENGINE.apply(state, ["move", "c3+", "b2"])
    assert step.extra["kind"] == "apex_move" and step.points == 4  # the turn's income
    assert ENGINE.view(after)["centres"] == {} and ENGINE.view(after)["cells"]["b2"] == "1"


def test_M12_the_central_apex_goes_anywhere():
    state = ENGINE.position(cells("1", "d4 e4 d5 e5"), {"d4+": ("1", "apex")})
    targets = {m[2] for m in legal(state) if m[:2] == ["move", "d4+"]}
    assert len(targets) == 60 and "h8" in targets and "a1" in targets


def test_M12_the_central_apex_knocks_out_an_enemy_sector_apex_and_blocks():
    state = ENGINE.position(
        board(cells("1", "d4 e4 d5 e5"), cells("2", "b6 c6 b7 c7")),
        {"d4+": ("1", "apex"), "b6+": ("2", "apex")},
    )
    after, step = ENGINE.apply(state, ["move", "d4+", "b6+"])
    assert step.extra["kind"] == "knockout" and step.extra["one_off"] == 16
    assert step.points == 64 + 16  # the central pyramid's income, then the knock-out
    centres = ENGINE.view(after)["centres"]
    assert centres == {"b6+": {"seat": "1", "role": "blocker", "kind": "sector"}}
    assert after.position.removed == [0, 1]


def test_M12_no_other_apex_moves_onto_a_centre():
    state = ENGINE.position(
        board(cells("1", "b2 c2 b3 c3"), cells("2", "f6 g6 f7 g7 c6 d6 c7 d7")),
        {"b2+": ("1", "apex"), "f6+": ("2", "apex"), "c6+": ("2", "apex")},
    )
    assert "M12" in refused(state, ["move", "b2+", "f6+"], "move_not_allowed")
    central = ENGINE.position(
        board(cells("1", "d4 e4 d5 e5"), cells("2", "c6 d6 c7 d7")),
        {"d4+": ("1", "apex"), "c6+": ("2", "apex")},
    )
    refused(central, ["move", "d4+", "c6+"], "move_not_allowed")  # a simple apex


def test_M13_a_pyramid_figure_that_moves_lets_the_apex_drop_in():
    state = ENGINE.position(cells("1", "c3 d3 c4 d4"), {"c3+": ("1", "apex")})
    after, _step = ENGINE.apply(state, ["move", "d4", "e4"])
    view = ENGINE.view(after)
    assert view["centres"] == {}
    assert {"c3", "d3", "c4", "d4", "e4"} <= set(view["cells"])  # the square is whole again
    assert view["squares"] == [{"centre": "c3+", "seat": "1", "kind": "simple"}]


def test_M13_the_most_valuable_drops_in_and_the_others_are_removed():
    state = ENGINE.position(
        cells("1", "c4 d4 e4 c5 d5 e5"), {"d4+": ("1", "apex"), "c4+": ("1", "apex")}
    )
    after, step = ENGINE.apply(state, ["move", "d4", "d3"])
    view = ENGINE.view(after)
    assert view["centres"] == {} and view["cells"]["d4"] == "1"
    assert after.position.removed == [1, 0] and step.points == 68  # income only: no points
    assert not ENGINE.check(after)


def test_M13_a_blocked_square_figure_that_moves_lets_the_blocker_drop_in():
    state = ENGINE.position(
        board(cells("1", "c3 d3 c4 d4"), cells("2", "h8")), {"c3+": ("2", "blocker")}
    )
    after, _ = ENGINE.apply(state, ["move", "d3", "e3"])
    assert ENGINE.view(after)["cells"]["d3"] == "2" and ENGINE.view(after)["centres"] == {}


# -- M14–M17: capturing, blockers, freeing, attacking squares -------------------------


@pytest.mark.parametrize(
    ("square", "centre", "third", "sides", "value"),
    [
        ("d4 e4 d5 e5", "d4+", "c3", "c4 d3", 64),
        ("b6 c6 b7 c7", "b6+", "d8", "d7 c8", 16),
        ("e2 f2 e3 f3", "e2+", "g1", "g2 f1", 4),
    ],
)
def test_M14_capturing_a_pyramid_scores_64_16_or_4_and_leaves_a_blocker(
    square, centre, third, sides, value
):
    state = ENGINE.position(
        board(cells("2", square), cells("1", f"{third} {sides}")), {centre: ("2", "apex")}
    )
    after, step = ENGINE.apply(state, ["move", third, centre])
    assert step.extra["kind"] == "capture" and step.points == value
    assert ENGINE.view(after)["centres"][centre]["role"] == "blocker"
    assert ENGINE.view(after)["centres"][centre]["seat"] == "1"
    assert after.position.removed == [0, 1] and third not in ENGINE.view(after)["cells"]


def test_M14_the_three_figure_pattern_is_needed():
    state = ENGINE.position(
        board(cells("2", "d4 e4 d5 e5"), cells("1", "c3 c4")), {"d4+": ("2", "apex")}
    )
    assert "M14" in refused(state, ["move", "c3", "d4+"], "move_not_allowed")
    other = ENGINE.position(
        board(cells("2", "d4 e4 d5 e5"), cells("1", "c3 c4 d3 c5")), {"d4+": ("2", "apex")}
    )
    refused(other, ["move", "c5", "d4+"], "move_not_allowed")  # not the diagonal cell


def test_M15_a_blocked_pyramid_scores_for_nobody():
    state = ENGINE.position(
        board(cells("2", "d4 e4 d5 e5"), cells("1", "a1")), {"d4+": ("1", "blocker")}
    )
    assert ENGINE.view(state)["income"] == {"1": 0, "2": 0}


def test_M15_a_simple_blocker_moves_like_its_apex_and_attacks_an_area_figure():
    state = ENGINE.position(
        board(cells("2", "b4 c4 b5 c5 h8"), cells("1", "h1")), {"b4+": ("1", "blocker")}
    )
    targets = {m[2] for m in legal(state) if m[:2] == ["move", "b4+"]}
    assert targets == {f"{f}{r}" for f in "abcd" for r in "3456"} - set(["b4", "c4", "b5", "c5"])
    after, step = ENGINE.apply(state, ["move", "b4+", "a3"])  # a3 is in b4's area
    assert step.extra["kind"] == "blocker_move" and step.points == 1
    assert "b4" not in ENGINE.view(after)["cells"] and ENGINE.view(after)["cells"]["a3"] == "1"
    refused(state, ["move", "b4+", "e3"], "move_not_allowed")


def test_M15_the_central_blocker_never_attacks_nor_knocks_out():
    state = ENGINE.position(
        board(cells("2", "d4 e4 d5 e5 b6 c6 b7 c7")),
        {"d4+": ("1", "blocker"), "b6+": ("2", "apex")},
    )
    refused(state, ["move", "d4+", "b6+"], "move_not_allowed")
    after, step = ENGINE.apply(state, ["move", "d4+", "c3"])
    assert step.points == 0 and set(["d4", "e4", "d5", "e5"]) <= set(ENGINE.view(after)["cells"])
    far = ENGINE.apply(state, ["move", "d4+", "h1"])[0]
    assert ENGINE.view(far)["cells"]["h1"] == "1"


def test_M16_a_jump_inside_the_square_knocks_out_the_blocker():
    state = ENGINE.position(
        board(cells("1", "b4 c4 b5 c5"), cells("2", "h8")), {"b4+": ("2", "blocker")}
    )
    after, step = ENGINE.apply(state, ["move", "b4", "d4"])
    assert step.extra["kind"] == "unblock" and step.points == 1
    view = ENGINE.view(after)
    assert view["centres"] == {} and "b4" not in view["cells"]  # no drop-in: M16
    assert after.position.removed == [0, 1]


def test_M16_one_point_for_each_square_freed_and_the_jump_may_go_on():
    state = ENGINE.position(
        board(cells("1", "b3 c3 b4 c4 b5 c5 e4"), cells("2", "h8")),
        {"b3+": ("2", "blocker"), "b4+": ("2", "blocker")},
    )
    after, step = ENGINE.apply(state, ["move", "b4", "f4"])  # over c4, then e4
    assert step.points == 2 and ENGINE.view(after)["centres"] == {}
    assert ENGINE.view(after)["cells"]["f4"] == "1"


def test_M16_a_move_that_is_both_an_entry_move_and_an_M16_jump_is_the_jump():
    state = ENGINE.position(
        board(cells("1", "a1 b1 a2 b2 a4"), cells("2", "h8")), {"a1+": ("2", "blocker")}
    )
    after, step = ENGINE.apply(state, ["move", "a1", "a5"])
    assert step.extra["kind"] == "unblock" and step.points == 1
    assert ENGINE.view(after)["cells"]["a5"] == "1" and ENGINE.view(after)["centres"] == {}


def test_M17_attacking_a_square_puts_the_third_figure_on_its_centre_as_blocker():
    state = ENGINE.position(board(cells("2", "d4 e4 d5 e5 f4"), cells("1", "c3 c4 d3")))
    after, step = ENGINE.apply(state, ["move", "c3", "d4+"])
    assert step.extra["kind"] == "block" and step.points == 0
    assert ENGINE.view(after)["centres"]["d4+"] == {
        "seat": "1",
        "role": "blocker",
        "kind": "central",
    }
    assert after.position.removed == [0, 0]
    refused(after, ["move", "f4", "d4+"], "occupied")  # no apex on a blocked square


# -- M18: income ----------------------------------------------------------------------


def test_M18_a_pyramid_scores_at_the_start_of_each_of_its_owners_turns():
    state = ENGINE.position(board(cells("1", "c3 d3 c4 d4 e3"), cells("2", "h8")))
    state, entered = ENGINE.apply(state, ["move", "e3", "c3+"])
    assert entered.points == 0  # completed on this turn: scores from the next one
    state, _ = ENGINE.apply(state, ["move", "h8", "h7"])
    state, step = ENGINE.apply(state, ["put", "a1"])
    assert step.points == 4 and step.extra["income"] == 4 and step.extra["one_off"] == 0
    assert step.extra["scores"] == {"1": 4, "2": 0}
    assert ENGINE.score(state) == {"1": 4, "2": 0}


def test_M18_points_are_income_plus_one_off_points():
    state = ENGINE.position(
        board(cells("1", "c3 d3 c4 d4 f5"), cells("2", "f6")), {"c3+": ("1", "apex")}
    )
    after, step = ENGINE.apply(state, ["move", "f5", "f7"])
    assert (step.extra["income"], step.extra["one_off"], step.points) == (4, 1, 5)
    assert ENGINE.score(after)["1"] == 5


# -- M19: resignation -----------------------------------------------------------------


def test_M19_resigning_in_a_2_player_game_loses_whatever_the_score():
    state = ENGINE.position(board(cells("1", "a1"), cells("2", "h8")), scores={"1": 50})
    after, step = ENGINE.apply(state, ["resign", "1"])
    result = ENGINE.result(after)
    assert (result.over, result.winner, result.reason) == (True, "2", "resignation")
    assert ENGINE.places(after) == {"1": 2, "2": 1} and step.points == 0
    refused(after, ["put", "d1"], "game_over")
    refused(after, ["resign", "2"], "game_over")


def test_M19_in_2_players_the_resigners_figures_stay_on_the_final_board():
    state = ENGINE.position(
        board(cells("1", "c3 d3 c4 d4 a1"), cells("2", "h8 g8")),
        {"c3+": ("1", "apex")},
        hands={"1": 3, "2": 5},
    )
    before = ENGINE.view(state)
    after, _ = ENGINE.apply(state, ["resign", "1"])
    view = ENGINE.view(after)
    assert view["cells"] == before["cells"] and view["centres"] == before["centres"]
    assert view["hands"] == before["hands"]
    assert view["out"] == ["1"] and ENGINE.result(after).winner == "2"
    assert not ENGINE.check(after)


def test_M19_a_seat_resigns_only_for_itself():
    refused(ENGINE.new(), ["resign", "2"], "not_your_turn", player="1")
    refused(ENGINE.new(), ["resign", "3"], "bad_move")  # no seat 3 with 2 players


def test_M19_in_4_players_the_seat_leaves_the_board_and_the_others_play_on():
    state = ENGINE.position(
        board(cells("2", "c3 d3 c4 d4 h4"), cells("1", "a1"), cells("3", "a8"), cells("4", "h8")),
        {"c3+": ("3", "blocker")},
        options={"players": 4},
        turn="2",
    )
    after, _ = ENGINE.apply(state, ["resign", "2"])
    view = ENGINE.view(after)
    assert "2" not in view["cells"].values() and view["centres"] == {}
    assert list(view["cells"].values()).count("3") == 2  # the blocker dropped in
    assert view["out"] == ["2"] and view["hands"]["2"] == 0
    assert ENGINE.to_move(after) == "3" and not ENGINE.result(after).over
    assert ENGINE.places(after)["2"] == 4
    assert not ENGINE.check(after)
    refused(after, ["resign", "2"], "move_not_allowed")


def test_M19_the_last_two_resignations_end_a_4_player_game():
    state = ENGINE.new({"players": 4})
    state = play(state, ["resign", "4"], ["resign", "2"])
    assert ENGINE.to_move(state) == "1"
    state = play(state, ["put", "a1"], ["resign", "3"])
    result = ENGINE.result(state)
    assert (result.over, result.winner, result.reason) == (True, "1", "resignation")
    assert ENGINE.places(state) == {"1": 1, "3": 2, "2": 3, "4": 4}


# -- M20: the end and the ranking -------------------------------------------------------


def test_M20_the_move_limit_ends_the_game():
    state = play(ENGINE.new({"move_limit": 3}), ["put", "a1"], ["put", "h8"])
    assert not ENGINE.result(state).over
    state = play(state, ["put", "a2"])
    assert ENGINE.result(state).over
    assert ENGINE.result(state).reason == "move_limit" and ENGINE.to_move(state) is None
    refused(state, ["put", "h7"], "game_over")


def _checkerboard(empty: str) -> dict[str, str]:
    figures = {}
    for f in "abcdefgh":
        for r in range(1, 9):
            name = f"{f}{r}"
            if name != empty:
                figures[name] = "1" if ("abcdefgh".index(f) + r) % 2 == 1 else "2"
    return figures


def test_M20_when_every_player_passes_in_a_row_the_game_ends():
    state = ENGINE.position(_checkerboard("a1"), options={"figures": 32})
    after, step = ENGINE.apply(state, ["put", "a1"])
    assert step.extra["passes"] == [{"seat": "2", "income": 0}, {"seat": "1", "income": 0}]
    result = ENGINE.result(after)
    assert (result.over, result.winner, result.reason) == (True, None, "all_passed")
    assert ENGINE.places(after) == {"1": 1, "2": 1}


def test_M20_a_player_without_a_move_passes_and_still_gets_the_income():
    seat1 = cells("1", "a3 b3 c1 c2 c3 a4 b4 d1 d2 h1 a8 h8 e1 d8 e8 a5 h4 h5")
    state = ENGINE.position(
        board(cells("2", "a1 b1 a2 b2"), seat1),
        {"a1+": ("2", "apex")},
        hands={"2": 0},
        options={"figures": 32},
    )
    after, step = ENGINE.apply(state, ["put", "h3"])
    assert step.extra["passes"] == [{"seat": "2", "income": 4}]
    assert step.extra["scores"] == {"1": 0, "2": 4}
    assert ENGINE.to_move(after) == "1" and ENGINE.score(after) == {"1": 0, "2": 4}
    assert after.moves == state.moves + 1  # the pass is no move


def test_M20_fewer_than_two_players_in_ends_the_game():
    state = ENGINE.position(
        board(cells("1", "c3"), cells("2", "c4")), hands={"2": 0}, scores={"2": 9}
    )
    after, _ = ENGINE.apply(state, ["move", "c3", "c5"])
    result = ENGINE.result(after)
    assert (result.over, result.winner, result.reason) == (True, "1", "players_out")
    assert ENGINE.view(after)["out"] == ["2"]
    assert ENGINE.places(after) == {"1": 1, "2": 2}  # still in ranks above a higher score


def test_M20_equal_scores_share_a_place():
    state = ENGINE.position(
        board(cells("1", "a1"), cells("2", "h1"), cells("3", "a8"), cells("4", "h8")),
        scores={"1": 5, "2": 5, "3": 2, "4": 7},
        options={"players": 4},
    )
    assert ENGINE.places(state) == {"1": 2, "2": 2, "3": 4, "4": 1}


# -- snapshots, view, values ----------------------------------------------------------


def test_apply_leaves_the_old_state_as_it_was():
    state = ENGINE.position(board(cells("1", "c3"), cells("2", "c4")))
    before = ENGINE.dump(state)
    ENGINE.apply(state, ["move", "c3", "c5"])
    assert ENGINE.dump(state) == before


def test_dump_and_load_give_back_the_same_state():
    state = ENGINE.position(
        board(cells("1", "d4 e4 d5 e5 a1"), cells("2", "b2 c2 b3 c3 h8")),
        {"d4+": ("1", "apex"), "b2+": ("1", "blocker")},
        scores={"1": 70},
        options={"move_limit": 90},
    )
    data = ENGINE.dump(state)
    assert isinstance(data, bytes) and len(data) < 400
    again = ENGINE.load(data)
    assert ENGINE.dump(again) == data and ENGINE.view(again) == ENGINE.view(state)


@pytest.mark.parametrize("data", [b"", b"{}", b'{"v": 1}', b"[1]"])
def test_a_broken_snapshot_is_a_record_error(data):
    from games.engines import RecordError

    with pytest.raises(RecordError):
        ENGINE.load(data)


def test_view_has_the_page_shape():
    state = play(ENGINE.new(), ["put", "d1"])
    view = ENGINE.view(state)
    for key in [
        "players",
        "seats",
        "cells",
        "centres",
        "hands",
        "scores",
        "out",
        "to_move",
        "last",
        "moves",
        "circles",
        "legal",
    ]:
        assert key in view
    assert view["cells"] == {"d1": "1"} and view["last"] == ["put", "d1"]
    assert view["to_move"] == "2" and view["moves"] == 1 and view["players"] == 2
    assert ["put", "h8"] in view["legal"]


# -- property: random games keep every invariant --------------------------------------


def _random_game(players: int, seed: int, cpu_seats: set[int], limit: int = 200):
    chooser = random.Random(seed)
    state = ENGINE.new({"players": players, "move_limit": limit})
    accepted = []
    while not ENGINE.result(state).over:
        assert len(accepted) <= limit
        moves = ENGINE.legal_moves(state)
        assert moves, "the side to move always has a move"
        if state.turn in cpu_seats:
            move = ENGINE.suggest(state)
            assert move in moves
        else:
            move = chooser.choice(moves)
        before = ENGINE.score(state)
        state, step = ENGINE.apply(state, move)
        assert ENGINE.check(state) == []
        after = ENGINE.score(state)
        assert {seat: after[seat] - before[seat] for seat in after} == step.extra["scores"]
        assert step.points == step.extra["income"] + step.extra["one_off"] >= 0
        accepted.append(move)
    return state, accepted


@settings(max_examples=12, deadline=None)
@given(
    players=st.sampled_from([2, 4]),
    seed=st.integers(0, 10_000),
    cpu=st.sets(st.integers(0, 3), max_size=4),
)
def test_random_games_keep_the_rules_end_and_replay_the_same(players, seed, cpu):
    state, accepted = _random_game(players, seed, {s for s in cpu if s < players}, limit=120)
    result = ENGINE.result(state)
    assert result.over and result.reason in ("move_limit", "all_passed", "players_out")
    view = ENGINE.view(state)
    assert all(name.endswith("+") for name in view["centres"])
    assert len(view["cells"]) + len(view["centres"]) <= 64 + 49
    lines = list(ENGINE.replay(Record("quadramids", state.options.as_dict(), accepted)))
    assert len(lines) == len(accepted) and lines[-1]["over"]
    assert lines[-1]["score"] == ENGINE.score(state)
    assert ENGINE.dump(ENGINE.load(ENGINE.dump(state))) == ENGINE.dump(state)


@pytest.mark.parametrize("seed", range(3))
def test_every_4_player_game_ends_within_the_move_limit(seed):
    state, accepted = _random_game(4, seed, {0, 2})
    assert ENGINE.result(state).over and len(accepted) <= 200
    assert sum(ENGINE.places(state).values()) >= 4


def test_legal_moves_are_exactly_the_moves_the_engine_accepts():
    from games.catalog.quadramids.engine.board import CENTRE, CENTRES, place_name

    places = [place_name(c) for c in range(64)] + [place_name(CENTRE + c) for c in CENTRES]
    positions = [
        ENGINE.position(
            board(cells("1", "d4 e4 d5 e5 b2 c2 b3 c3 c1 a3 f4"), cells("2", "b6 c6 b7 c7 d7")),
            {"d4+": ("1", "apex"), "b6+": ("2", "apex"), "b2+": ("1", "apex")},
        ),
        ENGINE.position(
            board(cells("2", "b4 c4 b5 c5 c6 d3"), cells("1", "a3 a4 b3 d6 d5 c7")),
            {"b4+": ("1", "blocker")},
            turn="2",
        ),
    ]
    for state in positions:
        accepted = set()
        for a in places:
            for b in places:
                if a != b:
                    try:
                        ENGINE.apply(state, ["move", a, b])
                    except IllegalMove:
                        continue
                    accepted.add(("move", a, b))
            try:
                ENGINE.apply(state, ["put", a])
            except IllegalMove:
                continue
            accepted.add(("put", a))
        assert accepted == {tuple(m) for m in ENGINE.legal_moves(state)}
