"""Quadrotone game records: the JSON record of rules/quadrotone.md, written, read, replayed."""

import json

import pytest

from games.catalog.quadrotone.engine import ENGINE
from games.catalog.quadrotone.engine.deal import deal, random_board
from games.engines import Record, RecordError
from tests.engines.test_quadrotone_rules import deal_giving

COMMON_KEYS = {"n", "player", "move", "points", "score", "over", "patterns"}


def _game(options: dict) -> tuple[list, object]:
    """A short game: a one-colour block, a line, a rearrangement, a pass; (moves, last state)."""
    state = ENGINE.new(options)
    first, second = sorted(state.hands[0]), sorted(state.hands[1])
    moves = [
        {"place": [[first[0], 0, 0, 0], [first[1], 1, 0, 1]]},
        {"place": [[second[0], 8, 8, 0]]},
        {"rearrange": [[1, 0, 3, 3, 2]]},
        {"pass": "timeout"},
        {"place": [[first[2], 15, 15, 3]]},
    ]
    for move in moves:
        state, _step = ENGINE.apply(state, move)
    return moves, state


def test_written_record_holds_the_options_the_deal_and_the_moves():
    moves, _state = _game({"seed": 7})
    text = ENGINE.write_record(Record("quadrotone", {"seed": 7, "format": "express"}, moves))
    data = json.loads(text)
    assert data["game"] == "quadrotone"
    assert data["options"] == {
        "variant": "main",
        "rotations": False,
        "chains": False,
        "enclosure": False,
        "catalogue": "default",
        "seed": 7,
        "format": "express",
    }
    first, second = deal(7)
    assert data["deal"] == {"first": first, "second": second}
    assert data["moves"] == moves
    assert len(text.splitlines()) == 4 + 1 + len(moves) + 1  # one move a line


def test_record_round_trip_replays_to_the_same_score():
    moves, state = _game({"seed": 7, "rotations": True, "chains": True})
    record = Record("quadrotone", {"seed": 7, "rotations": True, "chains": True}, moves)
    again = ENGINE.read_record(ENGINE.write_record(record))
    assert again.moves == moves
    assert ENGINE.write_record(again) == ENGINE.write_record(record)
    lines = list(ENGINE.replay(again))
    assert [line["n"] for line in lines] == [1, 2, 3, 4, 5]
    assert lines[-1]["score"] == ENGINE.score(state)
    assert all(set(line) == COMMON_KEYS for line in lines)


def test_replay_lines_name_the_scored_patterns():
    options = deal_giving([0, 27])
    record = Record("quadrotone", options, [{"place": [[0, 4, 4, 0]]}, {"pass": "timeout"}])
    first, second = ENGINE.replay(record)
    assert first == {
        "n": 1,
        "player": "first",
        "move": {"place": [[0, 4, 4, 0]]},
        "points": 30,
        "score": {"first": 30, "second": 0},
        "over": False,
        "patterns": [
            {
                "number": 1,
                "kind": "one_colour",
                "key": "block2",
                "name": "2×2 block",
                "colours": ["R"],
                "squares": [[8, 8], [8, 9], [9, 8], [9, 9]],
                "points": 30,
            }
        ],
    }
    assert second["player"] == "second" and second["patterns"] == [] and second["points"] == 0


def test_the_records_deal_is_authoritative_over_the_seed():
    mine, theirs = deal(8)
    stranger = next(tile for tile in mine if tile in deal(7)[1])  # second's with seed 7
    text = json.dumps(
        {
            "game": "quadrotone",
            "options": {"seed": 7},
            "deal": {"first": mine, "second": theirs},
            "moves": [{"place": [[stranger, 0, 0, 0]]}],
        }
    )
    record = ENGINE.read_record(text)
    lines = list(ENGINE.replay(record))
    assert "error" not in lines[0]
    assert json.loads(ENGINE.write_record(record))["deal"] == {"first": mine, "second": theirs}
    seeded = Record("quadrotone", {"seed": 7}, record.moves)
    assert next(ENGINE.replay(seeded))["error"]["code"] == "not_your_tile"


def test_reverse_records_carry_the_board():
    options = {"variant": "reverse", "seed": 11}
    moves = [{"turn": [[0, 0, 1]]}, {"turn": [[5, 5, 2]]}]
    data = json.loads(ENGINE.write_record(Record("quadrotone", options, moves)))
    assert "deal" not in data
    assert data["board"] == [list(entry) for entry in random_board(11)]
    data["options"]["seed"] = 12  # the board, not the seed, decides
    lines = list(ENGINE.replay(ENGINE.read_record(json.dumps(data))))
    expected = list(ENGINE.replay(Record("quadrotone", options, moves)))
    assert lines == expected


def test_resignation_and_draw_replay_to_the_final_scores():
    options = deal_giving([0, 85])
    resigned = [{"place": [[0, 0, 0, 0]]}, {"pass": "timeout"}, {"resign": "first"}]
    last = list(ENGINE.replay(Record("quadrotone", options, resigned)))[-1]
    assert last["score"] == {"first": 30, "second": 31} and last["over"] is True
    assert last["player"] == "first"
    drawn = [{"place": [[0, 0, 0, 0]]}, {"draw": True}]
    last = list(ENGINE.replay(Record("quadrotone", options, drawn)))[-1]
    assert last["score"] == {"first": 30, "second": 30} and last["over"] is True


def test_replay_stops_at_a_refused_move():
    moves, _state = _game({"seed": 2})
    broken = [*moves[:2], {"rearrange": [[9, 9, 1, 1, 0]]}, moves[2]]
    lines = list(ENGINE.replay(Record("quadrotone", {"seed": 2}, broken)))
    assert len(lines) == 3
    assert lines[-1] == {
        "n": 3,
        "error": {"code": "empty_cell", "message": "The cell (9, 9) holds no tile (Q7)."},
    }


def test_unreadable_records_are_refused():
    for text in (
        "{not json",
        "[1, 2]",
        '{"game": "kropki", "moves": []}',
        '{"game": "quadrotone", "options": {"variant": "upside"}}',
        '{"game": "quadrotone", "deal": {"first": [1], "second": [2]}}',
        '{"game": "quadrotone", "moves": {"place": []}}',
    ):
        with pytest.raises(RecordError):
            ENGINE.read_record(text)
    with pytest.raises(RecordError):
        ENGINE.write_record(Record("quadrotone", {}, []), "sgf")
