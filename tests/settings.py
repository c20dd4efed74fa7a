"""The settings of the test run: the project's own, and a fifth game that lives in the tests
(tests/noughts_and_crosses), registered as any game is, so every test that goes over the
games in play meets one that no generic code knows of.

The budgets of what costs the server are lifted: tests play whole games and download
records far faster than a person; the budgets' own tests (tests/games/test_budgets.py,
tests/tournaments/test_download_budgets.py) put real ones back with the `settings` fixture.
"""

from tests.support import parallel

# Before the project's settings read REDIS_URL: a parallel worker's cache, broker and live
# updates use its own Redis database (tests/support/parallel.py).
parallel.use_the_workers_redis_database()

from config.settings import *  # noqa: E402, F403
from config.settings import REST_FRAMEWORK  # noqa: E402
from games.catalog import BUILT_IN  # noqa: E402

GAMES = [*BUILT_IN, "tests.noughts_and_crosses"]

LIFTED_BUDGETS = (
    "moves_burst",
    "moves",
    "game_actions",
    "cpu_games",
    "invitations",
    "championship_invitations",
    "announcements",
    "replays",
    "downloads",
    "calendars",
)
REST_FRAMEWORK = {
    **REST_FRAMEWORK,
    "DEFAULT_THROTTLE_RATES": {
        **REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
        **dict.fromkeys(LIFTED_BUDGETS, "1000000/second"),
    },
}
PENDING_MOVES_PER_PLAYER = 1_000_000

# The browser tests wait for the live server's answers before they empty the database
# (tests/support/answering.py).
MIDDLEWARE = ["tests.support.answering.AnsweringMiddleware", *MIDDLEWARE]  # noqa: F405
