"""The beat's round of the championships: each due piece of work handed to a worker."""

from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from tournaments.services import deadlines


@dataclass(frozen=True)
class Swept:
    decided: list[int]  # matches whose round's time is up, handed to the workers
    reminded: int  # matches whose players were reminded of the deadline
    starting: list[int]  # championships due to start, handed to the workers


def sweep(now: datetime | None = None) -> Swept:
    from tournaments import tasks

    now = now or timezone.now()
    due = deadlines.due_matches(now)
    for match_id in due:
        tasks.decide_at_deadline.delay(match_id)
    reminded = deadlines.send_reminders(now)
    starting = deadlines.due_starts(now)
    for championship_id in starting:
        tasks.start_on_schedule.delay(championship_id)
    return Swept(decided=due, reminded=reminded, starting=starting)
