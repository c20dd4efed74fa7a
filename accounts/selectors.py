"""Reads of accounts shared by the API and the pages."""

from django.shortcuts import get_object_or_404

from accounts import guests
from accounts.models import User
from accounts.usernames import canonical_username


def _players_named(username: str):
    """The active players with this name in any spelling that reads the same: no guest,
    no closed account (deactivated by staff, or deleted and left as a placeholder)."""
    return guests.players(User.objects.named(username)).filter(
        is_active=True, deleted_at__isnull=True
    )


def player_named(username: str) -> User | None:
    """The active player with this name; None for a name nobody has and, alike, for a
    guest's or a closed account's: whoever looks a name up learns nothing more of it."""
    return _players_named(username).first()


def active_user_by_username(username: str) -> User:
    """The active player with this name in any spelling that reads the same; 404 otherwise
    (for guests too: a guest has no player page, plan or ratings to look up; and a deleted
    account has none either)."""
    return get_object_or_404(_players_named(username))


# How many names one search answers with: enough to pick from while typing.
PLAYER_SEARCH_LIMIT = 10


def players_named_like(
    text: str, limit: int = PLAYER_SEARCH_LIMIT, *, asker: User | None = None
) -> list[str]:
    """The names of active players (no guest, no deleted account, not the one asking) that
    begin as `text` does, in any letter case or width, alphabetically: names only, what
    every profile shows."""
    start = canonical_username(text)
    if not start:
        return []
    found = guests.players(User.objects.filter(username_key__startswith=start)).filter(
        is_active=True, deleted_at__isnull=True
    )
    if asker is not None:
        found = found.exclude(pk=asker.pk)  # one does not invite oneself
    return list(found.order_by("username_key").values_list("username", flat=True)[:limit])
