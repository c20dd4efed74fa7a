"""What every page shows of notifications: the bell's unread count, the games to move in."""

from functools import cached_property

from django.http import HttpRequest

from accounts.models import User
from games.selectors import games_to_move_count
from notifications import selectors


class PageStatus:
    """Counted only if the page shows it (a partial page that does not costs nothing)."""

    def __init__(self, user: User) -> None:
        self.user = user

    @cached_property
    def unread(self) -> int:
        return selectors.unread_count(self.user)

    @cached_property
    def your_move(self) -> int:
        return games_to_move_count(self.user)


def notifications(request: HttpRequest) -> dict:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"notification_status": PageStatus(user)}
