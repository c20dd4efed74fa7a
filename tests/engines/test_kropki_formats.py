"""K12–K16: how a single game and the championship match formats end."""

import pytest

from games.catalog.kropki.engine import ENGINE
from games.engines import OptionError
from tests.engines.kropki_helpers import blue, play, quiet_moves, red

# Blue takes red 20-10 in the middle of the board: 1:0, far from secured (K13).
MIDDLE_CAPTURE = [
    [5, 20], [20, 10], [20, 11], [6, 20], [19, 10], [7, 20], [21, 10], [8, 20], [20, 9],
]  # fmt: skip
# Blue takes red 2-15 with blue 1-15 on the edge: the area is grounded, 1:0 is secured.
EDGE_CAPTURE = [[3, 15], [2, 15], [2, 16], [9, 20], [2, 14], [10, 20], [1, 15]]


def fresh(format_, **options):
    return {"width": 39, "height": 32, "start": "empty", "format": format_, **options}


def run(opening, count, format_, **options):
    """The opening, then quiet alternating moves up to `count` moves in all."""
    taken = {tuple(move[:2]) for move in opening}
    moves = opening + quiet_moves(count - len(opening), skip=taken)
    state = ENGINE.new(fresh(format_, **options))
    ended_at = None
    for n, move in enumerate(moves, start=1):
        state, _step = ENGINE.apply(state, move, record=True)
        if ended_at is None and ENGINE.result(state).over:
            ended_at = n
    return state, ended_at


def test_K12_single_game_ends_when_the_board_is_full():
    moves = [[x, y] for y in range(1, 5) for x in range(1, 5)]
    state = play(*moves, width=4, height=4)
    result = ENGINE.result(state)
    assert result.over and result.reason == "board_full"
    assert result.winner is None  # no captures were possible with these rows: a draw


def test_K12_single_game_ends_when_the_lead_is_secured():
    state, ended_at = run(EDGE_CAPTURE, 20, None)
    assert ended_at == len(EDGE_CAPTURE)
    assert ENGINE.result(state).reason == "secured_lead"
    assert ENGINE.result(state).winner == "blue"


def test_K12_a_level_game_is_not_over_and_the_higher_score_wins():
    state, ended_at = run(MIDDLE_CAPTURE, 40, None)
    assert ended_at is None
    assert ENGINE.score(state) == {"blue": 1, "red": 0}


def test_K12_no_move_after_the_end():
    state, _ = run(EDGE_CAPTURE, len(EDGE_CAPTURE), None)
    with pytest.raises(Exception) as refusal:
        ENGINE.apply(state, [30, 30])
    assert refusal.value.code == "game_over"
    assert ENGINE.to_move(state) is None


def test_K13_lead_in_an_open_area_is_not_secured():
    state = play(*MIDDLE_CAPTURE, width=39, height=32)
    assert ENGINE.score(state) == {"blue": 1, "red": 0}
    assert not ENGINE.secured(state)  # 1 point against 4 blue dots + 1 red dot ungrounded


def test_K13_lead_grounded_on_the_edge_is_secured():
    state = play(*EDGE_CAPTURE, width=39, height=32)
    assert ENGINE.secured(state)


def test_K13_a_diagonal_link_to_the_edge_does_not_ground():
    # The blue diamond around red 3-15 touches the edge only through diagonal links.
    diamond = [*red((3, 15)), *blue((3, 16), (2, 15), (4, 15), (3, 14))]
    state = play(*diamond, *blue((1, 16)), width=39, height=32)
    assert ENGINE.score(state) == {"blue": 1, "red": 0}
    assert not ENGINE.secured(state)
    assert ENGINE.secured(play(*diamond, *blue((1, 15)), width=39, height=32))


def test_K13_equal_scores_are_never_secured():
    assert not ENGINE.secured(ENGINE.new())


@pytest.mark.parametrize(("format_", "limit"), [("express", 80), ("extended", 160)])
def test_K14_game_ends_at_the_move_limit_and_the_leader_wins(format_, limit):
    state, ended_at = run(MIDDLE_CAPTURE, limit + 6, format_)
    assert ended_at == limit
    result = ENGINE.result(state)
    assert (result.reason, result.winner) == ("move_limit", "blue")


def test_K14_level_at_the_limit_is_a_draw():
    state, ended_at = run([], 80, "express")
    assert ended_at == 80
    assert ENGINE.result(state).winner is None


def test_K14_a_secured_lead_ends_the_game_before_the_limit():
    state, ended_at = run(EDGE_CAPTURE, 30, "express")
    assert ended_at == len(EDGE_CAPTURE)
    assert ENGINE.result(state).reason == "secured_lead"


def test_K15_full_ignores_a_secured_lead_before_move_240():
    state, ended_at = run(EDGE_CAPTURE, 239, "full")
    assert ended_at is None
    assert ENGINE.secured(state)


def test_K15_full_ends_when_the_lead_is_secured_after_move_240():
    state, ended_at = run(EDGE_CAPTURE, 245, "full")
    assert ended_at == 240
    assert ENGINE.result(state).reason == "secured_lead"


def test_K15_full_goes_on_after_240_while_the_lead_is_not_secured():
    _state, ended_at = run(MIDDLE_CAPTURE, 260, "full")
    assert ended_at is None


def test_K15_organisers_may_set_their_own_limit():
    custom = {"limit": 100, "until_secured": False}
    state, ended_at = run(MIDDLE_CAPTURE, 110, custom)
    assert ended_at == 100
    assert ENGINE.result(state).winner == "blue"
    _state, ended_at = run(EDGE_CAPTURE, 110, {"limit": 50, "until_secured": True})
    assert ended_at == 50


@pytest.mark.parametrize(
    ("format_", "field"),
    [("blitz", "format"), ({"limit": 0}, "format.limit"), ({"limit": 9, "x": 1}, "format")],
)
def test_K15_unknown_formats_are_refused_naming_the_field(format_, field):
    with pytest.raises(OptionError) as error:
        ENGINE.new(fresh(format_))
    assert error.value.field == field


def test_K16_level_playoff_game_goes_on_in_blocks_of_20():
    # Level at 80 and at 100; blue takes a dot in the third block, which ends at 120.
    taken = {tuple(move) for move in MIDDLE_CAPTURE}
    moves = quiet_moves(104, skip=taken) + MIDDLE_CAPTURE + quiet_moves(130, skip=taken)[113:]
    state = ENGINE.new(fresh("express", extra_time=True))
    ended_at = None
    for n, move in enumerate(moves, start=1):
        state, _step = ENGINE.apply(state, move, record=True)
        if ended_at is None and ENGINE.result(state).over:
            ended_at = n
    assert ended_at == 120
    assert ENGINE.result(state).winner == "blue"


def test_K16_without_extra_time_a_level_game_is_a_draw_at_the_limit():
    _state, ended_at = run([], 90, "express", extra_time=False)
    assert ended_at == 80
