"""Kropki's SGF records carry the game's metadata as Dots sites write it (FF[4], GM[40]):
PB/PW, RE, DT, EV/RO, TM/OT and each move's time left (BL/WL), and read it back."""

from pathlib import Path

import pytest

from games.catalog.kropki.engine import ENGINE
from games.engines import Record

REAL_GAMES = Path(__file__).resolve().parent / "data" / "kropki"
OPTIONS = {"width": 10, "height": 10, "start": "empty"}
MOVES = [[5, 4], [5, 5], [4, 5], [1, 1]]
HEADER = {
    "id": 7,
    "page": "https://example.org/games/7/",
    "kind": "championship",
    "rated": True,
    "players": {"blue": "Anna [the first] \\ co", "red": "Boris"},
    "event": {"name": "Winter ]Cup[ \\ 2026", "round": "2 (Final)"},
    "result": {
        "status": "finished",
        "winner": "red",
        "reason": "resignation",
        "score": {"blue": 1, "red": 0},
    },
    "dates": {
        "created": "2026-04-30T20:00:00Z",
        "started": "2026-05-01T09:30:00Z",
        "finished": "2026-05-02T01:00:00Z",
    },
    "clocks": {
        "time_control": {"initial_s": 600.0, "increment_s": 5.0, "move_s": None},
        "left": {"blue": 590.5, "red": 600.0},
        "moves": [
            {"seat": "blue", "at": "2026-05-01T09:30:10Z", "seconds": 10.0, "left": 595.0},
            {"seat": "red", "at": "2026-05-01T09:30:15Z", "seconds": 5.0, "left": 600.0},
            {"seat": "blue", "at": "2026-05-01T09:30:25.4Z", "seconds": 10.4, "left": 589.6},
            {"seat": "red", "at": "2026-05-01T09:30:30Z", "seconds": 5.0, "left": 600.0},
        ],
    },
}


def sgf_of(header: dict, moves: list | None = None) -> str:
    record = Record("kropki", OPTIONS, MOVES if moves is None else moves, header)
    return ENGINE.write_record(record, "sgf")


def read(text: str) -> Record:
    return ENGINE.read_record(text, "game.sgf")


def test_sgf_metadata_round_trip_gives_players_result_date_event_and_round_back():
    header = read(sgf_of(HEADER)).header
    assert header["players"] == HEADER["players"]
    assert header["result"] == {"status": "finished", "winner": "red", "reason": "resignation"}
    assert header["dates"] == {"played": "2026-05-01"}
    assert header["event"] == {"name": "Winter ]Cup[ \\ 2026", "round": "2 (Final)"}
    assert header["page"] == "https://example.org/games/7/"
    assert header["clocks"]["time_control"] == {"initial_s": 600}
    assert [entry["left"] for entry in header["clocks"]["moves"]] == [595, 600, 589.6, 600]


def test_sgf_written_from_a_read_record_is_the_same_file():
    text = sgf_of(HEADER)
    assert ENGINE.write_record(read(text), "sgf") == text


def test_sgf_root_holds_the_metadata_with_close_bracket_and_backslash_escaped():
    text = sgf_of(HEADER)
    root = text.split(";B[", 1)[0]
    assert root.startswith("(;FF[4]GM[40]CA[UTF-8]AP[championships]SZ[10:10]")
    assert "PB[Anna [the first\\] \\\\ co]" in root and "PW[Boris]" in root
    assert "EV[Winter \\]Cup[ \\\\ 2026]" in root and "RO[2 (Final)]" in root
    assert "DT[2026-05-01]" in root and "RE[W+R]" in root
    assert "TM[600]" in root and "OT[+5 sec / move]" in root


def test_each_move_carries_its_players_time_left():
    text = sgf_of(HEADER)
    assert text.endswith(";B[eg]BL[595];W[ef]WL[600];B[df]BL[589.6];W[aj]WL[600])\n")


def test_moves_without_a_known_time_carry_none():
    header = {**HEADER, "clocks": {"time_control": None, "left": {}, "moves": [{"seat": "blue"}]}}
    text = sgf_of(header)
    assert "BL[" not in text and "WL[" not in text and "TM[" not in text
    assert "clocks" not in read(text).header


@pytest.mark.parametrize(
    ("result", "written"),
    [
        ({"winner": "blue", "reason": "resignation"}, "B+R"),
        ({"winner": "red", "reason": "time"}, "W+T"),
        ({"winner": "blue", "reason": "forfeit"}, "B+F"),
        ({"winner": "red", "reason": "no_show"}, "W+F"),
        ({"winner": "blue", "reason": "secured_lead", "score": {"blue": 14, "red": 2}}, "B+12"),
        ({"winner": "red", "reason": "deadline", "score": {"blue": 0, "red": 3}}, "W+3"),
        ({"winner": None, "reason": "agreement", "score": {"blue": 2, "red": 2}}, "0"),
        ({"winner": None, "reason": "board_full", "score": {"blue": 0, "red": 0}}, "0"),
        ({"winner": None, "reason": "double_forfeit"}, "Void"),
        # The organiser gave the game to the player behind on points: a win with no margin.
        ({"winner": "blue", "reason": "adjudicated", "score": {"blue": 0, "red": 5}}, "B+"),
    ],
)
def test_sgf_result_follows_ff4(result, written):
    text = sgf_of({"result": {"status": "finished", **result}})
    assert f"RE[{written}]" in text
    again = ENGINE.write_record(read(text), "sgf")
    assert f"RE[{written}]" in again  # and reads back to the same result


def test_a_game_still_being_played_has_no_result():
    text = sgf_of({"result": {"status": "active", "winner": None, "score": {"blue": 1}}})
    assert "RE[" not in text
    assert "result" not in read(text).header


@pytest.mark.parametrize(
    ("written", "result"),
    [
        ("B+Resign", {"winner": "blue", "reason": "resignation"}),
        ("W+Time", {"winner": "red", "reason": "time"}),
        ("W+Forfeit", {"winner": "red", "reason": "forfeit"}),
        ("B+0.5", {"winner": "blue", "reason": None, "margin": 0.5}),
        ("Draw", {"winner": None, "reason": None}),
        ("B+G", {"winner": "blue", "reason": None}),
    ],
)
def test_sgf_results_in_other_sites_spellings_are_read(written, result):
    header = read(f"(;GM[40]SZ[10]RE[{written}];B[aa])").header
    assert header["result"] == {"status": "finished", **result}


def test_an_unknown_result_is_no_result():
    assert "result" not in read("(;GM[40]SZ[10]RE[?];B[aa])").header


def test_a_line_break_in_a_name_reads_as_a_space_and_a_soft_one_as_nothing():
    header = read("(;GM[40]SZ[10]PB[Anna\nMaria]PW[Bo\\\nris];B[aa])").header
    assert header["players"] == {"blue": "Anna Maria", "red": "Boris"}


# Final scores (blue, red) and the metadata of the five real games (shared/data/README.md).
PUBLISHED = {
    "zagram352562.sgf": (
        (3, 60),
        {"blue": "Митрандир", "red": "Роман Максимов"},
        {"winner": "red", "reason": "resignation"},
        "2021-01-18",
    ),
    "playdots_109964_doublecross_grounding_B+23.sgf": (
        (24, 1),
        {"blue": "Евгений Жуков", "red": "Александр Невский"},
        {"winner": "blue", "reason": None, "margin": 23},
        "2015-09-19 18:11:55",
    ),
    "playdots_962686_FullSgfWithStop.sgf": (
        (3, 2),
        {"blue": "Синий игрок", "red": "Красный игрок"},
        {"winner": "blue", "reason": None, "margin": 1},
        "2016-03-13 01:14:30",
    ),
    "notago_2023-09-05_grounding_B+G.sgf": (
        (1, 0),
        {"blue": "Utsux", "red": "Test"},
        {"winner": "blue", "reason": None},
        "2023-09-05",
    ),
    "zagram_2022-02-21_stop_draw.sgf": (
        (0, 0),
        {"blue": "vovanchik08", "red": "Kotofeus"},
        {"winner": None, "reason": None},
        "2022-02-21",
    ),
}


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_real_games_read_with_their_metadata_and_replay_to_their_score(name):
    (blue, red), players, result, played = PUBLISHED[name]
    record = ENGINE.read_record((REAL_GAMES / name).read_text(encoding="utf-8"), name)
    assert list(ENGINE.replay(record))[-1]["score"] == {"blue": blue, "red": red}
    assert record.header["players"] == players
    assert record.header["result"] == {"status": "finished", **result}
    assert record.header["dates"] == {"played": played}


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_real_games_written_again_keep_their_game_and_metadata(name):
    record = ENGINE.read_record((REAL_GAMES / name).read_text(encoding="utf-8"), name)
    again = read(ENGINE.write_record(record, "sgf"))
    assert again.header == record.header
    assert list(ENGINE.replay(again))[-1]["score"] == list(ENGINE.replay(record))[-1]["score"]


def test_zagram_times_left_are_read_per_move():
    name = "zagram352562.sgf"
    record = ENGINE.read_record((REAL_GAMES / name).read_text(encoding="utf-8"), name)
    times = record.header["clocks"]["moves"]
    assert len(times) == len(record.moves)
    assert times[:2] == [{"seat": "blue", "left": 630}, {"seat": "red", "left": 630}]
    assert {"seat": "blue", "left": 614.7} in times
    assert record.header["clocks"]["time_control"] == {"initial_s": 600}
    assert record.header["clocks"]["overtime"] == "0+30"


@pytest.mark.parametrize(
    "header",
    [
        {"players": "alice", "result": [1], "dates": 3, "event": None},
        {"clocks": {"moves": "fast", "time_control": 5}},
        {"clocks": [1, 2]},
        {"result": {"winner": "green", "status": "finished"}},
    ],
)
def test_a_header_of_the_wrong_shape_writes_the_game_without_it(header):
    text = sgf_of(header)
    assert text == sgf_of({})
