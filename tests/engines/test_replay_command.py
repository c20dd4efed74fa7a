"""`python -m games.engines replay`: one JSON line per move, exit 2 on trouble."""

import json
import subprocess
import sys

from tests.engines.test_kropki_records import REAL_GAMES
from tests.support.processes import PROJECT


def replay(*arguments: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "games.engines", "replay", *arguments],
        cwd=PROJECT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def lines(result: subprocess.CompletedProcess) -> list[dict]:
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_replay_prints_one_line_per_move_with_the_common_keys(tmp_path):
    record = {
        "game": "kropki",
        "options": {"width": 10, "height": 10, "start": "empty"},
        "moves": [[5, 5], [5, 6], [1, 1], [4, 5], [1, 2], [6, 5], [1, 3], [5, 4]],
    }
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    result = replay(str(path))
    assert result.returncode == 0, result.stderr
    output = lines(result)
    assert [line["n"] for line in output] == list(range(1, 9))
    assert output[0] == {
        "n": 1,
        "player": "blue",
        "move": [5, 5],
        "points": 0,
        "score": {"blue": 0, "red": 0},
        "secured": False,
        "over": False,
    }
    assert output[-1]["points"] == 1
    assert output[-1]["score"] == {"blue": 0, "red": 1}


def test_replay_reads_sgf_and_reaches_the_published_score():
    result = replay(str(REAL_GAMES / "zagram352562.sgf"))
    assert result.returncode == 0
    assert lines(result)[-1]["score"] == {"blue": 3, "red": 60}


def test_replay_reads_standard_input():
    sgf = (REAL_GAMES / "playdots_962686_FullSgfWithStop.sgf").read_text(encoding="utf-8")
    result = replay("-", stdin=sgf)
    assert result.returncode == 0
    assert lines(result)[-1]["score"] == {"blue": 3, "red": 2}


def test_replay_format_override_decides_over():
    # 100 quiet moves along the edges: a single game goes on, express ends at move 80.
    moves = [[x, y] for y in (1, 32, 2, 31, 3) for x in range(1, 40)][:100]
    record = json.dumps({"game": "kropki", "options": {"start": "empty"}, "moves": moves})
    plain = lines(replay("-", stdin=record))
    express = lines(replay("-", "--format", "express", stdin=record))
    assert not any(line["over"] for line in plain)
    assert [line["over"] for line in express].index(True) == 79
    assert len(express) == 100  # the replay goes on to the end of the record


def test_illegal_move_prints_the_error_and_exits_2():
    record = {"game": "kropki", "options": {"start": "empty"}, "moves": [[3, 3], [3, 3], [4, 4]]}
    result = replay("-", stdin=json.dumps(record))
    assert result.returncode == 2
    output = lines(result)
    assert output[-1] == {
        "n": 2,
        "error": {"code": "occupied", "message": "3-3 already holds a dot (K9)."},
    }
    assert len(output) == 2


def test_off_board_and_malformed_moves_are_named():
    for move, code in (([40, 1], "off_board"), (["a", 1], "malformed")):
        record = {"game": "kropki", "moves": [move]}
        result = replay("-", stdin=json.dumps(record))
        assert result.returncode == 2
        assert lines(result)[-1]["error"]["code"] == code


def test_broken_file_gives_one_line_and_exits_2(tmp_path):
    for content in ("{not json", '{"game": "chess", "moves": []}', "(;GM[1])"):
        path = tmp_path / "broken.txt"
        path.write_text(content)
        result = replay(str(path))
        assert result.returncode == 2
        assert result.stdout == ""
        assert len(result.stderr.strip().splitlines()) == 1
    missing = replay(str(tmp_path / "missing.json"))
    assert missing.returncode == 2 and "missing.json" in missing.stderr


def test_replay_of_a_dots_and_boxes_record(tmp_path):
    moves = [["h", 1, 0], ["v", 1, 0], ["h", 0, 0], ["v", 0, 0], ["h", 0, 1], ["v", 2, 0]]
    record = {"game": "dots_and_boxes", "options": {"columns": 2, "rows": 1}, "moves": moves}
    path = tmp_path / "boxes.json"
    path.write_text(json.dumps(record))
    result = replay(str(path))
    assert result.returncode == 0, result.stderr
    output = lines(result)
    players = [line["player"] for line in output]
    assert players == ["first", "second", "first", "second", "first", "first"]
    assert output[4] == {
        "n": 5,
        "player": "first",
        "move": ["h", 0, 1],
        "points": 1,
        "score": {"first": 1, "second": 0},
        "over": False,
    }
    finished = replay("-", stdin=json.dumps({**record, "moves": [*moves, ["h", 1, 1]]}))
    assert lines(finished)[-1]["over"] is True
    assert lines(finished)[-1]["score"] == {"first": 1, "second": 1}


def test_replay_of_a_dots_and_boxes_record_stops_at_an_illegal_line():
    record = {"game": "dots_and_boxes", "moves": [["h", 0, 0], ["v", 9, 9], ["h", 1, 0]]}
    result = replay("-", stdin=json.dumps(record))
    assert result.returncode == 2
    assert lines(result) == [
        {
            "n": 1,
            "player": "first",
            "move": ["h", 0, 0],
            "points": 0,
            "score": {"first": 0, "second": 0},
            "over": False,
        },
        {
            "n": 2,
            "error": {"code": "off_board", "message": "The line v 9-9 is off the 5×4 board (D1)."},
        },
    ]


def test_replay_of_a_quadrotone_record_names_the_patterns(tmp_path):
    record = {
        "game": "quadrotone",
        "options": {"seed": 7},
        "deal": {"first": [0, *range(4, 131)], "second": [1, 2, 3, *range(131, 256)]},
        "moves": [{"place": [[0, 2, 2, 0]]}, {"pass": "timeout"}, {"place": [[4, 2, 2, 0]]}],
    }
    path = tmp_path / "quadrotone.json"
    path.write_text(json.dumps(record))
    result = replay(str(path))
    assert result.returncode == 2
    output = lines(result)
    assert output[0] == {
        "n": 1,
        "player": "first",
        "move": {"place": [[0, 2, 2, 0]]},
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
                "squares": [[4, 4], [4, 5], [5, 4], [5, 5]],
                "points": 30,
            }
        ],
    }
    assert output[1]["player"] == "second" and output[1]["points"] == 0
    assert output[2] == {
        "n": 3,
        "error": {"code": "cell_taken", "message": "The cell (2, 2) is not free (Q6)."},
    }
