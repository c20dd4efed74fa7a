"""Kropki records: the JSON record, SGF (game type 40), and the five real games."""

import json
from pathlib import Path

import pytest

from games.catalog.kropki.engine import ENGINE
from games.engines import Record, RecordError

REAL_GAMES = Path(__file__).resolve().parent / "data" / "kropki"
# Final scores (blue, red) published with the files in shared/data/README.md.
PUBLISHED = {
    "zagram352562.sgf": (260, (3, 60)),
    "playdots_109964_doublecross_grounding_B+23.sgf": (141, (24, 1)),
    "playdots_962686_FullSgfWithStop.sgf": (29, (3, 2)),
    "notago_2023-09-05_grounding_B+G.sgf": (126, (1, 0)),
    "zagram_2022-02-21_stop_draw.sgf": (250, (0, 0)),
}


def final_line(record: Record) -> dict:
    lines = list(ENGINE.replay(record))
    assert "error" not in lines[-1], lines[-1]
    return lines[-1]


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_real_game_replays_to_its_published_score(name):
    dots, (blue, red) = PUBLISHED[name]
    record = ENGINE.read_record((REAL_GAMES / name).read_text(encoding="utf-8"), name)
    setup = record.options["start"]
    assert len(record.moves) + len(setup["blue"]) + len(setup["red"]) == dots
    assert final_line(record)["score"] == {"blue": blue, "red": red}


def test_sgf_coordinates_count_x_from_the_left_and_y_from_the_top():
    record = ENGINE.read_record("(;GM[40]SZ[39:32];B[aa];W[AF])")
    assert record.moves == [[1, 32, "blue"], [27, 1, "red"]]


def test_sgf_square_size_and_setup_dots_are_not_moves():
    record = ENGINE.read_record("(;GM[40]SZ[10]AB[ee][ff]AW[ef][fe];B[aa])")
    assert (record.options["width"], record.options["height"]) == (10, 10)
    assert record.options["start"] == {"blue": [[5, 6], [6, 5]], "red": [[5, 5], [6, 6]]}
    assert record.moves == [[1, 10, "blue"]]


def test_sgf_capture_chains_after_a_dot_are_ignored():
    record = ENGINE.read_record("(;GM[40]SZ[39:32];B[sp];W[Aw.zvywzx])")
    assert record.moves == [[19, 17, "blue"], [27, 10, "red"]]


def test_sgf_several_dots_in_one_move_are_played_in_order():
    record = ENGINE.read_record("(;GM[40]SZ[39:32];B[aa];W[qh][qi])")
    assert [move[2] for move in record.moves] == ["blue", "red", "red"]


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("(;GM[1]SZ[19];B[aa])", "game type 1"),
        ("(;GM[40]SZ[big];B[aa])", "board size"),
        ("(;GM[40]SZ[39:32];B[a])", "not a point"),
        ("(;GM[40]SZ[70:70])", "width"),
        ("no tree here", "not JSON"),
        ("(;GM[40]SZ[39:32];B", "no value"),
    ],
)
def test_broken_sgf_is_refused_with_a_reason(text, complaint):
    with pytest.raises(RecordError) as error:
        ENGINE.read_record(text)
    assert complaint in str(error.value)


def test_sgf_export_and_import_give_the_same_game():
    name = "playdots_962686_FullSgfWithStop.sgf"
    original = ENGINE.read_record((REAL_GAMES / name).read_text(encoding="utf-8"), name)
    again = ENGINE.read_record(ENGINE.write_record(original, "sgf"), "again.sgf")
    assert again.moves == original.moves
    assert again.options["start"] == original.options["start"]
    assert list(ENGINE.replay(again)) == list(ENGINE.replay(original))


def test_sgf_export_of_a_cross_game_carries_the_cross_as_setup():
    record = Record("kropki", {"width": 39, "height": 32}, [[1, 1], [2, 2]])
    text = ENGINE.write_record(record, "sgf")
    assert "GM[40]" in text and "SZ[39:32]" in text
    assert "AB[tq][up]" in text and "AW[uq][tp]" in text
    assert text.rstrip().endswith(";B[aF];W[bE])")


def test_json_record_round_trip_keeps_named_moves_and_options():
    record = Record(
        "kropki",
        {"width": 20, "height": 15, "start": "empty", "format": "express"},
        [[5, 5], [6, 6], [7, 7, "blue"], [8, 8, "blue"], [9, 9]],
    )
    again = ENGINE.read_record(ENGINE.write_record(record))
    assert again.moves == record.moves
    assert again.options["format"] == "express"
    players = [line["player"] for line in ENGINE.replay(again)]
    assert players == ["blue", "red", "blue", "blue", "red"]


def test_json_record_with_explicit_setup_dots():
    text = json.dumps(
        {
            "game": "kropki",
            "options": {"width": 8, "height": 8, "start": {"blue": [[2, 2]], "red": [[3, 3]]}},
            "moves": [[4, 4]],
        }
    )
    state = ENGINE.new(ENGINE.read_record(text).options)
    view = ENGINE.view(state)
    assert view["dots"][1][1] == "b" and view["dots"][2][2] == "r"


@pytest.mark.parametrize(
    ("data", "complaint"),
    [
        ({"game": "quadramids", "moves": []}, "not of kropki"),
        ({"game": "kropki", "options": {"width": 2}}, "options.width"),
        ({"game": "kropki", "options": {"colour": "green"}}, "options.colour"),
        ({"game": "kropki", "moves": {"a": 1}}, "moves"),
        ({"game": "kropki", "options": {"start": {"blue": [[0, 0]]}}}, "start.blue"),
    ],
)
def test_broken_json_record_is_refused_naming_the_field(data, complaint):
    with pytest.raises(RecordError) as error:
        ENGINE.read_record(json.dumps(data))
    assert complaint in str(error.value)
