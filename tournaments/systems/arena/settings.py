"""An Arena's own setting: how long it runs."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

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


def minutes_field() -> forms.IntegerField:
    return forms.IntegerField(
        label=_lazy("Arena length in minutes"),
        required=False,
        min_value=ARENA_MINUTES_MIN,
        max_value=ARENA_MINUTES_MAX,
        initial=60,
        help_text=_lazy("Arena only. From 10 minutes to 12 hours, counted from the start."),
    )
