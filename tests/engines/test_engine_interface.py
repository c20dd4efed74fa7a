"""The engines stand alone: no Django, one interface for every game."""

import subprocess
import sys

import pytest

from games.catalog import BUILT_IN
from games.engines import GAMES, engine
from games.engines.base import seats_in_play
from tests.support.processes import PROJECT

PURE_MODULES = [
    *(f"{package}.engine" for package in BUILT_IN),
    "games.catalog.dots_and_boxes.engine.solver",
    "games.catalog.quadrotone.engine.bot",
    "games.catalog.quadramids.engine.cpu",
    "games.engines.__main__",
    "games.outcomes",
    "games.clocks",
    "tournaments.systems.groups.pairing",
    "tournaments.bracket",
    "tournaments.tiebreaks",
    "ratings.glicko2",
]


@pytest.mark.parametrize("module", PURE_MODULES)
def test_engines_and_pure_algorithms_import_without_django(module):
    probe = f"import sys, {module}; print('django' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", probe], cwd=PROJECT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"


def test_every_game_offers_the_common_interface():
    needed = ["new", "apply", "result", "to_move", "score", "dump", "load", "view", "suggest"]
    needed += ["read_record", "write_record", "replay"]
    for game in GAMES:
        rules = engine(game)
        assert rules.name == game
        missing = [name for name in needed if not callable(getattr(rules, name, None))]
        assert not missing, f"{game} lacks {missing}"
        state = rules.new()
        seats = seats_in_play(rules, {})
        assert rules.to_move(state) == seats[0]
        assert set(rules.score(state)) == set(seats)
        attributes = ["stand_in", "allows_undo", "move_time_limits", "random_setup"]
        attributes += ["first_by_lot", "time_out", "scored_endings", "draw_offer_interval_s"]
        attributes += ["disconnect_loses_after_s", "fixed_time_control"]
        attributes += ["stand_in_limited", "away_after_s"]
        absent = [name for name in attributes if not hasattr(rules, name)]
        assert not absent, f"{game} does not say {absent}"
        assert rules.time_out in ("lose", "cpu_moves", "pass")
        if rules.scored_endings:
            assert callable(getattr(rules, "resign_move", None)), f"{game} has no resign move"
        if rules.stand_in_limited:
            assert callable(getattr(rules, "stand_in_move", None)), f"{game} has no stand-in"
