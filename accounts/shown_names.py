"""What others read of a player's name: the username, or "deleted player" once the account
is deleted.

A deleted account keeps its row (games, results and championships point at it) under a
placeholder username that no sign-up can take (`+` is not allowed in a new name), so the
old name is free again. Names kept as text elsewhere (a notification's params, a decision's
winner) are rewritten to the placeholder when the account is deleted, and every place that
shows such a stored name reads it through `shown_username`.
"""

from django.utils.translation import gettext_lazy

DELETED_PLAYER = gettext_lazy("deleted player")
PLACEHOLDER_PREFIX = "deleted+"


def placeholder_username(user_id: int) -> str:
    """The username a deleted account is kept under: unique, and never a player's name."""
    return f"{PLACEHOLDER_PREFIX}{user_id}"


def is_placeholder(name: object) -> bool:
    return isinstance(name, str) and name.startswith(PLACEHOLDER_PREFIX)


def shown_username(name: str | None) -> str | None:
    """A username kept as text, as others read it: "deleted player" for a deleted account."""
    return str(DELETED_PLAYER) if is_placeholder(name) else name
