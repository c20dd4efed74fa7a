"""Celery entry points for championships: thin wrappers over tournaments.services."""

from celery import shared_task

from tournaments import services


@shared_task(name="tournaments.advance", ignore_result=True)
def advance_championship(championship_id: int) -> None:
    """Settle finished games and move the championship on (idempotent)."""
    services.advance(championship_id)


@shared_task(name="tournaments.sweep", ignore_result=True)
def sweep() -> None:
    """The championships' clock: decide rounds whose time is up, remind, start on time."""
    services.sweep()


@shared_task(name="tournaments.decide_at_deadline", ignore_result=True)
def decide_at_deadline(match_ids: list[int]) -> None:
    """Decide matches whose round's time is up (idempotent)."""
    services.decide_all_at_deadline(match_ids)


@shared_task(name="tournaments.start_on_schedule", ignore_result=True)
def start_on_schedule(championship_id: int) -> None:
    """Start a championship at its scheduled time, or postpone it (idempotent)."""
    services.start_on_schedule(championship_id)
