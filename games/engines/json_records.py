"""Game records that are plain JSON: {"game", "options", ..., "moves"}, for the games whose
rules define no other record.

Each game passes its name and its option parser; the record's moves are checked when the
game is replayed, not when it is read. Every other key is the record's header (`Record`):
written between the options and the moves, read back as it is; a record without them (as
older records are) reads the same.
"""

import json
from collections.abc import Callable, Mapping
from typing import Any

from games.engines.base import OptionError, Record, RecordError, json_record_parts

OptionParser = Callable[[dict], Any]  # returns options with .as_dict(), raises OptionError


# The keys of a JSON record that are not its header.
RECORD_KEYS = ("game", "options", "moves")


def read(text: str, game: str, parse_options: OptionParser) -> Record:
    data, options, moves = json_record_parts(text, game)
    try:
        parse_options(options)
    except OptionError as error:
        raise RecordError(f"options.{error}") from None
    return Record(game=game, options=options, moves=moves, header=header_of(data))


def header_of(data: dict, *own_keys: str) -> dict:
    """The record's header: its keys beyond game, options, moves and the game's `own_keys`."""
    return {key: value for key, value in data.items() if key not in (*RECORD_KEYS, *own_keys)}


def write(record: Record, form: str, game: str, parse_options: OptionParser) -> str:
    """The record as JSON, one move per line so diffs and eyes can follow it."""
    if form != "json":
        raise RecordError(f"unknown record form {form!r}; {game} records are json")
    try:
        options = parse_options(dict(record.options)).as_dict()
    except OptionError as error:
        raise RecordError(f"options.{error}") from None
    head = f'{{"game": {json.dumps(game)},\n "options": {json.dumps(options)},\n'
    return head + header_lines(record.header) + moves_lines(record)


def header_lines(header: Mapping[str, Any], *own_keys: str) -> str:
    """The header's keys, one a line, each ending in a comma (the moves come after); a key
    of the record itself or one of the game's `own_keys` is left to the game's writer."""
    return "".join(
        f" {json.dumps(key, ensure_ascii=False)}: {json.dumps(value, ensure_ascii=False)},\n"
        for key, value in header.items()
        if key not in (*RECORD_KEYS, *own_keys)
    )


def moves_lines(record: Record) -> str:
    """The record's last key: its moves, one a line so diffs and eyes can follow them."""
    if not record.moves:
        return ' "moves": []}\n'
    moves = ",\n  ".join(json.dumps(move) for move in record.moves)
    return f' "moves": [\n  {moves}\n ]}}\n'
