"""Every game's JSON record carries its header (players, result, dates, clocks) between its
options and its moves, reads it back, and still reads the records written before it had one."""

import json

import pytest

from games.catalog import BUILT_IN, game_name
from games.engines import Record, engine

SMALL = {
    "kropki": {"width": 10, "height": 10, "start": "empty"},
    "dots_and_boxes": {"columns": 2, "rows": 2},
    "quadramids": {"players": 2},
    "quadrotone": {"seed": 11},
}
GAMES = [game_name(package) for package in BUILT_IN]


def header_for(rules) -> dict:
    seats = rules.seats_for(SMALL[rules.name])
    return {
        "id": 3,
        "page": "https://example.org/games/3/",
        "kind": "friendly",
        "rated": False,
        "players": {seat: name for seat, name in zip(seats, ["Анна", "CPU"], strict=True)},
        "result": {
            "status": "finished",
            "winner": seats[0],
            "reason": "resignation",
            "score": dict.fromkeys(seats, 0),
        },
        "dates": {
            "created": "2026-05-01T09:00:00Z",
            "started": "2026-05-01T09:00:00Z",
            "finished": "2026-05-01T09:10:00Z",
        },
        "clocks": {"time_control": None, "left": {}, "moves": []},
        "stand_in_moves": dict.fromkeys(seats[:1], 0),
    }


def first_moves(rules, count: int = 3) -> list:
    state, moves = rules.new(SMALL[rules.name]), []
    for _ in range(count):
        move = rules.suggest(state, "easy")
        state, _step = rules.apply(state, move)
        moves.append(move)
    return moves


@pytest.mark.parametrize("name", GAMES)
def test_the_json_record_reads_its_header_back(name):
    rules = engine(name)
    header = header_for(rules)
    moves = first_moves(rules)
    text = rules.write_record(Record(name, SMALL[name], moves, header))
    data = json.loads(text)
    assert list(data)[:2] == ["game", "options"] and list(data)[-1] == "moves"
    assert {key: data[key] for key in header} == header
    again = rules.read_record(text)
    assert again.header == header
    assert again.moves == moves
    assert list(rules.replay(again)) == list(rules.replay(Record(name, SMALL[name], moves)))


@pytest.mark.parametrize("name", GAMES)
def test_a_record_without_a_header_still_reads(name):
    rules = engine(name)
    moves = first_moves(rules, 2)
    old = {"game": name, "options": SMALL[name], "moves": moves}
    record = rules.read_record(json.dumps(old))
    assert record.header == {} and record.moves == moves
    assert len(list(rules.replay(record))) == 2


def test_a_record_with_only_the_stand_ins_moves_still_reads_them():
    rules = engine("dots_and_boxes")
    old = {"game": "dots_and_boxes", "options": SMALL["dots_and_boxes"]}
    old |= {"stand_in_moves": {"first": 0, "second": 1}, "moves": [["h", 0, 0]]}
    assert rules.read_record(json.dumps(old)).header == {
        "stand_in_moves": {"first": 0, "second": 1}
    }


def test_a_name_outside_ascii_is_written_as_it_is():
    rules = engine("kropki")
    header = {"players": {"blue": "Анна", "red": "Zoë"}}
    text = rules.write_record(Record("kropki", SMALL["kropki"], [], header))
    assert '"players": {"blue": "Анна", "red": "Zoë"}' in text


def test_the_quadrotone_deal_stays_out_of_the_header():
    rules = engine("quadrotone")
    text = rules.write_record(Record("quadrotone", SMALL["quadrotone"], [], header_for(rules)))
    record = rules.read_record(text)
    assert "deal" in json.loads(text) and "deal" not in record.header
    assert record.options["deal"] == json.loads(text)["deal"]
