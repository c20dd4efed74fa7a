"""Command line of the engines.

    python -m games.engines replay RECORD [--format express|extended|full]

prints one JSON object per move: n, player, move, points, score, over, plus the
game's own keys. On the first illegal move it prints {"n", "error"} and exits
with status 2; a record that cannot be read gives one line on stderr and
status 2. RECORD is a JSON record or an SGF file; "-" reads standard input.
"""

import argparse
import json
import sys
from dataclasses import replace

from games.engines import RecordError, engine


def read_record(text: str, filename: str):
    """The record and its engine; SGF is Kropki's exchange format, JSON names its game."""
    stripped = text.lstrip()
    if filename.lower().endswith(".sgf") or stripped.startswith("("):
        game = "kropki"
    else:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"not JSON: {error.msg} at line {error.lineno}") from None
        game = data.get("game") if isinstance(data, dict) else None
        if not isinstance(game, str):
            raise RecordError('the record does not say its "game"')
    try:
        rules = engine(game)
    except KeyError:
        raise RecordError(f"unknown game {game!r}") from None
    return rules, rules.read_record(text, filename)


def replay(arguments: argparse.Namespace) -> int:
    try:
        if arguments.record == "-":
            text, filename = sys.stdin.read(), ""
        else:
            with open(arguments.record, encoding="utf-8") as file:
                text, filename = file.read(), arguments.record
        rules, record = read_record(text, filename)
        if arguments.format is not None:
            record = replace(record, options={**record.options, "format": arguments.format})
        rules.new(record.options)  # options are checked before any line is printed
    except (OSError, UnicodeDecodeError, RecordError) as error:
        print(f"replay: {arguments.record}: {error}", file=sys.stderr)
        return 2
    for line in rules.replay(record):
        print(json.dumps(line, ensure_ascii=False))
        if "error" in line:
            return 2
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m games.engines", description=__doc__.split("\n\n")[0]
    )
    commands = parser.add_subparsers(dest="command", required=True)
    replay_command = commands.add_parser("replay", help="replay a game record move by move")
    replay_command.add_argument("record", help="a JSON record or an SGF file; - for stdin")
    replay_command.add_argument(
        "--format", choices=["express", "extended", "full"], help="override the record's format"
    )
    replay_command.set_defaults(run=replay)
    arguments = parser.parse_args(argv)
    return arguments.run(arguments)


if __name__ == "__main__":
    sys.exit(main())
