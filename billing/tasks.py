"""Celery entry points for billing: thin wrappers over billing.services."""

from celery import shared_task

from billing import services


@shared_task(name="billing.plan_reminders", ignore_result=True)
def plan_reminders() -> None:
    """Remind the players whose paid plan ends within a week and will not renew."""
    services.send_plan_reminders()
