"""The CPU levels' ladder: each level against the one below (normal against easy, strong
against normal), and the strong level's move time on each game's default board.

Two deterministic players would play one game over and over, so each pair of games
starts from its own opening (a few random moves, or the deal of a seed where the game
deals) and the two games of a pair swap the seats. A series may play shorter games than
the default ones, so that it finishes in reasonable time (SERIES says what each plays);
a game stopped at its move cap is decided by the score there. Win rates are of the
decided games. Run alone with `python -m bench.cpu_ladder [game ...] [--games N]
[--processes N]` (no database needed); run it with `nice`, it keeps its processes busy.
"""

import argparse
import random
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

GAMES = 100  # per series
PROCESSES = 2
PROGRESS_EVERY = 10  # games between the running tallies of a series run from the command line
PAIRS = (("normal", "easy"), ("strong", "normal"))
DEFAULT_BOARD_GAMES = 2  # games on each game's default board, for strong's move time
DEFAULT_BOARD_MOVES = 40  # strong's moves timed in each of them at most


@dataclass(frozen=True)
class Series:
    """How one game's ladder games are played."""

    options: dict[str, Any]
    described: str  # for people: the board, options and format
    opening: int = 0  # random moves before the CPUs take over
    cap: int | None = None  # moves at most (both sides); then the score decides
    default_options: dict[str, Any] = field(default_factory=dict)


SERIES = {
    "kropki": Series(
        {"width": 20, "height": 20, "format": {"limit": 120, "until_secured": False}},
        "20×20, cross start, 6 random opening moves near the centre, 120 moves",
        opening=6,
    ),
    "dots_and_boxes": Series(
        {}, "5×4 boxes (the default), 4 random opening lines that give no box away", opening=4
    ),
    "quadramids": Series(
        {"players": 2}, "2 players, the default 200-move limit, 4 random opening moves", opening=4
    ),
    "quadrotone": Series(
        {}, "main variant, default settings, a seeded deal per pair, the first 60 moves", cap=60
    ),
}


def _opening_move(rules: Any, state: Any, chooser: random.Random) -> Any:
    """A random opening move that gives nothing away, for the game at hand."""
    if rules.name == "kropki":
        geometry = state.position.board
        cx, cy = (geometry.width + 1) // 2, (geometry.height + 1) // 2
        while True:
            x, y = cx + chooser.randint(-3, 3), cy + chooser.randint(-3, 3)
            if state.position.is_free(geometry.index(x, y)):
                return [x, y]
    if rules.name == "dots_and_boxes":
        from games.catalog.dots_and_boxes.engine.cpu import safe_lines, sides_left

        board = state.board
        safe = safe_lines(board, state.drawn, sides_left(board, state.drawn))
        return board.move(chooser.choice(safe))
    return chooser.choice(rules.legal_moves(state))


def play_game(game: str, upper: str, lower: str, number: int) -> dict:
    """One game of the series: the upper level in the first seat in even-numbered games.

    Returns {"winner": "upper" | "lower" | None, "seconds": {level: [move times]}}.
    """
    from games.engines import engine

    rules = engine(game)
    series = SERIES[game]
    pair = number // 2
    chooser = random.Random(pair)
    seed = {"seed": pair + 1} if rules.random_setup else {}
    state = rules.new(series.options, **seed)
    seats = rules.seats_for(series.options)
    upper_seat = seats[number % 2]
    for _ in range(series.opening):
        state, _step = rules.apply(state, _opening_move(rules, state, chooser))
    seconds: dict[str, list[float]] = {upper: [], lower: []}
    played = series.opening
    while not rules.result(state).over and (series.cap is None or played < series.cap):
        level = upper if rules.to_move(state) == upper_seat else lower
        started = time.perf_counter()
        move = rules.suggest(state, level=level)
        seconds[level].append(time.perf_counter() - started)
        if move is None:
            break
        state, _step = rules.apply(state, move)
        played += 1
    result = rules.result(state)
    if result.over:
        winner = result.winner
    else:
        score = rules.score(state)
        top = max(score.values())
        leaders = [seat for seat, points in score.items() if points == top]
        winner = leaders[0] if len(leaders) == 1 else None
    side = None if winner is None else ("upper" if winner == upper_seat else "lower")
    return {"winner": side, "seconds": seconds}


def strong_on_default(game: str, games: int = DEFAULT_BOARD_GAMES) -> list[float]:
    """The strong level's move times in games on the default board and options, strong
    against normal from a varied opening, for at most DEFAULT_BOARD_MOVES strong moves."""
    from games.engines import engine

    rules = engine(game)
    times: list[float] = []
    for number in range(games):
        chooser = random.Random(1000 + number)
        seed = {"seed": 1000 + number} if rules.random_setup else {}
        state = rules.new({}, **seed)
        for _ in range(SERIES[game].opening):
            state, _step = rules.apply(state, _opening_move(rules, state, chooser))
        strong_seat, mine = rules.to_move(state), 0
        while mine < DEFAULT_BOARD_MOVES and not rules.result(state).over:
            level = "strong" if rules.to_move(state) == strong_seat else "normal"
            started = time.perf_counter()
            move = rules.suggest(state, level=level)
            if level == "strong":
                times.append(time.perf_counter() - started)
                mine += 1
            if move is None:
                break
            state, _step = rules.apply(state, move)
    return times


def _times(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return (
        f"mean {statistics.fmean(ordered) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
        f"max {ordered[-1] * 1000:.0f} ms ({len(ordered)} moves)"
    )


def _tally(outcomes: list[dict]) -> str:
    won = sum(1 for outcome in outcomes if outcome["winner"] == "upper")
    lost = sum(1 for outcome in outcomes if outcome["winner"] == "lower")
    drawn = len(outcomes) - won - lost
    rate = f"{won / (won + lost):.0%}" if won + lost else "—"
    return f"{won} won, {drawn} drawn, {lost} lost; {rate} of the decided games"


def series_lines(
    game: str,
    games: int,
    processes: int,
    progress: Callable[[str], None] | None = None,
    pairs: tuple[tuple[str, str], ...] = PAIRS,
) -> list[str]:
    """The series' lines; `progress` (if given) hears the tally every PROGRESS_EVERY games."""
    lines = [f"{game}: {SERIES[game].described}"]
    for upper, lower in pairs:
        started = time.perf_counter()
        outcomes = []
        with ProcessPoolExecutor(processes) as pool:
            futures = [pool.submit(play_game, game, upper, lower, n) for n in range(games)]
            for future in as_completed(futures):
                outcomes.append(future.result())
                if progress and len(outcomes) % PROGRESS_EVERY == 0:
                    progress(f"    ({upper} against {lower}: {_tally(outcomes)})")
        lines.append(
            f"  {upper} against {lower}, {games} games: {_tally(outcomes)} "
            f"({time.perf_counter() - started:.0f} s)"
        )
        for level in (upper, lower):
            seconds = [s for outcome in outcomes for s in outcome["seconds"][level]]
            lines.append(f"    {level} move time: {_times(seconds)}")
    return lines


def default_board_lines(game: str) -> str:
    return f"  strong on the default board and options: {_times(strong_on_default(game))}"


def run(games: int = GAMES, processes: int = PROCESSES, only: list[str] | None = None) -> list[str]:
    lines = []
    for game in only or list(SERIES):
        lines.extend(series_lines(game, games, processes))
        lines.append(default_board_lines(game))
    return lines


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="some of: " + ", ".join(SERIES))
    parser.add_argument("--games", dest="count", type=int, default=GAMES)
    parser.add_argument("--processes", type=int, default=PROCESSES)
    parser.add_argument("--default-board-only", action="store_true")
    parser.add_argument("--upper", choices=[upper for upper, _lower in PAIRS], help="one series")
    arguments = parser.parse_args()
    if arguments.default_board_only:
        for name in arguments.games or list(SERIES):
            print(name, default_board_lines(name), flush=True)
    else:
        for name in arguments.games or list(SERIES):
            pairs = tuple(pair for pair in PAIRS if arguments.upper in (None, pair[0]))
            for line in series_lines(
                name,
                arguments.count,
                arguments.processes,
                lambda line: print(line, flush=True),
                pairs,
            ):
                print(line, flush=True)
            print(default_board_lines(name), flush=True)
