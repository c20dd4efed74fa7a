"""Celery entry points for accounts: thin wrappers over the account operations."""

from celery import shared_task

from accounts import guests


@shared_task(name="accounts.remove_stale_guests", ignore_result=True)
def remove_stale_guests() -> None:
    """Remove the guests who have not come back for GUEST_KEEP_DAYS, with their games."""
    guests.remove_stale_guests()
