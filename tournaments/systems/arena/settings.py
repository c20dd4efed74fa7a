"""An Arena's own setting: how long it runs."""

from django.utils.translation import gettext as _

from infrastructure.errors import DomainError

ARENA_MINUTES_MIN = 10
ARENA_MINUTES_MAX = 720


def check_minutes(values: dict) -> None:
    minutes = values["arena_minutes"]
    whole = isinstance(minutes, int) and not isinstance(minutes, bool)
    if not whole or not ARENA_MINUTES_MIN <= minutes <= ARENA_MINUTES_MAX:
        raise DomainError(
            _("whole minutes from %(low)s to %(high)s")
            % {"low": ARENA_MINUTES_MIN, "high": ARENA_MINUTES_MAX},
            field="arena_minutes",
        )
