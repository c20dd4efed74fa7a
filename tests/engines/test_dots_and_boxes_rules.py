"""Dots and Boxes rules D1–D5, one test (or a few) per rule, records, snapshots and
property tests on random games. D6–D10 (clocks, undo, ratings, another game, a
player who leaves) are the service's rules and are tested there."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.catalog.dots_and_boxes.engine import ENGINE
from games.engines import GAMES, IllegalMove, OptionError, Record, RecordError, engine


def play(*moves, columns: int = 5, rows: int = 4, **options):
    """The state after `moves`, each played by the side to move (D4 decides who)."""
    state = ENGINE.new({"columns": columns, "rows": rows, **options})
    for move in moves:
        state, _step = ENGINE.apply(state, list(move))
    return state


def random_position(seed: int, columns: int, rows: int, undrawn: int):
    """A position of a random game with `undrawn` lines left, reached by legal play."""
    chooser = random.Random(seed)
    state = ENGINE.new({"columns": columns, "rows": rows})
    while len(ENGINE.legal_moves(state)) > undrawn:
        state, _step = ENGINE.apply(state, chooser.choice(ENGINE.legal_moves(state)))
    return state


def draw_lines(columns: int, rows: int, skip: list) -> object:
    """A position with every line drawn but `skip`, drawn by the players in turn
    (record mode), boxes going to whoever completes them: for set-up positions."""
    state = ENGINE.new({"columns": columns, "rows": rows})
    skipped = [list(move) for move in skip]
    for move in ENGINE.legal_moves(state):
        if move not in skipped:
            state, _step = ENGINE.apply(state, move, record=True)
    return state


def refused(state, move, player=None) -> IllegalMove:
    with pytest.raises(IllegalMove) as refusal:
        ENGINE.apply(state, move, player)
    return refusal.value


# A 2×1 game that ends 1–1: the first player wins the left box, the second the right one.
DRAWN_GAME = [
    ["h", 1, 0],
    ["v", 1, 0],
    ["h", 0, 0],
    ["v", 0, 0],
    ["h", 0, 1],  # the first player completes the left box and moves again
    ["v", 2, 0],
    ["h", 1, 1],  # the second player completes the right box
]


# -- D1: players, board, options --------------------------------------------------


def test_D1_two_players_first_and_second_the_first_moves_first():
    assert engine("dots_and_boxes") is ENGINE and "dots_and_boxes" in GAMES
    assert ENGINE.seats == ("first", "second")
    assert ENGINE.to_move(ENGINE.new()) == "first"


def test_D1_default_board_is_5_by_4_boxes():
    view = ENGINE.view(ENGINE.new())
    assert (view["columns"], view["rows"]) == (5, 4)
    assert len(ENGINE.legal_moves(ENGINE.new())) == 2 * 5 * 4 + 5 + 4


@pytest.mark.parametrize(("columns", "rows"), [(1, 1), (3, 5), (9, 9), (9, 1)])
def test_D1_any_size_from_1_to_9_boxes(columns, rows):
    view = ENGINE.view(ENGINE.new({"columns": columns, "rows": rows}))
    assert len(view["h"]) == rows + 1 and {len(row) for row in view["h"]} == {columns}
    assert len(view["v"]) == rows and {len(row) for row in view["v"]} == {columns + 1}
    assert len(view["boxes"]) == rows and {len(row) for row in view["boxes"]} == {columns}


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"columns": 0}, "columns"),
        ({"columns": 10}, "columns"),
        ({"rows": "4"}, "rows"),
        ({"rows": True}, "rows"),
        ({"width": 5}, "width"),
        ({"format": "blitz"}, "format"),
    ],
)
def test_D1_options_outside_the_rules_are_refused_naming_the_option(options, field):
    with pytest.raises(OptionError) as error:
        ENGINE.new(options)
    assert error.value.field == field


@pytest.mark.parametrize("stage_format", [None, "express", "extended", "full"])
def test_D1_a_championship_format_is_accepted_and_changes_nothing(stage_format):
    state = ENGINE.new({"columns": 2, "rows": 2, "format": stage_format})
    assert len(ENGINE.legal_moves(state)) == 12
    record = Record("dots_and_boxes", {"columns": 2, "rows": 2, "format": stage_format}, [])
    again = ENGINE.read_record(ENGINE.write_record(record))
    assert again.options.get("format") == stage_format


def test_D1_dots_count_from_the_lower_left():
    state = play(["h", 0, 0], ["v", 5, 3])
    view = ENGINE.view(state)
    assert view["h"][0] == "f...."  # h 0-0 runs along the bottom edge from the corner
    assert view["v"][3] == ".....s"  # v 5-3 is the top of the right-hand edge
    assert view["last"] == ["v", 5, 3] and view["moves"] == 2


# -- D2: a move draws one new line ------------------------------------------------


@pytest.mark.parametrize(
    "move", [["h", 5, 0], ["h", 0, 5], ["v", 6, 0], ["v", 0, 4], ["h", -1, 0], ["v", 2, -1]]
)
def test_D2_lines_off_the_board_are_refused(move):
    refusal = refused(play(), move)
    assert refusal.code == "off_board"
    assert "(D1)" in refusal.message


def test_D2_a_line_is_drawn_once():
    refusal = refused(play(["h", 2, 3]), ["h", 2, 3])
    assert refusal.code == "taken"
    assert refusal.message == "The line h 2-3 is already drawn (D2)."


@pytest.mark.parametrize(
    "move",
    [["d", 0, 0], ["h", 0], ["h", 0, 0, 0], ["h", "0", 0], ["v", True, 0], "h00", None, {"h": 1}],
)
def test_D2_only_horizontal_and_vertical_lines_are_moves(move):
    with pytest.raises(IllegalMove) as refusal:
        ENGINE.validate_move(move)
    assert refusal.value.code == "malformed"
    assert refused(play(), move).code == "malformed"


def test_D2_validate_move_checks_the_shape_only():
    ENGINE.validate_move(["h", 40, 40])  # off every board: apply decides that
    ENGINE.validate_move(("v", 0, 0))


# -- D3: the fourth side wins the box ---------------------------------------------


def test_D3_the_fourth_side_wins_the_box():
    state = play(["h", 0, 0], ["h", 0, 1], ["v", 0, 0], columns=2, rows=1)
    state, step = ENGINE.apply(state, ["v", 1, 0])
    assert (step.player, step.points) == ("second", 1)
    assert ENGINE.view(state)["boxes"] == ["s."]
    assert ENGINE.score(state) == {"first": 0, "second": 1}


def test_D3_one_line_can_win_two_boxes():
    state = play(
        ["h", 0, 0], ["h", 0, 1], ["v", 0, 0], ["h", 1, 0], ["h", 1, 1], ["v", 2, 0],
        columns=2, rows=1,
    )  # fmt: skip
    state, step = ENGINE.apply(state, ["v", 1, 0])
    assert (step.player, step.points) == ("first", 2)
    assert ENGINE.view(state)["boxes"] == ["ff"]
    assert ENGINE.score(state) == {"first": 2, "second": 0}


def test_D3_a_line_drawn_shows_who_drew_it():
    view = ENGINE.view(play(["h", 0, 0], ["v", 0, 0], ["h", 1, 2]))
    assert view["h"][0][0] == "f" and view["v"][0][0] == "s" and view["h"][2][1] == "f"


# -- D4: a box won gives another move ----------------------------------------------


def test_D4_completing_a_box_gives_another_move():
    state = play(["h", 0, 0], ["h", 0, 1], ["v", 0, 0], ["v", 1, 0], columns=2, rows=1)
    assert ENGINE.to_move(state) == "second"  # the second player won the box and moves again
    state, step = ENGINE.apply(state, ["h", 1, 0])
    assert step.player == "second" and step.points == 0
    assert ENGINE.to_move(state) == "first"


def test_D4_otherwise_the_turn_passes():
    state = play(["h", 0, 0])
    assert ENGINE.to_move(state) == "second"
    state = play(["h", 0, 0], ["h", 1, 0])
    assert ENGINE.to_move(state) == "first"


def test_D4_a_move_out_of_turn_is_refused():
    refusal = refused(play(), ["h", 0, 0], player="second")
    assert refusal.code == "not_your_turn"
    assert refusal.message == "It is the first player's move (D4)."
    assert refused(play(), ["h", 0, 0], player="green").code == "unknown_player"


def test_D4_a_record_may_name_a_player_out_of_turn():
    state, step = ENGINE.apply(ENGINE.new(), ["h", 0, 0], "second", record=True)
    assert step.player == "second" and ENGINE.view(state)["h"][0][0] == "s"
    assert ENGINE.to_move(state) == "first"


# -- D5: the end -------------------------------------------------------------------


def test_D5_the_game_ends_when_every_box_is_taken_and_more_boxes_wins():
    state = play(
        ["h", 0, 0], ["h", 0, 1], ["v", 0, 0], ["v", 1, 0], ["h", 1, 0], ["h", 1, 1], ["v", 2, 0],
        columns=2, rows=1,
    )  # fmt: skip
    result = ENGINE.result(state)
    assert (result.over, result.winner, result.reason) == (True, "second", "all_boxes_taken")
    assert ENGINE.to_move(state) is None
    assert ENGINE.suggest(state) is None


def test_D5_equal_boxes_is_a_draw():
    state = play(*DRAWN_GAME, columns=2, rows=1)
    assert ENGINE.score(state) == {"first": 1, "second": 1}
    result = ENGINE.result(state)
    assert (result.over, result.winner, result.reason) == (True, None, "all_boxes_taken")


def test_D5_no_move_after_the_end():
    state = play(*DRAWN_GAME, columns=2, rows=1)
    refusal = refused(state, ["h", 0, 0])
    assert refusal.code == "game_over" and "(D5)" in refusal.message


def test_D5_the_game_goes_on_while_a_box_is_free():
    state = play(*DRAWN_GAME[:-1], columns=2, rows=1)
    assert not ENGINE.result(state).over
    assert ENGINE.to_move(state) == "second"


# -- states: immutable, snapshots, the view ----------------------------------------


def test_apply_leaves_the_old_state_as_it_was():
    before = play(["h", 0, 0])
    snapshot = ENGINE.dump(before)
    ENGINE.apply(before, ["v", 0, 0])
    assert ENGINE.dump(before) == snapshot


def test_dump_and_load_give_back_the_same_state():
    state = play(*DRAWN_GAME[:5], columns=2, rows=1, format="express")
    data = ENGINE.dump(state)
    assert isinstance(data, bytes) and len(data) < 200
    twin = ENGINE.load(data)
    assert ENGINE.view(twin) == ENGINE.view(state)
    assert ENGINE.to_move(twin) == ENGINE.to_move(state)
    assert ENGINE.score(twin) == ENGINE.score(state)
    assert ENGINE.dump(twin) == data
    assert twin.options.format == "express"


def test_a_snapshot_of_a_full_9_by_9_board_stays_small():
    state = ENGINE.new({"columns": 9, "rows": 9})
    for move in ENGINE.legal_moves(state):
        state, _step = ENGINE.apply(state, move, record=True)
    assert ENGINE.result(state).over
    assert len(ENGINE.dump(state)) < 300
    assert ENGINE.view(ENGINE.load(ENGINE.dump(state))) == ENGINE.view(state)


@pytest.mark.parametrize("data", [b"", b"{}", b'{"options": {"columns": 1}, "drawn": "zz"}'])
def test_a_broken_snapshot_is_a_record_error(data):
    with pytest.raises(RecordError):
        ENGINE.load(data)


def test_view_has_exactly_the_page_shape():
    view = ENGINE.view(play(["h", 1, 0], ["v", 1, 0], columns=2, rows=1))
    assert view == {
        "columns": 2,
        "rows": 1,
        "h": [".f", ".."],
        "v": [".s."],
        "boxes": [".."],
        "last": ["v", 1, 0],
        "moves": 2,
    }


# -- records -------------------------------------------------------------------------


def test_record_round_trip():
    record = Record("dots_and_boxes", {"columns": 2, "rows": 1}, DRAWN_GAME)
    text = ENGINE.write_record(record)
    assert json.loads(text) == {
        "game": "dots_and_boxes",
        "options": {"columns": 2, "rows": 1},
        "moves": DRAWN_GAME,
    }
    assert ENGINE.read_record(text) == record
    assert ENGINE.write_record(ENGINE.read_record(text)) == text


def test_only_json_records():
    record = Record("dots_and_boxes", {}, [])
    with pytest.raises(RecordError):
        ENGINE.write_record(record, "sgf")


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        "[]",
        '{"game": "kropki", "moves": []}',
        '{"options": [], "moves": []}',
        '{"moves": {}}',
        '{"options": {"columns": 12}, "moves": []}',
    ],
)
def test_unreadable_records_are_refused(text):
    with pytest.raises(RecordError):
        ENGINE.read_record(text)


def test_replay_gives_one_line_per_move_with_the_common_keys():
    record = Record("dots_and_boxes", {"columns": 2, "rows": 1}, DRAWN_GAME)
    lines = list(ENGINE.replay(record))
    assert lines[0] == {
        "n": 1,
        "player": "first",
        "move": ["h", 1, 0],
        "points": 0,
        "score": {"first": 0, "second": 0},
        "over": False,
    }
    players = [line["player"] for line in lines]
    assert players == ["first", "second"] * 2 + ["first"] * 2 + ["second"]
    assert lines[4]["points"] == 1
    assert lines[-1] == {
        "n": 7,
        "player": "second",
        "move": ["h", 1, 1],
        "points": 1,
        "score": {"first": 1, "second": 1},
        "over": True,
    }


def test_replay_stops_at_the_first_illegal_move():
    record = Record(
        "dots_and_boxes", {"columns": 2, "rows": 1}, [["h", 0, 0], ["h", 0, 0], ["v", 0, 0]]
    )
    lines = list(ENGINE.replay(record))
    assert lines[-1] == {
        "n": 2,
        "error": {"code": "taken", "message": "The line h 0-0 is already drawn (D2)."},
    }
    assert len(lines) == 2


# -- random games ----------------------------------------------------------------------


@settings(max_examples=120, deadline=None)
@given(columns=st.integers(1, 6), rows=st.integers(1, 6), data=st.data())
def test_random_games_keep_the_rules(columns, rows, data):
    state = ENGINE.new({"columns": columns, "rows": rows})
    lines = 2 * columns * rows + columns + rows
    moves = 0
    while not ENGINE.result(state).over:
        mover = ENGINE.to_move(state)
        move = data.draw(st.sampled_from(ENGINE.legal_moves(state)))
        before = ENGINE.score(state)
        state, step = ENGINE.apply(state, move)
        moves += 1
        after = ENGINE.score(state)
        view = ENGINE.view(state)
        # D3: the points of a move are the boxes it completed, at most two, all the mover's.
        assert 0 <= step.points <= 2
        assert after[mover] == before[mover] + step.points
        assert sum(after.values()) == sum(before.values()) + step.points
        # The score is the boxes taken, and each taken box has its four sides drawn.
        boxes = "".join(view["boxes"])
        assert after == {"first": boxes.count("f"), "second": boxes.count("s")}
        # D4: the player to move changes exactly when no box was completed.
        if not ENGINE.result(state).over:
            assert (ENGINE.to_move(state) == mover) == (step.points > 0)
        drawn = sum(row.count("f") + row.count("s") for row in view["h"] + view["v"])
        assert drawn == moves == view["moves"]
    # D5: the game ends after every line is drawn, exactly 2CR + C + R moves, all boxes taken.
    assert moves == lines
    assert sum(ENGINE.score(state).values()) == columns * rows
    assert ENGINE.load(ENGINE.dump(state)).drawn == state.drawn


def test_dots_and_boxes_snapshot_and_view_name_seats_not_colours():
    state = play(["h", 0, 0], ["h", 0, 1], ["v", 0, 0], ["v", 1, 0])  # the second takes 0-0
    snapshot = ENGINE.dump(state).decode()
    assert "blue" not in snapshot and "red" not in snapshot
    assert ENGINE.load(ENGINE.dump(state)).second_boxes == state.second_boxes == 1
    view = ENGINE.view(state)
    assert view["boxes"][0][0] == "s" and view["v"][0][1] == "s" and view["h"][0][0] == "f"
