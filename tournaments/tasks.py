"""Celery entry points for championships: thin wrappers over tournaments.services."""

from celery import shared_task

from config.celery import AfterCommitTask
from tournaments import services


@shared_task(name="tournaments.advance", ignore_result=True, base=AfterCommitTask)
def advance_championship(championship_id: int) -> None:
    """Settle finished games and move the championship on (idempotent)."""
    services.advance(championship_id)
