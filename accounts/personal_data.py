"""The player's own data, app by app: what each app exports of it and what it forgets.

Every app that keeps something of a player's registers one `Part` from its
AppConfig.ready: a section of the player's export (`export`), what it does when the
account is deleted (`erase`) and what the person is told of that before they confirm
(`consequences`). The accounts app asks the parts and never reads another app's tables;
adding a kind of data is one `register` line in the app that keeps it.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from accounts.models import User


@dataclass(frozen=True)
class DeletedAccount:
    """An account being deleted, as the parts' `erase` steps see it.

    By the time the steps run, `user` already carries its placeholder username; the name
    it had is `old_username`, for the parts that kept it as text.
    """

    user: User
    old_username: str


@dataclass(frozen=True)
class Part:
    """One app's share of a player's data."""

    # The key of the part's section in the export (and its name in `before`).
    name: str
    # The section: plain JSON values (datetimes are written as ISO 8601). None: no section.
    export: Callable[[User], Any] | None = None
    # What the app does when the account is deleted, inside the deletion's transaction.
    erase: Callable[[DeletedAccount], None] | None = None
    # What must happen elsewhere first, before the transaction (a subscription cancelled at
    # the payment service); raising a DomainError refuses the deletion, nothing erased.
    prepare: Callable[[User], None] | None = None
    # Sentences for the deletion page: what deleting would do here to this person's things.
    consequences: Callable[[User], list[str]] | None = None


_parts: list[Part] = []


def register(part: Part, *, before: str | None = None) -> None:
    """Add a part (again: replace it); `before` names a part whose erasure must come later.

    Parts are exported and erased in the order they are registered, except that a part
    registered `before` another is put ahead of it: a championship withdraws its player
    before the games app resigns the games that are left, so those games are forfeited.
    """
    global _parts
    parts = [known for known in _parts if known.name != part.name]
    names = [known.name for known in parts]
    at = names.index(before) if before in names else len(parts)
    parts.insert(at, part)
    _parts = parts


def parts() -> list[Part]:
    return list(_parts)


def consequences(user: User) -> list[str]:
    """What deleting the account would do, every part's sentences in order."""
    return [line for part in _parts if part.consequences for line in part.consequences(user)]
