"""Dots and Boxes game records: the JSON record of rules/dots-and-boxes.md."""

import json
from typing import Any

from games.engines.base import OptionError, Record, RecordError
from games.engines.dots_and_boxes.options import parse_options

GAME = "dots_and_boxes"


def read(text: str, filename: str = "") -> Record:
    """A record from its JSON text; the moves are checked when the game is replayed."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"not JSON: {error.msg} at line {error.lineno}") from None
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object with game, options and moves")
    if data.get("game", GAME) != GAME:
        raise RecordError(f"this is a record of {data.get('game')!r}, not of {GAME}")
    options: Any = data.get("options", {})
    moves: Any = data.get("moves", [])
    if not isinstance(options, dict):
        raise RecordError("options: a JSON object")
    if not isinstance(moves, list):
        raise RecordError("moves: a JSON list")
    try:
        parse_options(options)
    except OptionError as error:
        raise RecordError(f"options.{error}") from None
    return Record(game=GAME, options=options, moves=moves)


def write(record: Record, form: str = "json") -> str:
    """The record as JSON, one move per line so diffs and eyes can follow it."""
    if form != "json":
        raise RecordError(f"unknown record form {form!r}; Dots and Boxes records are json")
    try:
        options = parse_options(dict(record.options)).as_dict()
    except OptionError as error:
        raise RecordError(f"options.{error}") from None
    head = f'{{"game": "{GAME}",\n "options": {json.dumps(options)},\n "moves": ['
    if not record.moves:
        return head + "]}\n"
    return head + "\n  " + ",\n  ".join(json.dumps(move) for move in record.moves) + "\n ]}\n"
