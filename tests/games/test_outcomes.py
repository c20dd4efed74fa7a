"""Result reasons and time-out modes: the shared ones in games.outcomes, each game's own in
its declaration; stored values kept, every one shown."""

import ast
from pathlib import Path

from games import registry
from games.catalog import BUILT_IN, game_name
from games.engines import GAMES, engine
from games.outcomes import ResultReason, TimeOut
from games.titles import RESULT_REASONS, result_reason

# As stored in `Game.result_reason` and sent by the API: they must never change.
STORED_REASONS = {
    "board_full", "all_boxes_taken", "secured_lead", "move_limit", "resignation", "time",
    "agreement", "forfeit", "no_show", "disconnection", "passes", "lead", "no_moves",
    "all_passed", "players_out", "deadline", "adjudicated", "double_forfeit",
}  # fmt: skip


def _declared_reasons() -> dict[str, set[str]]:
    """The built-in games' own reasons (the settings of the tests add a game of their own)."""
    built_in = {game_name(package) for package in BUILT_IN}
    return {
        game.name: set(game.result_reasons)
        for game in registry.declarations()
        if game.name in built_in
    }


def test_result_reasons_keep_the_values_stored_in_the_database():
    shared = {reason.value for reason in ResultReason}
    own = set().union(*_declared_reasons().values())
    assert shared | own == STORED_REASONS


def test_every_result_reason_has_a_title_for_the_game_page():
    assert set(RESULT_REASONS) == set(ResultReason)
    assert result_reason("time") == result_reason(ResultReason.TIME) == "time ran out"
    for game, reasons in _declared_reasons().items():
        for reason in reasons:
            assert result_reason(reason, game) != reason.replace("_", " "), (game, reason)


def test_a_game_declares_its_own_result_reasons_and_the_shared_list_names_none():
    assert _declared_reasons()["kropki"] >= {"board_full", "secured_lead", "move_limit"}
    assert _declared_reasons()["dots_and_boxes"] >= {"all_boxes_taken"}
    assert _declared_reasons()["quadrotone"] >= {"passes", "lead", "no_moves"}
    assert _declared_reasons()["quadramids"] >= {"move_limit", "all_passed", "players_out"}
    assert not set().union(*_declared_reasons().values()) & {r.value for r in ResultReason}


def test_every_game_declares_a_known_time_out_mode():
    for name in GAMES:
        assert engine(name).time_out in set(TimeOut), name


def test_the_outcomes_module_imports_no_django_so_engines_may_use_it():
    source = Path(__file__).resolve().parents[2] / "games" / "outcomes.py"
    tree = ast.parse(source.read_text())
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}  # fmt: skip
    imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert imported == {"enum"}
