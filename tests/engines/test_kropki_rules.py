"""Kropki rules K1–K13, one test (or a few) per rule, and the lessons of the rules file."""

import pytest

from games.catalog.kropki.engine import ENGINE
from games.engines import IllegalMove, OptionError
from tests.engines.kropki_helpers import blue, dot_at, owner_at, play, red, score

# A blue diamond around 5-5: four dots linked only diagonally (K5).
DIAMOND_AROUND_5_5 = [(5, 6), (4, 5), (6, 5), (5, 4)]


def refused(state, move, player=None) -> str:
    with pytest.raises(IllegalMove) as refusal:
        ENGINE.apply(state, move, player)
    return refusal.value.code


# -- K1, K2: board and notation ----------------------------------------------------


def test_K1_default_board_is_39_by_32():
    view = ENGINE.view(ENGINE.new())
    assert (view["width"], view["height"]) == (39, 32)


@pytest.mark.parametrize(("width", "height"), [(4, 4), (60, 60), (5, 41)])
def test_K1_any_size_from_4_to_60_is_allowed(width, height):
    view = ENGINE.view(ENGINE.new({"width": width, "height": height}))
    assert (len(view["dots"][0]), len(view["dots"])) == (width, height)


@pytest.mark.parametrize(("width", "field"), [(3, "width"), (61, "width"), ("39", "width")])
def test_K1_sizes_outside_4_to_60_are_refused_naming_the_option(width, field):
    with pytest.raises(OptionError) as error:
        ENGINE.new({"width": width})
    assert error.value.field == field


def test_K1_x_counts_from_the_left_and_y_from_the_bottom():
    state = play([1, 1], [39, 32], width=39, height=32)
    view = ENGINE.view(state)
    assert view["dots"][0][0] == "b"  # rows[y-1][x-1]: 1-1 is the lower-left point
    assert view["dots"][31][38] == "r"


@pytest.mark.parametrize("move", [[0, 5], [13, 5], [5, 0], [5, 13]])
def test_K1_points_off_the_board_are_refused(move):
    assert refused(play(), move) == "off_board"


def test_K2_border_dots_cannot_be_taken_but_the_next_row_can():
    # Red surrounds blue 1-5 (border) and blue 2-9 (one row in) from every side.
    state = play(
        *blue((1, 5), (2, 9)),
        *red((1, 6), (2, 5), (1, 4)),
        *red((2, 10), (1, 9), (3, 9), (2, 8)),
    )
    assert dot_at(state, 1, 5) == "b" and owner_at(state, 1, 5) == "."
    assert owner_at(state, 2, 9) == "r"
    assert score(state) == (0, 1)


# -- K3, K4: start and turns -------------------------------------------------------


def test_K3_cross_on_39_by_32_stands_at_20_16():
    state = ENGINE.new()
    assert [dot_at(state, x, y) for x, y in [(20, 16), (21, 17)]] == ["b", "b"]
    assert [dot_at(state, x, y) for x, y in [(21, 16), (20, 17)]] == ["r", "r"]
    assert sum(row.count("b") + row.count("r") for row in ENGINE.view(state)["dots"]) == 4


def test_K3_cross_lower_left_is_the_rounded_up_centre():
    state = ENGINE.new({"width": 10, "height": 7})
    assert dot_at(state, 5, 4) == "b" and dot_at(state, 6, 5) == "b"
    assert dot_at(state, 6, 4) == "r" and dot_at(state, 5, 5) == "r"


def test_K3_cross_dots_are_not_moves_and_can_be_switched_off():
    assert ENGINE.view(ENGINE.new())["moves"] == 0
    empty = ENGINE.new({"start": "empty"})
    assert all(set(row) == {"."} for row in ENGINE.view(empty)["dots"])


def test_K4_blue_moves_first_then_they_alternate():
    state = ENGINE.new()
    assert ENGINE.to_move(state) == "blue"
    state, step = ENGINE.apply(state, [1, 1])
    assert step.player == "blue"
    assert ENGINE.to_move(state) == "red"
    assert refused(state, [2, 2], "blue") == "not_your_turn"
    state, step = ENGINE.apply(state, [2, 2], "red")
    assert ENGINE.to_move(state) == "blue"


@pytest.mark.parametrize("move", [None, "pass", [], [1], [1, 2, 3, 4], [1.5, 2], [True, 2]])
def test_K4_there_is_no_pass_and_a_move_is_one_dot(move):
    assert refused(ENGINE.new(), move) == "malformed"


def test_K4_a_refused_move_changes_nothing():
    state = ENGINE.new()
    before = ENGINE.dump(state)
    refused(state, [20, 16])
    assert ENGINE.dump(state) == before


# -- K5–K8: chains, capture, territory ----------------------------------------------


def test_K5_dots_linked_only_diagonally_close_a_contour():
    state = play(*red((5, 5)), *blue(*DIAMOND_AROUND_5_5))
    assert owner_at(state, 5, 5) == "b"
    assert score(state) == (1, 0)


def test_K6_capture_happens_on_the_move_that_closes_the_contour():
    state = play(*red((5, 5)), *blue(*DIAMOND_AROUND_5_5[:3]))
    assert score(state) == (0, 0)
    state, step = ENGINE.apply(state, [5, 4], "blue", record=True)
    assert step.points == 1
    assert score(state) == (1, 0)


def test_K6_empty_points_inside_become_territory_too():
    ring = [(4, 5), (5, 6), (6, 6), (7, 5), (6, 4), (5, 4)]
    state = play(*red((5, 5)), *blue(*ring))
    assert owner_at(state, 5, 5) == "b" and owner_at(state, 6, 5) == "b"
    assert dot_at(state, 6, 5) == "."


def test_K6_one_dot_can_close_two_contours_at_once():
    # Blue 5-5 is the shared corner of the diamonds around red 4-5 and red 6-5.
    state = play(*red((4, 5), (6, 5)), *blue((4, 6), (3, 5), (4, 4), (6, 6), (7, 5), (6, 4)))
    assert score(state) == (0, 0)
    state, step = ENGINE.apply(state, [5, 5], "blue", record=True)
    assert step.points == 2
    assert owner_at(state, 4, 5) == "b" and owner_at(state, 6, 5) == "b"


def test_K6_a_contour_may_run_along_the_border():
    # Blue U against the left edge around red 2-5; the last blue dot stands on the edge.
    state = play(*red((2, 5)), *blue((2, 6), (3, 5), (2, 4), (1, 4), (1, 6)))
    assert score(state) == (0, 0)
    state, step = ENGINE.apply(state, [1, 5], "blue", record=True)
    assert step.points == 1 and owner_at(state, 2, 5) == "b"


def test_K7_enemy_dot_put_into_an_empty_contour_is_taken_at_once():
    state = play(*blue(*DIAMOND_AROUND_5_5))
    assert owner_at(state, 5, 5) == "."  # an empty contour is not territory
    state, step = ENGINE.apply(state, [5, 5], "red", record=True)
    assert step.points == 0
    assert owner_at(state, 5, 5) == "b"
    assert score(state) == (1, 0)


def test_K7_own_dot_in_own_empty_contour_stays_active():
    state = play(*blue(*DIAMOND_AROUND_5_5), *blue((5, 5)))
    assert owner_at(state, 5, 5) == "." and score(state) == (0, 0)


def test_K7_decision_a_dot_that_captures_is_not_taken_by_the_empty_contour():
    # Red 5-5 inside the blue diamond closes red's own ring around blue 5-6.
    state = play(*blue(*DIAMOND_AROUND_5_5), *red((4, 6), (5, 7), (6, 6)))
    state, step = ENGINE.apply(state, [5, 5], "red", record=True)
    assert step.points == 1
    assert owner_at(state, 5, 6) == "r"
    assert dot_at(state, 5, 5) == "r" and owner_at(state, 5, 5) == "."
    assert score(state) == (0, 1)


def test_K8_larger_contour_takes_the_smaller_one_inside_it():
    # Blue takes red 6-6; red then rings the whole blue diamond (the lesson "capture the
    # captured"): red takes 4 blue dots and blue loses the point for red 6-6.
    state = play(*red((6, 6)), *blue((6, 7), (5, 6), (7, 6), (6, 5)))
    assert score(state) == (1, 0)
    state = play(
        *red((6, 6)),
        *blue((6, 7), (5, 6), (7, 6), (6, 5)),
        *red((6, 8), (5, 7), (4, 6), (5, 5), (6, 4), (7, 5), (8, 6), (7, 7)),
    )
    assert score(state) == (0, 4)
    assert owner_at(state, 6, 6) == "r" and owner_at(state, 6, 7) == "r"


def test_K8_own_territory_comes_back_inside_a_larger_contour():
    # Blue takes red 6-6; red takes that whole blue diamond; blue rings it all again.
    inner_blue = [(6, 7), (5, 6), (7, 6), (6, 5)]
    red_ring = [(6, 8), (5, 7), (4, 6), (5, 5), (6, 4), (7, 5), (8, 6), (7, 7)]
    outer_blue = [(6, 9), (5, 8), (4, 7), (3, 6), (4, 5), (5, 4), (6, 3), (7, 4)]
    outer_blue += [(8, 5), (9, 6), (8, 7), (7, 8)]
    state = play(*red((6, 6)), *blue(*inner_blue), *red(*red_ring), *blue(*outer_blue))
    # Blue now owns all of it: 8 red ring dots and red 6-6; red's 4 points are gone.
    assert score(state) == (9, 0)
    assert all(owner_at(state, x, y) == "b" for x, y in [(6, 6), *inner_blue, *red_ring])


# -- K9–K11 ------------------------------------------------------------------------


def test_K9_no_dot_on_captured_dot_or_empty_territory_or_occupied_point():
    ring = [(4, 5), (5, 6), (6, 6), (7, 5), (6, 4), (5, 4)]
    state = play(*red((5, 5)), *blue(*ring), *red((10, 10)))
    assert refused(state, [5, 5], "blue") == "owned"  # the captured red dot
    assert refused(state, [6, 5], "blue") == "owned"  # empty point in blue's territory
    assert refused(state, [10, 10], "blue") == "occupied"
    assert refused(state, [4, 5], "blue") == "occupied"


def test_K10_a_border_dot_surrounded_on_every_side_stays_untaken():
    state = play(*blue((1, 5)), *red((1, 6), (2, 6), (2, 5), (2, 4), (1, 4)))
    assert owner_at(state, 1, 5) == "." and score(state) == (0, 0)


def test_K11_score_counts_enemy_dots_on_owned_points_only():
    ring = [(4, 5), (5, 6), (6, 6), (7, 5), (6, 4), (5, 4)]
    state = play(*red((5, 5)), *blue(*ring))
    assert score(state) == (1, 0)  # the empty territory point 6-5 scores nothing


# -- Lessons of the rules file -------------------------------------------------------


def test_lesson_start_the_cross_and_blue_to_move():
    state = ENGINE.new()
    assert ENGINE.to_move(state) == "blue"
    assert score(state) == (0, 0)
    assert not ENGINE.result(state).over


def test_lesson_first_capture_one_red_dot_scores_1_0():
    assert score(play(*red((5, 5)), *blue(*DIAMOND_AROUND_5_5))) == (1, 0)


def test_lesson_larger_area_three_blue_dots_at_once_scores_0_3():
    state = play(
        *blue((5, 5), (6, 5), (7, 5)),
        *red((4, 5), (5, 6), (6, 6), (7, 6), (8, 5), (7, 4), (6, 4)),
    )
    assert score(state) == (0, 0)
    state, step = ENGINE.apply(state, [5, 4], "red", record=True)
    assert step.points == 3
    assert score(state) == (0, 3)


def test_lesson_no_moves_on_captured_territory():
    state = play(*red((5, 5)), *blue(*DIAMOND_AROUND_5_5), [9, 9, "red"])
    assert refused(state, [5, 5], "blue") == "owned"
    ring = [(4, 5), (5, 6), (6, 6), (7, 5), (6, 4), (5, 4)]
    bigger = play(*red((5, 5)), *blue(*ring), [9, 9, "red"])
    assert refused(bigger, [6, 5], "blue") == "owned"


def test_lesson_a_captured_dot_does_not_play():
    # Red takes blue 5-6; blue's later diamond around red 6-6 runs through that dot.
    state = play(*blue((5, 6)), *red((4, 6), (5, 7), (5, 5), (6, 6)))
    assert score(state) == (0, 1)
    state = play(*blue((5, 6)), *red((4, 6), (5, 7), (5, 5), (6, 6)), *blue((6, 7), (7, 6), (6, 5)))
    assert owner_at(state, 6, 6) == "."
    assert score(state) == (0, 1)


def test_lesson_board_edge_surrounded_border_dot_scores_0_0():
    state = play(*blue((1, 5)), *red((1, 6), (2, 5), (1, 4)))
    assert score(state) == (0, 0)


def test_lesson_capture_the_captured():
    state = play(*red((6, 6)), *blue((6, 7), (5, 6), (7, 6), (6, 5)))
    assert score(state) == (1, 0)
    for point in [(6, 8), (5, 7), (4, 6), (5, 5), (6, 4), (7, 5), (8, 6), (7, 7)]:
        state, _step = ENGINE.apply(state, [*point, "red"], record=True)
    assert score(state) == (0, 4)
