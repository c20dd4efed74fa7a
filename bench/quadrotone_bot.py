"""Quadrotone: the bot's move time and `engine.apply` on a full board, every option on.

The bot plays BOT_MOVES moves (both sides) from a mid-game position: MIDGAME_MOVES
bot moves into a main-variant game with rotations, chains and enclosure on. The
bot finishes its candidate list well within its budget there, so the position
is the same on a fast or a slow machine. `apply` is timed over whole
reverse-variant games (the board full from the start, Q21) between two bots
with a 0.02 s budget, and over the rearrangements that end a main game whose
board is full. Run alone with `python -m bench.quadrotone_bot` (no database
needed).
"""

import statistics
import time

from bench.timing import StepTimer, Throughput, Timing, measure

OPTIONS = {"rotations": True, "chains": True, "enclosure": True}
MIDGAME_MOVES = 60
BOT_MOVES = 20
BUDGET = 2.0  # the bot's default, seconds
QUICK = 0.02  # the budget of the moves that only make positions
TARGET_S = 2.5


def _midgame(seed: int):
    from games.catalog.quadrotone.engine import ENGINE

    state = ENGINE.new({**OPTIONS, "seed": seed})
    for _ in range(MIDGAME_MOVES):
        state, _step = ENGINE.apply(state, ENGINE.suggest(state, budget=BUDGET))
    return state


def _bot_lines() -> list[str]:
    from games.catalog.quadrotone.engine import ENGINE

    state = _midgame(1)
    times, points = [], []
    for _ in range(BOT_MOVES):
        if ENGINE.result(state).over:
            break
        started = time.perf_counter()
        move = ENGINE.suggest(state, budget=BUDGET)
        times.append(time.perf_counter() - started)
        state, step = ENGINE.apply(state, move)
        points.append(step.points)
    return [
        f"bot move time, {len(times)} moves from move {MIDGAME_MOVES + 1} "
        f"(budget {BUDGET:.0f} s, all options): p50 {statistics.median(times) * 1000:.0f} ms  "
        f"max {max(times) * 1000:.0f} ms  (target ≤ {TARGET_S} s)",
        f"bot points per move there: median {statistics.median(points):.0f}, max {max(points)}",
    ]


def _apply_throughput(name: str, positions) -> Throughput:
    """Every move of the games `positions` yields, timed one by one through `apply`."""
    from games.catalog.quadrotone.engine import ENGINE

    timer = StepTimer()
    for state in positions:
        while not ENGINE.result(state).over:
            state, _step = timer(ENGINE.apply, state, ENGINE.suggest(state, budget=QUICK))
    return timer.throughput(name)


def _full_main_board(seed: int):
    """A main game played on until its board is full (the rearrangements are left)."""
    from games.catalog.quadrotone.engine import ENGINE

    state = ENGINE.new({**OPTIONS, "seed": seed})
    while state.board.occupied() < 256 and not ENGINE.result(state).over:
        state, _step = ENGINE.apply(state, ENGINE.suggest(state, budget=QUICK))
    return state


def run() -> list[Timing | Throughput | str]:
    from games.catalog.quadrotone.engine import ENGINE

    results: list[Timing | Throughput | str] = []
    reverse = (ENGINE.new({**OPTIONS, "variant": "reverse", "seed": s}) for s in range(2))
    results.append(_apply_throughput("engine.apply, full board (reverse, all on)", reverse))
    full = (_full_main_board(s) for s in range(2))
    results.append(_apply_throughput("engine.apply, full board (main, rearranges)", full))
    state = _midgame(2)
    snapshot = ENGINE.dump(state)
    results.append(measure(f"dump ({len(snapshot)} bytes)", lambda _i: ENGINE.dump(state), 500))
    results.append(measure("load", lambda _i: ENGINE.load(snapshot), 500))
    results.extend(_bot_lines())
    return results


if __name__ == "__main__":
    for result in run():
        print(result if isinstance(result, str) else result.line())
