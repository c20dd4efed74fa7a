"""The exact Dots and Boxes solver: published values, a plain minimax, the command line.

Published values of the empty boards (net boxes for the first player, best play):
- 3×3 boxes: -3. David Wilson, "Dots-and-Boxes Analysis Results",
  https://wilson.engr.wisc.edu/boxes/results.shtml: every first line of the 3×3
  game scores -3 ("player B really should win by 3").
- 2×2 boxes: a win for the first player ("Going first, you should be able to force
  a win", https://puzzling.stackexchange.com/questions/1728, after Berlekamp's
  analysis in Winning Ways); the win is 3–1, +2 (a corner box given, three taken).
- 1×1: -1 by the rules alone: the fourth line, which takes the box, is the second
  player's.
- 4×4 (0, Wilson) and 4×5 (a tie, Barker & Korf, "Solving Dots-And-Boxes", AAAI 2012)
  are beyond a 24-line table; the values the solver gives for 1×2, 2×3 and the
  other small boards are checked against the plain minimax below instead.
"""

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.catalog.dots_and_boxes.engine import ENGINE, solver
from games.catalog.dots_and_boxes.engine.solver import (
    MAX_LINES,
    PositionTooLarge,
    SolverTimeout,
    clear_cache,
    solve,
)
from games.engines.__main__ import main
from tests.engines.test_dots_and_boxes_rules import play, random_position


def reference_value(columns: int, rows: int, drawn_moves: list[list]) -> int:
    """Plain minimax with memory, read straight from the rules: net boxes to come for
    the player to move. Its own board: lines as ("h"|"v", x, y), boxes as their sides."""
    lines = [("h", x, y) for y in range(rows + 1) for x in range(columns)]
    lines += [("v", x, y) for y in range(rows) for x in range(columns + 1)]
    number = {line: i for i, line in enumerate(lines)}
    boxes = [
        sum(
            1 << number[side]
            for side in (("h", x, y), ("h", x, y + 1), ("v", x, y), ("v", x + 1, y))
        )
        for y in range(rows)
        for x in range(columns)
    ]
    everything = (1 << len(lines)) - 1

    def completed(drawn: int) -> int:
        return sum(1 for sides in boxes if drawn & sides == sides)

    @cache
    def value(drawn: int) -> int:
        if drawn == everything:
            return 0
        best = None
        for i in range(len(lines)):
            if drawn >> i & 1:
                continue
            after = drawn | 1 << i
            won = completed(after) - completed(drawn)
            result = won + value(after) if won else -value(after)
            best = result if best is None else max(best, result)
        return best

    return value(sum(1 << number[tuple(move)] for move in drawn_moves))


def drawn_moves(state) -> list[list]:
    free = ENGINE.legal_moves(state)
    every = ENGINE.legal_moves(ENGINE.new(state.options.as_dict()))
    return [move for move in every if move not in free]


@pytest.mark.parametrize(("columns", "rows", "value"), [(1, 1, -1), (2, 2, 2), (3, 3, -3)])
def test_published_values_of_empty_boards(columns, rows, value):
    solution = solve(ENGINE.new({"columns": columns, "rows": rows}), cache=False)
    assert solution.value == value


@pytest.mark.parametrize(("columns", "rows"), [(1, 1), (1, 2), (2, 1), (1, 3), (2, 2), (3, 1)])
def test_empty_small_boards_agree_with_plain_minimax(columns, rows):
    state = ENGINE.new({"columns": columns, "rows": rows})
    assert solve(state, cache=False).value == reference_value(columns, rows, [])


def test_the_empty_2_by_3_board_agrees_with_plain_minimax():
    state = ENGINE.new({"columns": 2, "rows": 3})
    assert solve(state, cache=False).value == reference_value(2, 3, []) == -2


def best_move_keeps_the_value(state, solution) -> bool:
    after, step = ENGINE.apply(state, solution.best)
    if ENGINE.result(after).over:
        return solution.value == step.points
    rest = solve(after).value
    again = ENGINE.to_move(after) == ENGINE.to_move(state)
    return solution.value == (step.points + rest if again else -rest)


@settings(max_examples=80, deadline=None)
@given(
    columns=st.integers(1, 5),
    rows=st.integers(1, 5),
    undrawn=st.integers(1, 10),
    seed=st.integers(0, 10**6),
)
def test_random_positions_agree_with_plain_minimax(columns, rows, undrawn, seed):
    undrawn = min(undrawn, 2 * columns * rows + columns + rows)
    state = random_position(seed, columns, rows, undrawn)
    solution = solve(state)
    assert solution.value == reference_value(columns, rows, drawn_moves(state))
    assert best_move_keeps_the_value(state, solution)


@pytest.mark.parametrize("seed", range(3))
def test_20_undrawn_lines_on_a_9_by_9_board(seed):
    state = random_position(seed, 9, 9, 20)
    solution = solve(state, cache=False)  # its time: bench/dots_and_boxes.py
    assert best_move_keeps_the_value(state, solution)
    # The value is the best over every line, each valued exactly.
    values = []
    for move in ENGINE.legal_moves(state):
        after, step = ENGINE.apply(state, move)
        rest = 0 if ENGINE.result(after).over else solve(after).value
        values.append(step.points + rest if step.points else -rest)
    assert solution.value == max(values)


def test_a_later_position_of_the_same_game_is_looked_up(monkeypatch):
    clear_cache()
    state = random_position(7, 5, 4, 20)
    first = solve(state)
    after, _step = ENGINE.apply(state, first.best)
    computed = []
    compute = solver._compute
    monkeypatch.setattr(
        solver, "_compute", lambda *args: computed.append(args[1]) or compute(*args)
    )
    assert solve(after).value == solve(after, cache=False).value
    assert len(computed) == 1  # the uncached solve's table; the later position was looked up


def test_a_finished_game_has_value_0_and_no_move():
    state = play(["h", 0, 0], ["h", 0, 1], ["v", 0, 0], ["v", 1, 0], columns=1, rows=1)
    solution = solve(state)
    assert (solution.value, solution.best) == (0, None)


def test_too_many_undrawn_lines_are_refused():
    state = random_position(1, 5, 4, MAX_LINES + 1)
    with pytest.raises(PositionTooLarge):
        solve(state)
    assert solve(random_position(1, 5, 4, 16)).best is not None


def test_a_time_limit_stops_the_solver():
    with pytest.raises(SolverTimeout):
        solve(ENGINE.new({"columns": 3, "rows": 3}), time_limit=0.001, cache=False)


# -- python -m games.engines solve -----------------------------------------------------


def run(*arguments: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(["solve", *arguments])
    return status, out.getvalue(), err.getvalue()


def test_solve_command_on_an_empty_board():
    status, out, _err = run("dots_and_boxes", "--columns", "2", "--rows", "2")
    assert status == 0
    answer = json.loads(out)
    assert set(answer) == {"value", "best", "seconds"}
    assert answer["value"] == 2
    assert answer["best"] in ENGINE.legal_moves(ENGINE.new({"columns": 2, "rows": 2}))


def test_solve_command_on_the_last_position_of_a_record(tmp_path):
    state = random_position(3, 5, 4, 18)
    moves = drawn_moves(state)  # the same lines, in another order: same position
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"game": "dots_and_boxes", "options": {}, "moves": moves}))
    status, out, _err = run("dots_and_boxes", "--record", str(path))
    assert status == 0
    replayed = ENGINE.new()
    for move in moves:
        replayed, _step = ENGINE.apply(replayed, move, record=True)
    assert json.loads(out)["value"] == solve(replayed).value


@pytest.mark.parametrize(
    ("arguments", "complaint"),
    [
        (["dots_and_boxes"], "at most 24"),
        (["dots_and_boxes", "--columns", "12"], "columns"),
        (["kropki"], "no solver"),
        (["no_such_game"], "unknown game"),
        (["dots_and_boxes", "--columns"], "--NAME VALUE"),
        (["dots_and_boxes", "--columns", "2", "--record", "-"], "one or the other"),
        (["dots_and_boxes", "--columns", "two"], "columns"),
    ],
)
def test_solve_command_refuses_what_it_cannot_solve(arguments, complaint):
    status, out, err = run(*arguments)
    assert status == 2 and out == ""
    assert complaint in err and len(err.strip().splitlines()) == 1


def test_solve_command_refuses_a_finished_game(tmp_path):
    moves = [["h", 0, 0], ["h", 0, 1], ["v", 0, 0], ["v", 1, 0]]
    path = tmp_path / "over.json"
    path.write_text(
        json.dumps({"game": "dots_and_boxes", "options": {"columns": 1, "rows": 1}, "moves": moves})
    )
    status, out, err = run("dots_and_boxes", "--record", str(path))
    assert status == 2 and out == "" and "over" in err
