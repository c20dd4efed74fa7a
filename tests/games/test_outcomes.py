"""Result reasons and time-out modes: one list, stored values kept, every one shown."""

import ast
from pathlib import Path

from games.engines import GAMES, engine
from games.outcomes import ResultReason, TimeOut
from games.titles import RESULT_REASONS, result_reason

# As stored in `Game.result_reason` and sent by the API: they must never change.
STORED_REASONS = {
    "board_full", "all_boxes_taken", "secured_lead", "move_limit", "resignation", "time",
    "agreement", "forfeit", "no_show", "disconnection", "passes", "lead", "no_moves",
    "all_passed", "players_out", "deadline", "adjudicated", "double_forfeit",
}  # fmt: skip


def test_result_reasons_keep_the_values_stored_in_the_database():
    assert {reason.value for reason in ResultReason} == STORED_REASONS


def test_every_result_reason_has_a_title_for_the_game_page():
    assert set(RESULT_REASONS) == set(ResultReason)
    assert result_reason("time") == result_reason(ResultReason.TIME) == "time ran out"


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
