"""The games' Celery tasks, for the worker to find (Celery reads each app's `tasks` module).

Each task lives beside the operation it runs: `games.process_game` in
`services/processing.py`, `games.sweep` in `services/sweep.py`.
"""

from games.services.processing import process_game_task as process_game
from games.services.sweep import sweep_task as sweep

__all__ = ["process_game", "sweep"]
