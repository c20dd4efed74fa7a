"""Kropki game records: the JSON record of rules/kropki.md and SGF (game type 40)."""

import json
import re
from typing import Any

from games.catalog.kropki.engine.options import parse_options
from games.engines.base import OptionError, Record, RecordError

SGF_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_SGF_COLOURS = {"B": "blue", "W": "red"}
_SGF_SETUP = {"AB": "blue", "AW": "red"}


def read(text: str, filename: str = "") -> Record:
    """A record from JSON or SGF text (SGF when the name ends .sgf or the text starts '(')."""
    if filename.lower().endswith(".sgf") or text.lstrip().startswith("("):
        return read_sgf(text)
    return read_json(text)


def write(record: Record, form: str = "json") -> str:
    if form == "json":
        return write_json(record)
    if form == "sgf":
        return write_sgf(record)
    raise RecordError(f"unknown record form {form!r}; use json or sgf")


def _checked_record(options: dict[str, Any], moves: list, where: str) -> Record:
    """A record whose options the engine accepts; a fault names the option."""
    try:
        parse_options(options)
    except OptionError as error:
        raise RecordError(f"{where}{error}") from None
    return Record(game="kropki", options=options, moves=moves)


# -- JSON ----------------------------------------------------------------------


def read_json(text: str) -> Record:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"not JSON: {error.msg} at line {error.lineno}") from None
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object with game, options and moves")
    if data.get("game", "kropki") != "kropki":
        raise RecordError(f"this is a record of {data.get('game')!r}, not of kropki")
    options = data.get("options", {})
    moves = data.get("moves", [])
    if not isinstance(options, dict):
        raise RecordError("options: a JSON object")
    if not isinstance(moves, list):
        raise RecordError("moves: a JSON list")
    return _checked_record(options, moves, "options.")


def write_json(record: Record) -> str:
    """The record as JSON, one move per line so diffs and eyes can follow it."""
    options = parse_options(dict(record.options)).as_dict()
    lines = ",\n  ".join(json.dumps(move) for move in record.moves)
    return (
        '{"game": "kropki",\n "options": '
        + json.dumps(options)
        + ',\n "moves": [\n  '
        + lines
        + "\n ]}\n"
    )


# -- SGF -----------------------------------------------------------------------

_TOKEN = re.compile(r"\s*(?:(?P<open>\()|(?P<close>\))|(?P<node>;)|(?P<name>[A-Za-z]+))")
_VALUE = re.compile(r"\s*\[((?:[^\]\\]|\\.)*)\]", re.DOTALL)


def _sgf_nodes(text: str) -> list[list[tuple[str, list[str]]]]:
    """The main line of an SGF game tree: nodes of (property, values)."""
    nodes: list[list[tuple[str, list[str]]]] = []
    position, depth, seen_tree = 0, 0, False
    while position < len(text):
        if not text[position:].strip():
            break
        token = _TOKEN.match(text, position)
        if token is None:
            raise RecordError(f"SGF: unexpected {text[position : position + 10]!r}")
        position = token.end()
        if token["open"]:
            depth += 1
            seen_tree = True
            if depth > 1 and nodes:
                # A variation: the main line is the first branch only.
                break
        elif token["close"]:
            depth -= 1
            if depth <= 0:
                break
        elif token["node"]:
            if depth < 1:
                raise RecordError("SGF: a node outside the game tree")
            nodes.append([])
        else:
            if not nodes:
                raise RecordError("SGF: a property before the first node")
            values = []
            while (value := _VALUE.match(text, position)) is not None:
                values.append(value[1])
                position = value.end()
            if not values:
                raise RecordError(f"SGF: property {token['name']} has no value")
            nodes[-1].append((token["name"].upper(), values))
    if not seen_tree or not nodes:
        raise RecordError("SGF: no game tree found")
    return nodes


def _sgf_point(value: str, height: int) -> list[int]:
    value = value.split(".", 1)[0]  # a capture chain after "." is the site's own note
    if len(value) != 2 or any(c not in SGF_LETTERS for c in value):
        raise RecordError(f"SGF: {value!r} is not a point")
    return [SGF_LETTERS.index(value[0]) + 1, height - SGF_LETTERS.index(value[1])]


def read_sgf(text: str) -> Record:
    nodes = _sgf_nodes(text)
    root = dict(nodes[0])
    game_type = root.get("GM", ["40"])[0].strip()
    if game_type != "40":
        raise RecordError(f"SGF: game type {game_type} is not Dots (40)")
    size = root.get("SZ", ["39:32"])[0].strip()
    try:
        width, height = (int(part) for part in size.split(":")) if ":" in size else (int(size),) * 2
    except ValueError:
        raise RecordError(f"SGF: board size {size!r} is not W:H") from None
    setup: dict[str, list[list[int]]] = {"blue": [], "red": []}
    moves: list[list] = []
    for node in nodes:
        for name, values in node:
            if name in _SGF_SETUP:
                setup[_SGF_SETUP[name]].extend(_sgf_point(v, height) for v in values)
            elif name in _SGF_COLOURS:
                colour = _SGF_COLOURS[name]
                moves.extend([*_sgf_point(v, height), colour] for v in values if v)
    options: dict[str, Any] = {"width": width, "height": height, "start": setup}
    return _checked_record(options, moves, "SGF: ")


def write_sgf(record: Record) -> str:
    """SGF game type 40: setup dots as AB/AW, every move naming its colour."""
    from games.catalog.kropki.engine.engine import ENGINE

    options = parse_options(dict(record.options))
    width, height = options.width, options.height
    if max(width, height) > len(SGF_LETTERS):
        raise RecordError(f"SGF holds boards up to {len(SGF_LETTERS)} points a side")

    def point(x: int, y: int) -> str:
        return SGF_LETTERS[x - 1] + SGF_LETTERS[height - y]

    setup = ENGINE.setup_dots(options)
    root = f"(;FF[4]GM[40]CA[UTF-8]AP[championships]SZ[{width}:{height}]"
    for tag, colour in (("AB", "blue"), ("AW", "red")):
        if setup[colour]:
            root += tag + "".join(f"[{point(x, y)}]" for x, y in setup[colour])
    body = []
    turn = "blue"
    for move in record.moves:
        if not isinstance(move, list | tuple) or len(move) not in (2, 3):
            raise RecordError(f"move {move!r} is not [x, y] or [x, y, colour]")
        colour = move[2] if len(move) == 3 else turn
        body.append(f";{'B' if colour == 'blue' else 'W'}[{point(move[0], move[1])}]")
        turn = "red" if colour == "blue" else "blue"
    return root + "".join(body) + ")\n"
