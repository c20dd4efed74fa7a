"""The per-client budgets lifted for a benchmark: it measures the work, not the limits.

Set in this process's environment before Django reads its settings, so that the web and
worker processes a benchmark starts (which inherit it) lift them too.
"""

import os

LIFTED_RATE = "1000000/second"
RATES = (
    "THROTTLE_REGISTER",
    "THROTTLE_TOKEN",
    "THROTTLE_TOKEN_USERNAME",
    "THROTTLE_MOVES_BURST",
    "THROTTLE_MOVES",
    "THROTTLE_GAME_ACTIONS",
    "THROTTLE_CPU_GAMES",
    "THROTTLE_INVITATIONS",
    "THROTTLE_CHAMPIONSHIP_INVITATIONS",
    "THROTTLE_REPLAYS",
    "THROTTLE_DOWNLOADS",
    "THROTTLE_CALENDARS",
)


def lift() -> None:
    """Every budget a benchmark could meet, raised far beyond what it sends."""
    for name in RATES:
        os.environ[name] = LIFTED_RATE
    os.environ["PENDING_MOVES_PER_PLAYER"] = "1000000"
