"""Every game's CPU plays at every level: easy, normal and strong."""

from inspect import signature

import pytest

from games.catalog import BUILT_IN, game_name
from games.engines import engine
from games.engines.base import CPU_LEVELS, DEFAULT_CPU_LEVEL, check_cpu_level

MIDGAME_MOVES = 12  # easy moves played before the mid-game position is asked about
GAMES = [game_name(package) for package in BUILT_IN]  # the games the service comes with


def _fresh(game: str):
    rules = engine(game)
    return rules, rules.new({}, seed=3) if rules.random_setup else rules.new({})


def _midgame(game: str):
    rules, state = _fresh(game)
    for _ in range(MIDGAME_MOVES):
        state, _step = rules.apply(state, rules.suggest(state, level="easy"))
    assert not rules.result(state).over
    return rules, state


def test_the_levels_are_easy_normal_and_strong_with_normal_by_default():
    assert CPU_LEVELS == ("easy", "normal", "strong")
    assert DEFAULT_CPU_LEVEL == "normal"
    assert [check_cpu_level(level) for level in CPU_LEVELS] == list(CPU_LEVELS)


@pytest.mark.parametrize("level", CPU_LEVELS)
@pytest.mark.parametrize("game", GAMES)
def test_every_level_plays_a_legal_move_at_the_start_and_in_mid_game(game, level):
    for rules, state in (_fresh(game), _midgame(game)):
        move = rules.suggest(state, level=level)
        assert move is not None
        rules.validate_move(move)
        _after, step = rules.apply(state, move)  # an illegal move raises IllegalMove
        assert step.player == rules.to_move(state)


@pytest.mark.parametrize("level", CPU_LEVELS)
@pytest.mark.parametrize("game", GAMES)
def test_every_level_gives_the_same_move_for_the_same_position(game, level):
    rules, state = _midgame(game)
    reloaded = rules.load(rules.dump(state))
    # A search with a time budget is the same only when the clock does not cut it short,
    # which a busy machine can do: it is given time to spare.
    unhurried = {"budget": 120.0} if "budget" in signature(rules.suggest).parameters else {}
    first = rules.suggest(state, level=level, **unhurried)
    assert first == rules.suggest(reloaded, level=level, **unhurried)


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_level_is_refused_by_name(game):
    rules, state = _fresh(game)
    with pytest.raises(ValueError, match="'grandmaster'"):
        rules.suggest(state, level="grandmaster")


@pytest.mark.parametrize("game", GAMES)
def test_the_levels_do_not_all_play_alike(game):
    rules, state = _fresh(game)
    differ = {"easy": False, "strong": False}
    for _ in range(2 * MIDGAME_MOVES):
        if all(differ.values()):
            break
        normal = rules.suggest(state, level="normal")
        for level in differ:
            differ[level] = differ[level] or rules.suggest(state, level=level) != normal
        state, _step = rules.apply(state, rules.suggest(state, level="easy"))
    assert differ == {"easy": True, "strong": True}


def test_strong_dots_and_boxes_plays_a_best_line_wherever_the_solver_takes_the_position():
    from games.catalog.dots_and_boxes.engine.cpu import STRONG_EXACT_LINES
    from games.catalog.dots_and_boxes.engine.solver import line_values

    rules = engine("dots_and_boxes")
    state = rules.new({})
    board = state.board
    while (board.all_lines & ~state.drawn).bit_count() > STRONG_EXACT_LINES:
        state, _step = rules.apply(state, rules.suggest(state, level="easy"))
    values = line_values(board, state.drawn)
    kind, x, y = rules.suggest(state, level="strong")
    assert values[board.index(kind, x, y)] == max(values.values())
