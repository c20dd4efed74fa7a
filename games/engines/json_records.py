"""Game records that are plain JSON: {"game", "options", "moves"}, for the games whose rules
define no other record.

Each game passes its name and its option parser; the record's moves are checked when the
game is replayed, not when it is read.
"""

import json
from collections.abc import Callable
from typing import Any

from games.engines.base import OptionError, Record, RecordError, json_record_parts

OptionParser = Callable[[dict], Any]  # returns options with .as_dict(), raises OptionError


def read(text: str, game: str, parse_options: OptionParser) -> Record:
    _data, options, moves = json_record_parts(text, game)
    try:
        parse_options(options)
    except OptionError as error:
        raise RecordError(f"options.{error}") from None
    return Record(game=game, options=options, moves=moves)


def write(record: Record, form: str, game: str, parse_options: OptionParser) -> str:
    """The record as JSON, one move per line so diffs and eyes can follow it."""
    if form != "json":
        raise RecordError(f"unknown record form {form!r}; {game} records are json")
    try:
        options = parse_options(dict(record.options)).as_dict()
    except OptionError as error:
        raise RecordError(f"options.{error}") from None
    head = f'{{"game": "{game}",\n "options": {json.dumps(options)},\n'
    head += "".join(
        f" {json.dumps(key)}: {json.dumps(value)},\n" for key, value in record.header.items()
    )
    head += ' "moves": ['
    if not record.moves:
        return head + "]}\n"
    return head + "\n  " + ",\n  ".join(json.dumps(move) for move in record.moves) + "\n ]}\n"
