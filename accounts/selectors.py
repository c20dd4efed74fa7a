"""Reads of accounts shared by the API and the pages."""

from django.shortcuts import get_object_or_404

from accounts.models import User


def active_user_by_username(username: str) -> User:
    """The active user with this username, in any letter case; 404 otherwise."""
    return get_object_or_404(User, username__iexact=username, is_active=True)
