"""Dots and Boxes: the engine, the exact solver's times, and the CPU against a greedy player.

Run alone with `python -m bench.dots_and_boxes` (no database needed); `python -m
bench` runs it with the others.
"""

import random
import statistics
import time

from bench.timing import StepTimer, Throughput, Timing, measure

MATCH_GAMES = 200  # CPU against the greedy baseline on 5×4, each side starting half of them
SOLVER_POSITIONS = 10  # random 5×4 positions with 20 lines left
BIG_BOARD_GAMES = 5  # CPU against greedy on 9×9, for the move times on the largest board


def greedy_move(state, chooser: random.Random) -> list:
    """The baseline: a box when there is one, else a line that hands no box over, else any."""
    from games.catalog.dots_and_boxes.engine.board import bits, completes, gives_third_side

    board, drawn = state.board, state.drawn
    free = list(bits(board.all_lines & ~drawn))
    captures = [line for line in free if completes(board, drawn, line)]
    safe = [line for line in free if not gives_third_side(board, drawn, line)]
    return board.move(chooser.choice(captures or safe or free))


def _random_position(seed: int, columns: int, rows: int, undrawn: int):
    from games.catalog.dots_and_boxes.engine import ENGINE

    chooser = random.Random(seed)
    state = ENGINE.new({"columns": columns, "rows": rows})
    while len(moves := ENGINE.legal_moves(state)) > undrawn:
        state, _step = ENGINE.apply(state, chooser.choice(moves))
    return state


def _apply_throughput() -> Throughput:
    """Every move of 200 random 5×4 games through `engine.apply`, timed one by one."""
    from games.catalog.dots_and_boxes.engine import ENGINE

    timer = StepTimer()
    for seed in range(200):
        chooser = random.Random(seed)
        state = ENGINE.new()
        order = ENGINE.legal_moves(state)
        chooser.shuffle(order)
        for move in order:
            state, _step = timer(ENGINE.apply, state, move)
    return timer.throughput("engine.apply, random 5×4 games")


def _solver_lines() -> list[str]:
    from games.catalog.dots_and_boxes.engine import ENGINE
    from games.catalog.dots_and_boxes.engine.solver import solve

    def line(name: str, times: list[float], extra: str = "") -> str:
        median, slowest = statistics.median(times) * 1000, max(times) * 1000
        return f"{name:<46} {extra:<10} median {median:8.1f} ms  max {slowest:8.1f} ms"

    lines = []
    for columns, rows in ((2, 2), (2, 3), (3, 3)):
        state = ENGINE.new({"columns": columns, "rows": rows})
        solutions = [solve(state, cache=False) for _ in range(5 if columns * rows < 9 else 1)]
        name = f"solve the empty {columns}×{rows} ({len(ENGINE.legal_moves(state))} lines)"
        value = f"value {solutions[0].value:+d}"
        lines.append(line(name, [solution.seconds for solution in solutions], value))
    for undrawn, count in ((20, SOLVER_POSITIONS), (21, 3), (22, 3), (23, 3)):
        times = [
            solve(_random_position(seed, 5, 4, undrawn), cache=False).seconds
            for seed in range(count)
        ]
        lines.append(line(f"solve {count} random 5×4 positions, {undrawn} lines left", times))
    return lines


def play_match(games: int, columns: int, rows: int) -> tuple[list[int], list[float]]:
    """([wins, draws, losses] of the CPU against greedy, every CPU move's seconds)."""
    from games.catalog.dots_and_boxes.engine import ENGINE

    tally = [0, 0, 0]
    times = []
    for game in range(games):
        chooser = random.Random(game)
        cpu = ENGINE.seats[game % 2]  # the CPU starts every other game
        state = ENGINE.new({"columns": columns, "rows": rows})
        while not ENGINE.result(state).over:
            if ENGINE.to_move(state) == cpu:
                started = time.perf_counter()
                move = ENGINE.suggest(state)
                times.append(time.perf_counter() - started)
            else:
                move = greedy_move(state, chooser)
            state, _step = ENGINE.apply(state, move)
        winner = ENGINE.result(state).winner
        tally[0 if winner == cpu else 1 if winner is None else 2] += 1
    return tally, times


def _match_lines(games: int, columns: int, rows: int) -> list[str]:
    (wins, draws, losses), times = play_match(games, columns, rows)
    times.sort()
    return [
        f"CPU against greedy, {games} games on {columns}×{rows}: "
        f"{wins} won, {draws} drawn, {losses} lost, win rate {wins / games:.1%}",
        f"CPU move time on {columns}×{rows}, {len(times)} moves: "
        f"p50 {statistics.median(times) * 1000:.2f} ms  "
        f"p99 {times[int(0.99 * (len(times) - 1))] * 1000:.1f} ms  max {times[-1] * 1000:.1f} ms",
    ]


def run() -> list[Timing | Throughput | str]:
    from games.catalog.dots_and_boxes.engine import ENGINE

    results: list[Timing | Throughput | str] = [_apply_throughput()]
    late = _random_position(1, 5, 4, 12)
    snapshot = ENGINE.dump(late)
    results.append(measure(f"dump ({len(snapshot)} bytes)", lambda _i: ENGINE.dump(late), 2000))
    results.append(measure("load", lambda _i: ENGINE.load(snapshot), 2000))
    results.extend(_solver_lines())
    results.extend(_match_lines(MATCH_GAMES, 5, 4))
    results.extend(_match_lines(BIG_BOARD_GAMES, 9, 9))
    return results


if __name__ == "__main__":
    for result in run():
        print(result if isinstance(result, str) else result.line())
