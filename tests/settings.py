"""The settings of the test run: the project's own, and a fifth game that lives in the tests
(tests/noughts_and_crosses), registered as any game is, so every test that goes over the
games in play meets one that no generic code knows of."""

from config.settings import *  # noqa: F403
from games.catalog import BUILT_IN

GAMES = [*BUILT_IN, "tests.noughts_and_crosses"]
