"""Reads of accounts shared by the API and the pages."""

from django.shortcuts import get_object_or_404

from accounts import guests
from accounts.models import User


def active_user_by_username(username: str) -> User:
    """The active player with this name in any spelling that reads the same; 404 otherwise
    (for guests too: a guest has no player page, plan or ratings to look up; and a deleted
    account has none either)."""
    return get_object_or_404(
        guests.players(User.objects.named(username)), is_active=True, deleted_at__isnull=True
    )
