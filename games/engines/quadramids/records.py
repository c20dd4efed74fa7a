"""Quadramids game records: the JSON record of rules/quadramids.md."""

import json

from games.engines.base import OptionError, Record, RecordError, json_record_parts
from games.engines.quadramids.options import parse_options

GAME = "quadramids"


def read(text: str, filename: str = "") -> Record:
    """A record from its JSON text; the moves are checked when the game is replayed."""
    _data, options, moves = json_record_parts(text, GAME)
    try:
        parse_options(options)
    except OptionError as error:
        raise RecordError(f"options.{error}") from None
    return Record(game=GAME, options=options, moves=moves)


def write(record: Record, form: str = "json") -> str:
    """The record as JSON, one move per line so diffs and eyes can follow it."""
    if form != "json":
        raise RecordError(f"unknown record form {form!r}; Quadramids records are json")
    try:
        options = parse_options(dict(record.options)).as_dict()
    except OptionError as error:
        raise RecordError(f"options.{error}") from None
    head = f'{{"game": "{GAME}",\n "options": {json.dumps(options)},\n "moves": ['
    if not record.moves:
        return head + "]}\n"
    return head + "\n  " + ",\n  ".join(json.dumps(move) for move in record.moves) + "\n ]}\n"
