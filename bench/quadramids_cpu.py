"""Quadramids: `engine.apply`, the CPU against a points-only greedy player and against
itself without its M14/M17 term.

The baseline takes the move that scores most at once (one-off points plus the
income the move sets up) and picks at random among equals; it ignores safety.
Two-player games use the default 200-move limit, each side starting half of
them. Four-player games are CPU in every seat, for the move times with the most
figures about. Run alone with `python -m bench.quadramids_cpu` (no database needed).
"""

import random
import statistics

from bench.timing import StepTimer, Throughput

MATCH_GAMES = 40
GATHER_GAMES = 150  # the CPU against itself without the M14/M17 term, each starting half
FOUR_PLAYER_GAMES = 6


def greedy_move(state, chooser: random.Random) -> list:
    """The baseline's move: most points now, ties broken at random."""
    from games.catalog.quadramids.engine.cpu import played
    from games.catalog.quadramids.engine.engine import _move_payload
    from games.catalog.quadramids.engine.rules import moves_of

    seat = state.turn
    best, choices = None, []
    for a, b in moves_of(state.position, seat):
        trial, one_off = played(state.position, a, b, seat)
        value = one_off + trial.income(seat)
        if best is None or value > best:
            best, choices = value, [(a, b)]
        elif value == best:
            choices.append((a, b))
    return _move_payload(*chooser.choice(choices))


def play_match(games: int) -> tuple[list[int], list[int], list[float]]:
    """([wins, draws, losses] of the CPU, its score margins, every CPU move's seconds)."""
    from games.catalog.quadramids.engine import ENGINE

    tally, margins, thinking = [0, 0, 0], [], StepTimer()
    for number in range(games):
        chooser = random.Random(number)
        cpu = number % 2
        state = ENGINE.new({"players": 2})
        while not ENGINE.result(state).over:
            if state.turn == cpu:
                move = thinking(ENGINE.suggest, state)
            else:
                move = greedy_move(state, chooser)
            state, _step = ENGINE.apply(state, move)
        margin = state.scores[cpu] - state.scores[1 - cpu]
        margins.append(margin)
        tally[0 if margin > 0 else 1 if margin == 0 else 2] += 1
    return tally, margins, thinking.seconds


def gather_match(games: int) -> tuple[int, int, int]:
    """(won, drawn, lost) of the CPU against itself without the M14/M17 term.

    Four random moves open each game, so that the games differ.
    """
    from games.catalog.quadramids.engine import ENGINE
    from games.catalog.quadramids.engine.cpu import suggest_move

    tally = [0, 0, 0]
    for number in range(games):
        chooser = random.Random(number)
        cpu = number % 2
        state = ENGINE.new({"players": 2})
        for _ in range(4):
            state, _step = ENGINE.apply(state, chooser.choice(ENGINE.legal_moves(state)))
        while not ENGINE.result(state).over:
            state, _step = ENGINE.apply(state, suggest_move(state, gather=state.turn == cpu))
        margin = state.scores[cpu] - state.scores[1 - cpu]
        tally[0 if margin > 0 else 1 if margin == 0 else 2] += 1
    return tally[0], tally[1], tally[2]


def four_player_games(games: int) -> tuple[Throughput, list[float]]:
    """Whole 4-player games of CPUs (a few random moves first, so they differ)."""
    from games.catalog.quadramids.engine import ENGINE

    thinking, timer = StepTimer(), StepTimer()
    for number in range(games):
        chooser = random.Random(number)
        state = ENGINE.new({"players": 4})
        for _ in range(4):
            state, _step = ENGINE.apply(state, chooser.choice(ENGINE.legal_moves(state)))
        while not ENGINE.result(state).over:
            state, _step = timer(ENGINE.apply, state, thinking(ENGINE.suggest, state))
    return timer.throughput("engine.apply, 4-player CPU games"), thinking.seconds


def _times_line(name: str, times: list[float]) -> str:
    return (
        f"CPU move time, {name}: p50 {statistics.median(times) * 1000:.1f} ms  "
        f"max {max(times) * 1000:.1f} ms  ({len(times)} moves)"
    )


def run() -> list[Throughput | str]:
    (wins, draws, losses), margins, times = play_match(MATCH_GAMES)
    apply_rate, four_player_times = four_player_games(FOUR_PLAYER_GAMES)
    gathered = gather_match(GATHER_GAMES)
    return [
        apply_rate,
        f"CPU against the points-only greedy player, {MATCH_GAMES} two-player games: "
        f"{wins} won, {draws} drawn, {losses} lost, win rate {wins / MATCH_GAMES:.1%}, "
        f"median margin {statistics.median(margins):.0f} points",
        f"CPU against itself without the M14/M17 term, {GATHER_GAMES} two-player games: "
        f"{gathered[0]} won, {gathered[1]} drawn, {gathered[2]} lost",
        _times_line("2 players", times),
        _times_line("4 players", four_player_times),
    ]


if __name__ == "__main__":
    for result in run():
        print(result if isinstance(result, str) else result.line())
