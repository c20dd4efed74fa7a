"""D11: the CPU standing in for an absent player plays its easiest level: a line that gives
no box away while there is one, else the smallest sacrifice."""

import pytest

from games.catalog.dots_and_boxes.engine import ENGINE
from games.catalog.dots_and_boxes.engine.board import completes
from games.catalog.dots_and_boxes.engine.cpu import (
    boxes_handed_over,
    safe_lines,
    sides_left,
    stand_in_line,
)
from tests.engines.test_dots_and_boxes_rules import draw_lines, play, random_position

# A 4×2 board where every box has two sides left: the bottom row is a chain of 4, the top
# row a single box on the left (its left and top sides left) and a chain of 3.
CHAINS_1_3_4 = [
    *(["v", x, 0] for x in range(5)),
    ["v", 0, 1],
    ["h", 0, 2],
    ["h", 1, 2],
    ["v", 2, 1],
    ["v", 3, 1],
    ["v", 4, 1],
]


def test_D11_stand_in_plays_the_easiest_line():
    state = ENGINE.new({"columns": 2, "rows": 2})
    assert ENGINE.stand_in_move(state) == ["h", 0, 0]  # the first line that gives nothing
    state = play(["h", 0, 0], ["h", 0, 1], ["v", 0, 0])  # box 0-0 has three sides
    move = ENGINE.stand_in_move(state)
    assert ENGINE.suggest(state) == ["v", 1, 0]  # the CPU's normal level takes the box
    assert move != ["v", 1, 0]  # the stand-in leaves it, as it leaves every chance
    board, drawn = state.board, state.drawn
    assert board.index(*move) in safe_lines(board, drawn, sides_left(board, drawn))


def test_D11_stand_in_with_no_safe_line_gives_the_smallest_chain():
    state = draw_lines(4, 2, CHAINS_1_3_4)
    board, drawn = state.board, state.drawn
    assert not safe_lines(board, drawn, sides_left(board, drawn))
    assert ENGINE.stand_in_move(state) == ["h", 0, 2]  # a side of the single box
    handed = {board.name(n): boxes_handed_over(board, drawn, n) for n in range(board.lines)}
    assert handed["h 0-2"] == handed["v 0-1"] == 1
    assert handed["h 1-2"] == 3 and handed["v 0-0"] == 4


def test_D11_stand_in_with_no_safe_line_takes_a_box_it_is_given():
    state = draw_lines(4, 2, [move for move in CHAINS_1_3_4 if move != ["v", 0, 1]])
    assert completes(state.board, state.drawn, state.board.index("h", 0, 2))
    assert ENGINE.stand_in_move(state) == ["h", 0, 2]  # a capture hands nothing over


def test_D11_stand_in_has_no_move_in_a_finished_game():
    state = draw_lines(1, 1, [])
    assert stand_in_line(state.board, state.drawn) is None
    assert ENGINE.stand_in_move(state) is None


@pytest.mark.parametrize("seed", range(40))
def test_D11_stand_in_is_safe_while_it_can_be_and_else_gives_least(seed):
    state = random_position(seed, 4, 3, undrawn=seed % 20 + 1)
    board, drawn = state.board, state.drawn
    line = stand_in_line(board, drawn)
    safe = safe_lines(board, drawn, sides_left(board, drawn))
    free = [n for n in range(board.lines) if not drawn >> n & 1]
    if safe:
        assert line == min(safe)
    else:
        least = min(boxes_handed_over(board, drawn, n) for n in free)
        assert boxes_handed_over(board, drawn, line) == least
