"""Kropki engine: random full-board 39×32 games, snapshots, and the CPU player (its time, and
its second look measured against the first look alone)."""

import random
import time

from bench.timing import Throughput, Timing, measure

GAMES = 20
MATCH_GAMES = 100  # the CPU against its first look alone, each side starting half
MATCH_OPENING = 6  # random moves near the centre, so that the games differ
MATCH_MOVES = 300


def _random_game_points(seed: int, width: int, height: int) -> list[tuple[int, int]]:
    points = [(x, y) for y in range(1, height + 1) for x in range(1, width + 1)]
    random.Random(seed).shuffle(points)
    return points


def _play_games(with_secured_check: bool, through_engine: bool) -> Throughput:
    """Every move of GAMES random games played until the board is full, timed one by one.

    The rules level mutates one position; the engine level also copies the state,
    checks the move, reports K13 with it and decides the end of the game.
    """
    from games.catalog.kropki.engine import ENGINE
    from games.catalog.kropki.engine.rules import place
    from games.catalog.kropki.engine.secured import secured_lead

    moves, spent, slowest = 0, 0.0, 0.0
    clock = time.perf_counter
    for seed in range(GAMES):
        state = ENGINE.new({"width": 39, "height": 32, "start": "empty"})
        position = state.position
        geometry = position.board
        player = 1
        for x, y in _random_game_points(seed, 39, 32):
            index = geometry.index(x, y)
            if not state.position.is_free(index):
                continue
            started = clock()
            if through_engine:
                state, _step = ENGINE.apply(state, [x, y], record=True)
            else:
                place(position, index, player)
                if with_secured_check:
                    secured_lead(position)
            took = clock() - started
            spent += took
            slowest = max(slowest, took)
            moves += 1
            player = 3 - player
    name = "engine.apply (K13 reported after every move)"
    if not through_engine:
        name = "rules: place + K13 secured check" if with_secured_check else "rules: place"
    return Throughput(name, moves, spent / moves * 1000, slowest * 1000, moves / spent)


def run() -> list[Timing | Throughput | str]:
    from games.catalog.kropki.engine import ENGINE

    results: list[Timing | Throughput | str] = [
        _play_games(with_secured_check=False, through_engine=False),
        _play_games(with_secured_check=True, through_engine=False),
        _play_games(with_secured_check=False, through_engine=True),
    ]
    # A late-game position for the snapshot and CPU timings.
    state = ENGINE.new()
    for x, y in _random_game_points(99, 39, 32)[:700]:
        try:
            state, _step = ENGINE.apply(state, [x, y], record=True)
        except Exception:  # points already taken by captures are simply skipped
            continue
    snapshot = ENGINE.dump(state)
    results.append(measure(f"dump ({len(snapshot)} bytes)", lambda _i: ENGINE.dump(state), 2000))
    results.append(measure("load", lambda _i: ENGINE.load(snapshot), 2000))

    cpu_state = ENGINE.new()

    def cpu_move(_i: int) -> None:
        nonlocal cpu_state
        move = ENGINE.suggest(cpu_state)
        cpu_state, _step = ENGINE.apply(cpu_state, move, record=True)

    results.append(measure("CPU suggest + apply, CPU vs CPU", cpu_move, 300, warmup=0))
    late = ENGINE.load(snapshot)
    results.append(measure("CPU suggest, 700-move position", lambda _i: ENGINE.suggest(late), 20))
    results.append(_second_look_match(MATCH_GAMES))
    return results


def _cpu_point(state, *, second_look: bool) -> list[int] | None:
    from games.catalog.kropki.engine.cpu import suggest_point

    position = state.position
    geometry = position.board
    last = geometry.index(*state.last) if state.last else None
    point = suggest_point(position, state.to_move, last, state.moves, second_look=second_look)
    return None if point is None else list(geometry.xy(point))


def _second_look_match(games: int) -> str:
    """The CPU against its own first look alone, on 20×20 from varied openings."""
    from games.catalog.kropki.engine import ENGINE
    from games.engines.base import IllegalMove

    tally = [0, 0, 0]
    for number in range(games):
        chooser = random.Random(number)
        state = ENGINE.new({"width": 20, "height": 20})
        while state.moves < MATCH_OPENING:
            try:
                point = [10 + chooser.randint(-3, 3), 10 + chooser.randint(-3, 3)]
                state, _step = ENGINE.apply(state, point)
            except IllegalMove:
                continue
        cpu = "blue" if number % 2 == 0 else "red"
        while not ENGINE.result(state).over and state.moves < MATCH_MOVES:
            move = _cpu_point(state, second_look=ENGINE.to_move(state) == cpu)
            if move is None:
                break
            state, _step = ENGINE.apply(state, move)
        score = ENGINE.score(state)
        opponent = "red" if cpu == "blue" else "blue"
        tally[0 if score[cpu] > score[opponent] else 1 if score[cpu] == score[opponent] else 2] += 1
    wins, draws, losses = tally
    return (
        f"CPU against its first look alone, {games} games on 20×20 "
        f"({MATCH_OPENING} random opening moves, {MATCH_MOVES} moves at most): "
        f"{wins} won, {draws} drawn, {losses} lost"
    )
