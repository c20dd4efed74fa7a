"""Command line of the engines.

    python -m games.engines replay RECORD [--format express|extended|full]

prints one JSON object per move: n, player, move, points, score, over, plus the
game's own keys. On the first illegal move it prints {"n", "error"} and exits
with status 2; a record that cannot be read gives one line on stderr and
status 2. RECORD is a JSON record or an SGF file; "-" reads standard input.

    python -m games.engines solve dots_and_boxes [--columns C] [--rows R] [--record FILE]

prints {"value", "best", "seconds"}: the net boxes the player to move can force
from the empty board (or the record's last position) and a move that does it.
A position with more undrawn lines than the solver takes, a finished game or a
record that cannot be played gives one line on stderr and status 2.
"""

import argparse
import json
import sys
from dataclasses import replace

from games.engines import IllegalMove, RecordError, engine
from games.outcomes import MATCH_FORMATS


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


def solve(arguments: argparse.Namespace) -> int:
    if arguments.game != "dots_and_boxes":
        print(f"solve: there is no solver for {arguments.game!r}", file=sys.stderr)
        return 2
    from games.catalog.dots_and_boxes.engine import solver

    rules = engine(arguments.game)
    sizes = {
        name: value
        for name, value in (("columns", arguments.columns), ("rows", arguments.rows))
        if value is not None
    }
    try:
        if arguments.record is None:
            state = rules.new(sizes)
        else:
            if arguments.record == "-":
                text, filename = sys.stdin.read(), ""
            else:
                with open(arguments.record, encoding="utf-8") as file:
                    text, filename = file.read(), arguments.record
            record = rules.read_record(text, filename)
            state = rules.new(record.options)
            given = {name: getattr(state.options, name) for name in sizes}
            if given != sizes:
                raise RecordError(f"the record's board is {state.board.columns}×{state.board.rows}")
            for n, move in enumerate(record.moves, start=1):
                try:
                    state, _step = rules.apply(state, move, record=True)
                except IllegalMove as refusal:
                    raise RecordError(f"move {n}: {refusal.message}") from None
        if rules.result(state).over:
            raise RecordError("the game is over: there is nothing to solve")
        solution = solver.solve(state, arguments.time_limit)
    except (OSError, UnicodeDecodeError, RecordError) as error:
        where = f"{arguments.record}: " if arguments.record else ""
        print(f"solve: {where}{error}", file=sys.stderr)
        return 2
    except (solver.PositionTooLarge, solver.SolverTimeout) as error:
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
    replay_command.set_defaults(run=replay)
    solve_command = commands.add_parser(
        "solve", help="the exact value and a best move of a position (Dots and Boxes)"
    )
    solve_command.add_argument("game", help="dots_and_boxes")
    solve_command.add_argument("--columns", type=int, help="boxes across (default 5)")
    solve_command.add_argument("--rows", type=int, help="boxes up (default 4)")
    solve_command.add_argument("--record", help="solve the last position of this JSON record")
    solve_command.add_argument("--time-limit", type=float, help="give up after these seconds")
    solve_command.set_defaults(run=solve)
    arguments = parser.parse_args(argv)
    return arguments.run(arguments)


if __name__ == "__main__":
    sys.exit(main())
