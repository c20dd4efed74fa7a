"""Command line of the engines.

    python -m games.engines replay RECORD [--format express|extended|full] [--game PACKAGE]

prints one JSON object per move: n, player, move, points, score, over, plus the
game's own keys. On the first illegal move it prints {"n", "error"} and exits
with status 2; a record that cannot be read gives one line on stderr and
status 2. RECORD is a JSON record or an SGF file (as the game's page downloads them: the
record's players, result, dates and clocks are not replayed); "-" reads standard input.
The built-in games are in play; each --game puts one more game package in play
(the command reads no Django settings).

    python -m games.engines solve GAME [--OPTION VALUE ...] [--record FILE]

for a game whose engine has an exact solver, prints {"value", "best", "seconds"}: what
the player to move can force from the start (a new game with those options, e.g.
`--columns 2 --rows 2`) or from the record's last position, and a move that does it. A
position beyond the solver, a finished game or a record that cannot be played gives one
line on stderr and status 2.
"""

import argparse
import json
import sys
from dataclasses import replace

from games import engines
from games.catalog import BUILT_IN
from games.engines import IllegalMove, RecordError, engine
from games.engines.base import CannotSolve
from games.outcomes import MATCH_FORMATS


def sgf_game() -> str:
    """The game in play whose records are SGF files (SGF names no game of ours)."""
    for game in engines.GAMES:
        if "sgf" in engine(game).record_formats:
            return game
    raise RecordError("no game in play reads SGF")


def read_record(text: str, filename: str):
    """The record and its engine: a JSON record names its game; SGF is one game's format."""
    stripped = text.lstrip()
    if filename.lower().endswith(".sgf") or stripped.startswith("("):
        game = sgf_game()
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
    engines.use_games([*BUILT_IN, *arguments.games])
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


def option_values(words: list[str]) -> dict:
    """`--columns 2 --rows 3` → {"columns": 2, "rows": 3}: a game's options by name."""
    options: dict = {}
    for index in range(0, len(words), 2):
        name, value = words[index], words[index + 1] if index + 1 < len(words) else None
        if not name.startswith("--") or value is None:
            raise RecordError(f"options are given as --NAME VALUE, not {name!r}")
        try:
            options[name[2:].replace("-", "_")] = json.loads(value)
        except json.JSONDecodeError:
            options[name[2:].replace("-", "_")] = value
    return options


def solve(arguments: argparse.Namespace) -> int:
    try:
        rules = engine(arguments.game)
    except KeyError:
        print(f"solve: unknown game {arguments.game!r}", file=sys.stderr)
        return 2
    if not rules.solves:
        print(f"solve: there is no solver for {arguments.game!r}", file=sys.stderr)
        return 2
    try:
        options = option_values(arguments.options)
        if arguments.record is None:
            state = rules.new(options)
        else:
            if options:
                raise RecordError("the options are the record's own: give one or the other")
            if arguments.record == "-":
                text, filename = sys.stdin.read(), ""
            else:
                with open(arguments.record, encoding="utf-8") as file:
                    text, filename = file.read(), arguments.record
            record = rules.read_record(text, filename)
            state = rules.new(record.options)
            for n, move in enumerate(record.moves, start=1):
                try:
                    state, _step = rules.apply(state, move, record=True)
                except IllegalMove as refusal:
                    raise RecordError(f"move {n}: {refusal.message}") from None
        if rules.result(state).over:
            raise RecordError("the game is over: there is nothing to solve")
        solution = rules.solve(state, arguments.time_limit)
    except (OSError, UnicodeDecodeError, RecordError) as error:
        where = f"{arguments.record}: " if arguments.record else ""
        print(f"solve: {where}{error}", file=sys.stderr)
        return 2
    except CannotSolve as error:
        print(f"solve: {error}", file=sys.stderr)
        return 2
    answer = {"value": solution.value, "best": solution.best, "seconds": round(solution.seconds, 3)}
    print(json.dumps(answer))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m games.engines", description=__doc__.split("\n\n")[0]
    )
    commands = parser.add_subparsers(dest="command", required=True)
    replay_command = commands.add_parser("replay", help="replay a game record move by move")
    replay_command.add_argument("record", help="a JSON record or an SGF file; - for stdin")
    replay_command.add_argument(
        "--format", choices=MATCH_FORMATS, help="override the record's format"
    )
    replay_command.add_argument(
        "--game",
        dest="games",
        action="append",
        default=[],
        metavar="PACKAGE",
        help="a game package to put in play beside the built-in ones (repeatable)",
    )
    replay_command.set_defaults(run=replay)
    solve_command = commands.add_parser(
        "solve",
        help="the exact value and a best move of a position, for a game with a solver",
        epilog="Any other --NAME VALUE is an option of the new game (e.g. --columns 2).",
    )
    solve_command.add_argument("game", help="the game's API name")
    solve_command.add_argument("--record", help="solve the last position of this JSON record")
    solve_command.add_argument("--time-limit", type=float, help="give up after these seconds")
    solve_command.set_defaults(run=solve)
    arguments, rest = parser.parse_known_args(argv)
    if arguments.command != "solve" and rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    arguments.options = rest
    return arguments.run(arguments)


if __name__ == "__main__":
    sys.exit(main())
