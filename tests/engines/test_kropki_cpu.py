"""The Kropki CPU player: takes, saves, avoids empty contours, always plays legally."""

import random

from games.catalog.kropki.engine import ENGINE
from tests.engines.kropki_helpers import blue, play, red, score


def test_cpu_takes_dots_when_it_can():
    # Red to move; blue 5-5 is surrounded on three sides by red.
    state = play(*blue((5, 5)), *red((5, 6), (4, 5), (6, 5)), [9, 9, "blue"])
    assert ENGINE.to_move(state) == "red"
    assert ENGINE.suggest(state) == [5, 4]


def test_cpu_prefers_the_larger_capture():
    state = play(
        *blue((3, 3)),
        *red((3, 4), (2, 3), (4, 3)),
        *blue((8, 8), (9, 8)),
        *red((8, 9), (9, 9), (7, 8), (10, 8), (8, 7)),
        [1, 12, "blue"],
    )
    assert ENGINE.suggest(state) == [9, 7]


def test_cpu_saves_its_dot_from_capture():
    # Blue to move; red threatens to close a diamond around blue 5-5 at 5-4.
    state = play(*blue((5, 5)), *red((5, 6), (4, 5), (6, 5)))
    assert ENGINE.to_move(state) == "blue"
    assert ENGINE.suggest(state) == [5, 4]


def test_cpu_does_not_walk_into_an_empty_contour():
    # Red to move; the only point next to everything is inside blue's empty diamond.
    state = play(*blue((5, 6), (4, 5), (6, 5), (5, 4)), [12, 12, "blue"])
    assert ENGINE.suggest(state) != [5, 5]


def test_cpu_opens_near_the_centre_of_an_empty_board():
    state = ENGINE.new({"width": 39, "height": 32, "start": "empty"})
    assert ENGINE.suggest(state) == [20, 16]


def test_cpu_answers_the_same_to_the_same_position():
    state = play([3, 3], [4, 4], [5, 3], [6, 6], width=20, height=20)
    assert ENGINE.suggest(state) == ENGINE.suggest(ENGINE.load(ENGINE.dump(state)))


def test_cpu_against_random_play_always_moves_legally_to_a_full_board():
    chooser = random.Random(5)
    state = ENGINE.new({"width": 8, "height": 8})
    while not ENGINE.result(state).over:
        if ENGINE.to_move(state) == "blue":
            move = ENGINE.suggest(state)
        else:
            view = ENGINE.view(state)
            move = chooser.choice(
                [
                    [x, y]
                    for y in range(1, 9)
                    for x in range(1, 9)
                    if view["dots"][y - 1][x - 1] == "." and view["owners"][y - 1][x - 1] == "."
                ]
            )
        state, _step = ENGINE.apply(state, move)
    assert ENGINE.result(state).reason in ("board_full", "secured_lead")


def test_cpu_has_nothing_to_say_on_a_full_board():
    moves = [[x, y] for y in range(1, 5) for x in range(1, 5)]
    assert ENGINE.suggest(play(*moves, width=4, height=4)) is None


def test_cpu_does_not_step_into_a_ring_the_opponent_closes_next():
    # Red to move; blue's 5-4, 4-5 and 6-5 would close round a red dot on 5-5 with 5-6.
    state = play(*blue((5, 4), (4, 5), (6, 5)), *red((9, 9), (9, 10)), [12, 12, "blue"])
    assert ENGINE.to_move(state) == "red"
    assert ENGINE.suggest(state) != [5, 5]
    taken = play(*blue((5, 4), (4, 5), (6, 5)), *red((9, 9), (9, 10), (5, 5)), [5, 6, "blue"])
    assert score(taken) == (1, 0)  # what the CPU avoided


def test_cpu_sets_up_two_captures_the_opponent_cannot_both_stop():
    # Red to move; red 6-5 would leave blue 5-5 open at 5-6 and blue 7-5 open at 7-6.
    moves = [*blue((5, 5), (7, 5)), *red((5, 4), (4, 5), (7, 4), (8, 5)), [12, 12, "blue"]]
    state = play(*moves, [12, 1, "blue"])
    assert ENGINE.suggest(state) == [6, 5]
    for blocked, taken in (((5, 6), (7, 6)), ((7, 6), (5, 6))):
        after = play(*moves, [12, 1, "blue"], [6, 5, "red"], [*blocked, "blue"])
        assert ENGINE.suggest(after) == list(taken)
        assert score(ENGINE.apply(after, list(taken))[0]) == (0, 1)
