"""Quadrotone game records: the JSON record of rules/quadrotone.md.

    {"game": "quadrotone", "options": {...}, "deal": {"first": [...], "second": [...]},
     ..., "moves": [...]}

(the reverse variant has "board": [[tile, turn] × 256] instead of "deal"). The
deal (or board) is authoritative: reading puts it into the options as "deal"
(or "board"), which `new` prefers to the seed. Writing a record whose options
carry neither makes the start from the seed, as the game did. The record's header
(players, result, dates, clocks: see `Record`) comes between the start and the moves.
"""

import json

from games.catalog.quadrotone.engine.options import parse_options
from games.engines.base import OptionError, Record, RecordError, json_record_parts
from games.engines.json_records import header_lines, header_of, moves_lines

STARTS = ("deal", "board")

GAME = "quadrotone"


def read(text: str, filename: str = "") -> Record:
    """A record from its JSON text; the moves are checked when the game is replayed."""
    data, options, moves = json_record_parts(text, GAME)
    for start in STARTS:
        if start in data:
            options[start] = data[start]
    try:
        parse_options(options)
    except OptionError as error:
        where = error.field if error.field in STARTS else f"options.{error.field}"
        raise RecordError(f"{where}: {error.message}") from None
    return Record(game=GAME, options=options, moves=moves, header=header_of(data, *STARTS))


def write(record: Record, form: str = "json") -> str:
    """The record as JSON: options, the start (deal or board), one move per line."""
    if form != "json":
        raise RecordError(f"unknown record form {form!r}; Quadrotone records are json")
    try:
        options = parse_options(dict(record.options))
    except OptionError as error:
        raise RecordError(f"options.{error}") from None
    lines = [
        f'{{"game": {json.dumps(GAME)}',
        f' "options": {json.dumps(options.as_dict(start=False))}',
    ]
    if options.reverse:
        board = options.start_board()
        cells = ", ".join(json.dumps(list(entry)) for entry in board)
        lines.append(f' "board": [{cells}]')
    else:
        first, second = options.start_deal()
        lines.append(
            f' "deal": {{"first": {json.dumps(list(first))},\n'
            f'          "second": {json.dumps(list(second))}}}'
        )
    return ",\n".join(lines) + ",\n" + header_lines(record.header, *STARTS) + moves_lines(record)
