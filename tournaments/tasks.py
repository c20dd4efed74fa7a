"""The championships' Celery tasks, for the worker to find (Celery reads each app's `tasks`
module); each lives beside the operation it runs, in `services/`."""

from tournaments.services.deadlines import decide_at_deadline_task as decide_at_deadline
from tournaments.services.deadlines import start_on_schedule_task as start_on_schedule
from tournaments.services.progress import advance_championship
from tournaments.services.round_notices import round_notices_task as round_notices
from tournaments.services.sweep import sweep_task as sweep

__all__ = [
    "advance_championship",
    "decide_at_deadline",
    "round_notices",
    "start_on_schedule",
    "sweep",
]
