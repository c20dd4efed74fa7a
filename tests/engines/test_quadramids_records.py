"""Quadramids game records (rules/quadramids.md "Game record") and the replay lines."""

import json

import pytest

from games.catalog.quadramids.engine import ENGINE
from games.engines import Record, RecordError

MOVES = [
    ["put", "d1"],
    ["put", "e8"],
    ["move", "d1", "d2"],
    ["put", "e7"],
    ["put", "d3"],
    ["move", "e7", "e6"],
]


def test_record_round_trip():
    record = Record("quadramids", {"players": 2, "figures": 16, "move_limit": 200}, MOVES)
    text = ENGINE.write_record(record)
    data = json.loads(text)
    assert data == {
        "game": "quadramids",
        "options": {"players": 2, "figures": 16, "move_limit": 200},
        "moves": MOVES,
    }
    again = ENGINE.read_record(text)
    assert again == record
    assert ENGINE.write_record(again) == text


def test_the_rules_file_example_reads():
    text = (
        '{"game": "quadramids", "options": {"players": 2, "figures": 16, "move_limit": 200},'
        ' "moves": [["put", "d1"], ["put", "e8"], ["move", "d1", "d2"]]}'
    )
    lines = list(ENGINE.replay(ENGINE.read_record(text)))
    assert [line["player"] for line in lines] == ["1", "2", "1"]


def test_only_json_records():
    with pytest.raises(RecordError):
        ENGINE.write_record(Record("quadramids", {}, []), "sgf")


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[]",
        '{"game": "kropki", "moves": []}',
        '{"game": "quadramids", "options": {"players": 3}, "moves": []}',
        '{"game": "quadramids", "moves": {}}',
    ],
)
def test_unreadable_records_are_refused(text):
    with pytest.raises(RecordError):
        ENGINE.read_record(text)


def test_replay_lines_have_the_common_keys_and_points_per_seat():
    moves = [["put", "a4"], ["put", "a5"], ["move", "a4", "a6"], ["resign", "2"]]
    lines = list(ENGINE.replay(Record("quadramids", {}, moves)))
    assert len(lines) == 4
    for line in lines:
        assert {"n", "player", "move", "points", "score", "over", "scores"} <= set(line)
    attack = lines[2]
    assert attack["player"] == "1" and attack["points"] == 1 and attack["kind"] == "attack"
    assert attack["scores"] == {"1": 1, "2": 0} and attack["score"] == {"1": 1, "2": 0}
    assert lines[3]["over"] and lines[3]["move"] == ["resign", "2"]


def test_replay_shows_income_and_automatic_passes_per_seat():
    moves = [["put", "a1"], ["resign", "2"]]
    lines = list(ENGINE.replay(Record("quadramids", {"players": 4}, moves)))
    assert lines[0]["scores"] == {"1": 0, "2": 0, "3": 0, "4": 0}
    assert lines[1]["player"] == "2" and not lines[1]["over"]


def test_replay_stops_at_the_first_illegal_move():
    moves = [["put", "d1"], ["put", "d1"], ["put", "e8"]]
    lines = list(ENGINE.replay(Record("quadramids", {}, moves)))
    assert lines[-1] == {
        "n": 2,
        "error": {"code": "occupied", "message": "d1 is taken (M5)."},
    }


def test_replay_of_a_cpu_game_gives_the_same_scores():
    state = ENGINE.new({"players": 4, "move_limit": 60})
    played = []
    while not ENGINE.result(state).over:
        move = ENGINE.suggest(state)
        state, _ = ENGINE.apply(state, move)
        played.append(move)
    record = ENGINE.read_record(
        ENGINE.write_record(Record("quadramids", state.options.as_dict(), played))
    )
    lines = list(ENGINE.replay(record))
    assert lines[-1]["score"] == ENGINE.score(state) and lines[-1]["over"]
    totals = {seat: 0 for seat in ENGINE.seats}
    for line in lines:
        for seat, points in line["scores"].items():
            totals[seat] += points
    assert totals == ENGINE.score(state)
