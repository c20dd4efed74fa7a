"""The beat's round of the championships: each due piece of work handed to a worker."""

from dataclasses import dataclass
from datetime import datetime, timedelta

from celery import shared_task
from django.core.cache import cache
from django.utils import timezone

from tournaments.services import checking_in, deadlines, progress, round_notices

# Matches decided by one task: well inside a task's time limit.
DECIDED_PER_TASK = 100
# A result still unsettled this long after its game ended lost its advance (a message lost
# with the broker, a key left behind): far longer than a queued advance takes to start.
UNSETTLED_AFTER = timedelta(seconds=30)
# Games whose start was never told (their notices' task lost) are looked for this often,
# not at every sweep: a lost task is rare, and its players are told within minutes.
UNTOLD_CHECKED_EVERY_S = 60
UNTOLD_CHECKED_KEY = "championships:untold-checked"


@dataclass(frozen=True)
class Swept:
    decided: list[int]  # matches whose round's time is up, handed to the workers
    reminded: int  # matches whose players were reminded of the deadline
    starting: list[int]  # championships due to start, handed to the workers
    moved_on: list[int]  # championships whose results stayed unsettled, handed to the workers
    retold: int = 0  # games whose start was told again, their notices' task lost


def sweep(now: datetime | None = None) -> Swept:
    now = now or timezone.now()
    due = deadlines.due_matches(now)
    # In batches, each a task: several workers share a big round, and each batch moves its
    # championships on once rather than after every game.
    for start in range(0, len(due), DECIDED_PER_TASK):
        deadlines.decide_at_deadline_task.delay(due[start : start + DECIDED_PER_TASK])
    reminded = deadlines.send_reminders(now)
    checking_in.remind_open(now)
    starting = deadlines.due_starts(now)
    for championship_id in starting:
        deadlines.start_on_schedule_task.delay(championship_id)
    # The backstop of the one advance a championship keeps queued: sent whatever the key
    # says, as the key may be one a lost advance left behind.
    moved_on = progress.unsettled_championships(now - UNSETTLED_AFTER)
    moved_on += [pk for pk in progress.stages_over(now) if pk not in moved_on]
    for championship_id in moved_on:
        progress.advance_championship.delay(championship_id)
    untold = []
    if cache.add(UNTOLD_CHECKED_KEY, 1, UNTOLD_CHECKED_EVERY_S):
        untold = round_notices.untold(now)
        if untold:
            round_notices.round_notices_task.delay(untold)
    return Swept(
        decided=due, reminded=reminded, starting=starting, moved_on=moved_on, retold=len(untold)
    )


@shared_task(name="tournaments.sweep", ignore_result=True)
def sweep_task() -> None:
    """The beat's entry point, the championships' clock: decide rounds whose time is up,
    remind, start on time, move on a championship whose results were left unsettled, tell
    the players of games whose start was never told."""
    sweep()
