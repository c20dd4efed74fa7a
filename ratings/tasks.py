"""The ratings' Celery tasks, for the worker to find (Celery reads each app's `tasks`
module); each lives beside the operation it runs, in `services.py`."""

from ratings.services import rate_finished_game, recompute_ratings

__all__ = ["rate_finished_game", "recompute_ratings"]
