"""Reads of accounts shared by the API and the pages."""

from django.shortcuts import get_object_or_404

from accounts.models import User


def active_user_by_username(username: str) -> User:
    """The active user with this name in any spelling that reads the same; 404 otherwise
    (a deleted account has no page)."""
    return get_object_or_404(User.objects.named(username), is_active=True, deleted_at__isnull=True)
