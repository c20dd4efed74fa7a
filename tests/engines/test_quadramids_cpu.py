"""The Quadramids CPU player: legal, greedy on points, careful with its figures."""

import random

from games.catalog.quadramids.engine import ENGINE
from tests.engines.test_quadramids_rules import board, cells, play


def test_the_cpu_plays_only_legal_moves():
    chooser = random.Random(5)
    for players in (2, 4):
        state = ENGINE.new({"players": players, "move_limit": 80})
        while not ENGINE.result(state).over:
            move = ENGINE.suggest(state)
            assert move in ENGINE.legal_moves(state)
            if chooser.random() < 0.3:
                move = chooser.choice(ENGINE.legal_moves(state))
            state = play(state, move)
        assert ENGINE.suggest(state) is None


def test_the_cpu_takes_a_free_attack():
    state = ENGINE.position(board(cells("1", "c3 a1"), cells("2", "c4 h8")))
    assert ENGINE.suggest(state) == ["move", "c3", "c5"]


def test_the_cpu_captures_a_pyramid():
    state = ENGINE.position(
        board(cells("2", "d4 e4 d5 e5"), cells("1", "c3 c4 d3")), {"d4+": ("2", "apex")}
    )
    assert ENGINE.suggest(state) == ["move", "c3", "d4+"]


def test_the_cpu_puts_an_apex_on_its_square():
    state = ENGINE.position(board(cells("1", "b2 c2 b3 c3 d2"), cells("2", "h8")))
    assert ENGINE.suggest(state) == ["move", "d2", "b2+"]


def test_the_cpu_does_not_step_next_to_an_enemy_that_could_take_it():
    state = ENGINE.position(board(cells("1", "c2"), cells("2", "c4")), hands={"1": 0})
    move = ENGINE.suggest(state)
    assert move != ["move", "c2", "c3"]  # c4 would take it by hopping to c2


def test_the_cpu_is_deterministic():
    state = ENGINE.new({"players": 4})
    for _ in range(40):
        state = play(state, ENGINE.suggest(state))
    first = ENGINE.suggest(state)
    assert ENGINE.suggest(ENGINE.load(ENGINE.dump(state))) == first


def test_the_cpu_gathers_round_a_corner_of_an_enemy_pyramid_and_takes_it():
    # M14: seat 1 needs c4, d3 and c3 round d4; it holds c4, and b3 and d2 can come.
    state = ENGINE.position(
        board(cells("2", "d4 e4 d5 e5 h8"), cells("1", "c4 b3 d2")),
        {"d4+": ("2", "apex")},
        hands={"1": 0, "2": 0},
    )
    chosen = []
    for answer in (["move", "h8", "h7"], ["move", "h7", "h6"], ["move", "h6", "h5"]):
        chosen.append(ENGINE.suggest(state))
        state = play(state, chosen[-1], answer)
    assert chosen == [["move", "b3", "c3"], ["move", "d2", "d3"], ["move", "c3", "d4+"]]
    assert ENGINE.score(state)["1"] == 64  # the central apex knocked out, once
