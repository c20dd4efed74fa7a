"""The Dots and Boxes CPU player: takes, stays safe, double-deals, sacrifices the
smallest chain, and plays the solver's move once the solver takes over."""

import random

import pytest

from games.catalog.dots_and_boxes.engine import ENGINE
from games.catalog.dots_and_boxes.engine.board import completes, gives_third_side
from games.catalog.dots_and_boxes.engine.cpu import (
    EXACT_LINES,
    capture_all,
    controlled_value,
    safe_lines,
    sides_left,
)
from games.catalog.dots_and_boxes.engine.solver import line_values
from tests.engines.test_dots_and_boxes_rules import draw_lines, play, random_position


def cpu_plays(state, count: int) -> tuple[object, list[list]]:
    """`count` CPU moves for whoever is to move, and the moves it made."""
    moves = []
    for _ in range(count):
        move = ENGINE.suggest(state)
        moves.append(move)
        state, _step = ENGINE.apply(state, move)
    return state, moves


def undrawn(state) -> int:
    return len(ENGINE.legal_moves(state))


def line(state, move) -> int:
    return state.board.index(*move)


def rows_as_chains(columns: int, rows: int):
    """Every horizontal line drawn: each row of boxes is a chain from border to border."""
    skip = [["v", x, y] for y in range(rows) for x in range(columns + 1)]
    return draw_lines(columns, rows, skip)


def greedy_move(state, chooser: random.Random) -> list:
    """A box when there is one, else a safe line, else any line: the benchmark's baseline."""
    board, drawn = state.board, state.drawn
    free = [line(state, move) for move in ENGINE.legal_moves(state)]
    captures = [n for n in free if completes(board, drawn, n)]
    safe = [n for n in free if not gives_third_side(board, drawn, n)]
    return board.move(chooser.choice(captures or safe or free))


def mid_game_positions(count: int, columns: int, rows: int, least: int):
    """Positions of greedy-against-random games with more than `least` lines left."""
    for seed in range(count):
        chooser = random.Random(seed)
        state = ENGINE.new({"columns": columns, "rows": rows})
        stop = chooser.randint(least + 1, undrawn(state))
        while undrawn(state) > stop:
            if chooser.random() < 0.8:
                move = greedy_move(state, chooser)
            else:
                move = chooser.choice(ENGINE.legal_moves(state))
            state, _step = ENGINE.apply(state, move)
        yield state


def test_cpu_takes_a_free_box():
    state = play(["h", 0, 0], ["h", 0, 1], ["v", 0, 0])  # box 0-0 has three sides
    assert ENGINE.to_move(state) == "second" and undrawn(state) > EXACT_LINES
    assert ENGINE.suggest(state) == ["v", 1, 0]
    small = play(["h", 0, 0], ["h", 0, 1], ["v", 0, 0], columns=2, rows=2)
    assert ENGINE.suggest(small) == ["v", 1, 0]


@pytest.mark.parametrize(("columns", "rows"), [(5, 4), (7, 6), (9, 9)])
def test_cpu_never_hands_a_box_over_while_a_safe_line_exists(columns, rows):
    checked = 0
    for state in mid_game_positions(60, columns, rows, EXACT_LINES):
        board, drawn = state.board, state.drawn
        move = line(state, ENGINE.suggest(state))
        left = sides_left(board, drawn)
        if safe_lines(board, drawn, left) and not completes(board, drawn, move):
            assert not gives_third_side(board, drawn, move)
            checked += 1
        if any(count == 1 for count in left):
            # Boxes on offer are taken while a safe line is left once they are.
            after, _won = capture_all(board, drawn)
            if safe_lines(board, after, sides_left(board, after)):
                assert completes(board, drawn, move)
    assert checked > 20


def test_cpu_double_deals_when_two_long_chains_are_left():
    # Two chains of 5 boxes; the opponent opens the first at its end.
    state = rows_as_chains(5, 2)
    state, _step = ENGINE.apply(state, ["v", 0, 0])
    cpu = ENGINE.to_move(state)
    assert undrawn(state) <= EXACT_LINES  # the solver's play
    state, moves = cpu_plays(state, 4)
    # All but two are taken, then the far end is closed (the double-dealing move):
    # the last two boxes go to the opponent with one line...
    assert moves == [["v", 1, 0], ["v", 2, 0], ["v", 3, 0], ["v", 5, 0]]
    assert ENGINE.score(state)[cpu] == 3 and ENGINE.to_move(state) != cpu
    state, step = ENGINE.apply(state, ["v", 4, 0])
    assert step.points == 2
    # ...and the opponent, moving again, must open the other chain: all five are the CPU's.
    state, _step = ENGINE.apply(state, ["v", 0, 1])
    state, _moves = cpu_plays(state, 5)
    assert ENGINE.result(state).over and ENGINE.score(state)[cpu] == 8


def test_cpu_double_deals_by_the_long_chain_rule_before_the_solver_takes_over():
    # Four chains of 5 boxes (24 lines); the opponent opens the bottom one at its end.
    state = rows_as_chains(5, 4)
    state, _step = ENGINE.apply(state, ["v", 0, 0])
    cpu = ENGINE.to_move(state)
    assert undrawn(state) > EXACT_LINES  # the strategy's play, not the solver's
    state, moves = cpu_plays(state, 4)
    assert moves == [["v", 1, 0], ["v", 2, 0], ["v", 3, 0], ["v", 5, 0]]
    assert ENGINE.score(state)[cpu] == 3 and ENGINE.to_move(state) != cpu


def test_cpu_takes_everything_when_control_is_not_worth_it():
    # One chain of 5 and nothing else: keeping control buys nothing.
    state = draw_lines(5, 1, [["v", x, 0] for x in range(6)])
    state, _step = ENGINE.apply(state, ["v", 0, 0])
    cpu = ENGINE.to_move(state)
    state, _moves = cpu_plays(state, 5)
    assert ENGINE.score(state)[cpu] == 5 and ENGINE.result(state).over


def chains_with_row_0(row_0_undrawn: list[list]):
    """5×4: rows 1–3 are chains of 5; row 0 is cut as `row_0_undrawn` says."""
    skip = [["v", x, y] for y in (1, 2, 3) for x in range(6)] + row_0_undrawn
    return draw_lines(5, 4, skip)


def test_cpu_sacrifices_the_smallest_chain_first():
    # Row 0: box 0-0 alone (its bottom and left sides open), boxes 1–4 a chain of 4.
    state = chains_with_row_0(
        [["h", 0, 0], ["v", 0, 0], ["h", 1, 0]] + [["v", x, 0] for x in (2, 3, 4, 5)]
    )
    board, drawn = state.board, state.drawn
    assert not safe_lines(board, drawn, sides_left(board, drawn))
    assert undrawn(state) > EXACT_LINES
    assert ENGINE.suggest(state) in (["h", 0, 0], ["v", 0, 0])


def test_cpu_gives_a_two_chain_with_the_hard_hearted_handout():
    # Row 0: boxes 0–1 a chain of 2 (ends: left side of 0-0, bottom of 1-0), 2–4 a chain of 3.
    state = chains_with_row_0(
        [["v", 0, 0], ["v", 1, 0], ["h", 1, 0], ["h", 2, 0], ["v", 3, 0], ["v", 4, 0], ["v", 5, 0]]
    )
    assert undrawn(state) > EXACT_LINES
    # The middle line: two separate boxes, nothing the taker can decline.
    assert ENGINE.suggest(state) == ["v", 1, 0]


def test_controlled_value_of_textbook_endgames():
    assert controlled_value((), ()) == 0
    assert controlled_value((3,), ()) == -3
    assert controlled_value((5, 5), ()) == -6  # the controller takes 3 + 5, gives 2
    assert controlled_value((1, 5), ()) == 4  # give the single box, then get the five
    # Loop first: the taker takes its 4 and opens the chain (4 - 4), or gives all
    # 4 back to keep control (0 + 4 - 4): 0 either way; the chain first would lose 4.
    assert controlled_value((4,), (4,)) == 0


def test_cpu_plays_the_solvers_move_once_the_solver_takes_over():
    for seed in range(40):
        state = random_position(seed, 4, 3, random.Random(seed).randint(8, EXACT_LINES))
        values = line_values(state.board, state.drawn)
        assert values[line(state, ENGINE.suggest(state))] == max(values.values())


def test_cpu_answers_the_same_to_the_same_position():
    for state in mid_game_positions(10, 5, 4, 0):
        assert ENGINE.suggest(state) == ENGINE.suggest(ENGINE.load(ENGINE.dump(state)))


def test_cpu_plays_legal_moves_to_the_end_on_every_board_size():
    chooser = random.Random(11)
    for columns, rows in [(1, 1), (3, 2), (5, 4), (9, 9)]:
        state = ENGINE.new({"columns": columns, "rows": rows})
        while not ENGINE.result(state).over:
            if ENGINE.to_move(state) == "first":
                move = ENGINE.suggest(state)
            else:
                move = chooser.choice(ENGINE.legal_moves(state))
            state, _step = ENGINE.apply(state, move)
        assert sum(ENGINE.score(state).values()) == columns * rows
