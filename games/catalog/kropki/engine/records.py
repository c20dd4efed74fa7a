"""Kropki game records: the JSON record of rules/kropki.md and SGF (game type 40)."""

import re
from typing import Any

from games.catalog.kropki.engine.options import parse_options, setup_dots
from games.engines import json_records
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
    return json_records.read(text, "kropki", parse_options)


def write_json(record: Record) -> str:
    """The record as JSON: options, header, one move per line so diffs and eyes can follow it."""
    return json_records.write(record, "json", "kropki", parse_options)


# -- SGF -----------------------------------------------------------------------

_TOKEN = re.compile(r"\s*(?:(?P<open>\()|(?P<close>\))|(?P<node>;)|(?P<name>[A-Za-z]+))")
_VALUE = re.compile(r"\s*\[((?:[^\]\\]|\\.)*)\]", re.DOTALL)
_BLANK = re.compile(r"\s*")


def _sgf_nodes(text: str) -> list[list[tuple[str, list[str]]]]:
    """The main line of an SGF game tree: nodes of (property, values)."""
    nodes: list[list[tuple[str, list[str]]]] = []
    position, depth, seen_tree = 0, 0, False
    while (position := _BLANK.match(text, position).end()) < len(text):
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
    """The game of an SGF file, its metadata (players, result, date, event, clocks) in the
    record's header as far as the file gives them."""
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
    times: list[dict] = []
    for node in nodes:
        node_moves = 0
        left = {}
        for name, values in node:
            if name in _SGF_SETUP:
                setup[_SGF_SETUP[name]].extend(_sgf_point(v, height) for v in values)
            elif name in _SGF_COLOURS:
                colour = _SGF_COLOURS[name]
                played = [[*_sgf_point(v, height), colour] for v in values if v]
                moves.extend(played)
                times.extend({"seat": colour} for _move in played)
                node_moves += len(played)
            elif name in _SGF_TIME_LEFT:
                left[_SGF_TIME_LEFT[name]] = _sgf_number(values[0])
        # A node's time left is its player's after the node's (last) dot.
        if node_moves and left.get(times[-1]["seat"]) is not None:
            times[-1]["left"] = left[times[-1]["seat"]]
    options: dict[str, Any] = {"width": width, "height": height, "start": setup}
    record = _checked_record(options, moves, "SGF: ")
    return Record(record.game, record.options, record.moves, header=_sgf_header(root, times))


def write_sgf(record: Record) -> str:
    """SGF game type 40: the root's metadata from the record's header, setup dots as AB/AW,
    every move naming its colour and, where known, its player's time left (BL/WL)."""
    options = parse_options(dict(record.options))
    width, height = options.width, options.height
    if max(width, height) > len(SGF_LETTERS):
        raise RecordError(f"SGF holds boards up to {len(SGF_LETTERS)} points a side")

    def point(x: int, y: int) -> str:
        return SGF_LETTERS[x - 1] + SGF_LETTERS[height - y]

    setup = setup_dots(options)
    root = f"(;FF[4]GM[40]CA[UTF-8]AP[championships]SZ[{width}:{height}]"
    root += "".join(f"{name}[{_sgf_text(value)}]" for name, value in _sgf_root(record.header))
    for tag, colour in (("AB", "blue"), ("AW", "red")):
        if setup[colour]:
            root += tag + "".join(f"[{point(x, y)}]" for x, y in setup[colour])
    clocks = record.header.get("clocks") if isinstance(record.header, dict) else None
    times = clocks.get("moves") if isinstance(clocks, dict) else None
    times = times if isinstance(times, list) else []
    body = []
    turn = "blue"
    for n, move in enumerate(record.moves):
        if not isinstance(move, list | tuple) or len(move) not in (2, 3):
            raise RecordError(f"move {move!r} is not [x, y] or [x, y, colour]")
        known = times[n] if n < len(times) and isinstance(times[n], dict) else {}
        # A move that does not name its colour was played by the seat the header gives.
        colour = move[2] if len(move) == 3 else known.get("seat", turn)
        if colour not in _SGF_SETUP.values():
            raise RecordError(f"move {move!r}: {colour!r} is not blue or red")
        tag = "B" if colour == "blue" else "W"
        node = f";{tag}[{point(move[0], move[1])}]"
        left = known.get("left")
        if _is_number(left):
            node += f"{tag}L[{_sgf_real(left)}]"
        body.append(node)
        turn = "red" if colour == "blue" else "blue"
    return root + "".join(body) + ")\n"


# -- SGF metadata ----------------------------------------------------------------

_SGF_TIME_LEFT = {"BL": "blue", "WL": "red"}
_SGF_PLAYERS = {"PB": "blue", "PW": "red"}
# Why a game was won, as SGF's RE writes it (FF[4]): resigned, on time, by forfeit.
_SGF_WIN_HOW = {
    "resignation": "R",
    "time": "T",
    "forfeit": "F",
    "no_show": "F",
    "disconnection": "F",
}
_SGF_WIN_READ = {
    "R": "resignation",
    "Resign": "resignation",
    "T": "time",
    "Time": "time",
    "F": "forfeit",
    "Forfeit": "forfeit",
}
# A game that gave no result (both players lost it): SGF's "Void".
_VOID_REASON = "double_forfeit"
_SGF_DRAWS = ("0", "Draw", "Jigo")


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _sgf_real(value: float) -> str:
    """A number as SGF's Real: 630, 614.7."""
    text = f"{round(float(value), 1):.1f}"
    return text.removesuffix(".0")


def _sgf_number(value: str) -> float | int | None:
    try:
        number = float(_sgf_unescape(value).strip())
    except ValueError:
        return None
    return int(number) if number.is_integer() else number


def _sgf_text(value: str) -> str:
    """A text value with SGF's escapes: ] and \\ each after a backslash."""
    return value.replace("\\", "\\\\").replace("]", "\\]")


def _sgf_unescape(value: str) -> str:
    """A SimpleText value as its text: soft line breaks gone, escapes undone, other line
    breaks and tabs as spaces (FF[4])."""

    def unescaped(escape: re.Match) -> str:
        return "" if escape[1] in _LINE_BREAKS else escape[1]

    value = re.sub(r"\\(\r\n|\n\r|\n|\r|.)", unescaped, value, flags=re.DOTALL)
    return re.sub(r"\r\n|\n\r|[\r\n\t]", " ", value)


_LINE_BREAKS = ("\r\n", "\n\r", "\n", "\r")


def _sgf_result(result: Any) -> str | None:
    """RE of a finished game: "B+R", "W+T", "B+F", "B+12", "B+" (no margin), "0" for a draw,
    "Void" for a game that both lost; None while it is not over."""
    if not isinstance(result, dict) or result.get("status", "finished") != "finished":
        return None
    winner, reason = result.get("winner"), result.get("reason")
    if reason == _VOID_REASON:
        return "Void"
    if winner is None:
        return "0"
    if winner not in ("blue", "red"):
        return None
    tag = "B" if winner == "blue" else "W"
    if reason in _SGF_WIN_HOW:
        return f"{tag}+{_SGF_WIN_HOW[reason]}"
    score, margin = result.get("score"), result.get("margin")
    if isinstance(score, dict) and all(_is_number(score.get(seat)) for seat in ("blue", "red")):
        margin = score[winner] - score["red" if winner == "blue" else "blue"]
    if _is_number(margin) and margin > 0:
        return f"{tag}+{_sgf_real(margin)}"
    return f"{tag}+"


def _result_of(text: str) -> dict | None:
    """The header's result from an RE value; None for an unknown result ("?")."""
    text = text.strip()
    if text in _SGF_DRAWS:
        return {"status": "finished", "winner": None, "reason": None}
    if text == "Void":
        return {"status": "finished", "winner": None, "reason": _VOID_REASON}
    won = re.fullmatch(r"([BW])\+(.*)", text)
    if won is None:
        return None
    result: dict = {"status": "finished", "winner": _SGF_COLOURS[won[1]], "reason": None}
    how = won[2].strip()
    if how in _SGF_WIN_READ:
        result["reason"] = _SGF_WIN_READ[how]
    elif (margin := _sgf_number(how)) is not None:
        result["margin"] = margin
    return result


def _sgf_date(dates: Any) -> str | None:
    """DT: the day the game was played (YYYY-MM-DD, UTC), or the date a record gave."""
    if not isinstance(dates, dict):
        return None
    if isinstance(dates.get("played"), str):
        return dates["played"]
    moment = dates.get("started") or dates.get("created")
    return moment[:10] if isinstance(moment, str) else None


def _sgf_overtime(clocks: dict) -> str | None:
    """OT: what the clock gives beyond the main time, in the words Dots sites use."""
    if isinstance(clocks.get("overtime"), str):
        return clocks["overtime"]
    control = clocks.get("time_control")
    if not isinstance(control, dict):
        return None
    parts = []
    if _is_number(control.get("increment_s")) and control["increment_s"] > 0:
        parts.append(f"+{_sgf_real(control['increment_s'])} sec / move")
    if _is_number(control.get("move_s")):
        parts.append(f"{_sgf_real(control['move_s'])} sec / move")
    return ", ".join(parts) or None


def _sgf_root(header: Any) -> list[tuple[str, str]]:
    """The root's metadata properties, in the order Dots sites write them."""
    header = header if isinstance(header, dict) else {}
    players = header.get("players") if isinstance(header.get("players"), dict) else {}
    event = header.get("event") if isinstance(header.get("event"), dict) else {}
    clocks = header.get("clocks") if isinstance(header.get("clocks"), dict) else {}
    control = clocks.get("time_control") if isinstance(clocks.get("time_control"), dict) else {}
    initial = control.get("initial_s")
    properties = [
        ("PB", players.get("blue")),
        ("PW", players.get("red")),
        ("DT", _sgf_date(header.get("dates"))),
        ("EV", event.get("name")),
        ("RO", event.get("round")),
        ("PC", header.get("page")),
        ("TM", _sgf_real(initial) if _is_number(initial) else None),
        ("OT", _sgf_overtime(clocks)),
        ("RE", _sgf_result(header.get("result"))),
    ]
    return [(name, value) for name, value in properties if isinstance(value, str) and value]


def _sgf_header(root: dict[str, list[str]], times: list[dict]) -> dict:
    """The record's header from the root's metadata and the moves' times left."""

    def text(name: str) -> str | None:
        return _sgf_unescape(root[name][0]).strip() if name in root else None

    header: dict[str, Any] = {}
    players = {seat: text(name) for name, seat in _SGF_PLAYERS.items() if text(name)}
    if players:
        header["players"] = players
    event = {key: text(name) for key, name in (("name", "EV"), ("round", "RO")) if text(name)}
    if event:
        header["event"] = event
    if text("PC"):
        header["page"] = text("PC")
    result = _result_of(text("RE")) if text("RE") else None
    if result is not None:
        header["result"] = result
    if text("DT"):
        header["dates"] = {"played": text("DT")}
    clocks: dict[str, Any] = {}
    initial = _sgf_number(root["TM"][0]) if "TM" in root else None
    if initial is not None:
        clocks["time_control"] = {"initial_s": initial}
    if text("OT"):
        clocks["overtime"] = text("OT")
    if any("left" in entry for entry in times):
        clocks["moves"] = times
    if clocks:
        header["clocks"] = clocks
    return header
