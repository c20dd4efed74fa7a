"""Names in a game's record are the players' own words: every record format of every game
escapes its own syntax, and reading the record back gives the same words."""

import json

import pytest

from games import registry
from games.engines import Record, engine

# Each format's syntax: SGF's brackets and escapes, JSON's quotes and escapes, line ends.
AWKWARD = 'Ann ]\\[ ;( ) "quoted" \\n \\ </script> {"x": 1} ]'


def _record(name: str, header: dict) -> Record:
    rules = engine(name)
    options = {"seed": 7} if rules.random_setup else {}
    return Record(game=name, options=options, moves=[], header=header)


def _header(name: str) -> dict:
    seats = engine(name).seats
    return {
        "players": {seat: f"{AWKWARD} {seat}" for seat in seats},
        "event": {"name": f"Cup {AWKWARD}", "round": f"Round {AWKWARD}"},
        "page": f"https://example.org/games/1/?{AWKWARD}",
    }


def _formats(form: str) -> list[str]:
    return [name for name in registry.names() if form in engine(name).record_formats]


def test_every_game_writes_sgf_or_json_and_some_write_sgf():
    assert _formats("json") == list(registry.names())
    assert _formats("sgf")


@pytest.mark.parametrize("name", _formats("sgf"))
def test_sgf_escapes_brackets_and_backslashes_in_every_text_property(name):
    rules = engine(name)
    header = _header(name)
    written = rules.write_record(_record(name, header), "sgf")
    for value in [*header["players"].values(), *header["event"].values(), header["page"]]:
        escaped = value.replace("\\", "\\\\").replace("]", "\\]")
        assert f"[{escaped}]" in written
    read = rules.read_record(written, "game.sgf").header
    assert read["players"] == header["players"]
    assert read["event"] == header["event"]
    assert read["page"] == header["page"]


@pytest.mark.parametrize("name", _formats("json"))
def test_a_json_record_holds_any_text_and_reads_back_the_same(name):
    rules = engine(name)
    header = {**_header(name), "note": "line\nbreak\u2028 and \x07"}
    written = rules.write_record(_record(name, header), "json")
    data = json.loads(written)
    assert data["game"] == name
    for key, value in header.items():
        assert data[key] == value
    assert rules.read_record(written, "game.json").header == {
        key: value for key, value in data.items() if key in header
    }
