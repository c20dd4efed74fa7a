"""A Swiss's own settings: its rounds and the players who go on to a playoff after it."""

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from infrastructure.errors import DomainError

# The bounds an organiser may choose within.
SWISS_ROUNDS_MIN = 3
SWISS_ROUNDS_MAX = 30
ADVANCE_MAX = 64


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_rounds(values: dict) -> None:
    rounds = values["swiss_rounds"]
    if rounds is not None and (
        not _whole(rounds) or not SWISS_ROUNDS_MIN <= rounds <= SWISS_ROUNDS_MAX
    ):
        raise DomainError(
            _("from %(low)s to %(high)s rounds, or null for as many as the field needs")
            % {"low": SWISS_ROUNDS_MIN, "high": SWISS_ROUNDS_MAX},
            field="swiss_rounds",
        )


def check_advance(values: dict) -> None:
    advance = values["playoff_players"]
    if not _whole(advance) or not (advance == 0 or 2 <= advance <= ADVANCE_MAX):
        raise DomainError(
            _("0 (the Swiss decides the ranking) or from 2 to %(high)s players")
            % {"high": ADVANCE_MAX},
            field="playoff_players",
        )


def rounds_field() -> forms.IntegerField:
    return forms.IntegerField(
        label=_lazy("Swiss rounds"),
        required=False,
        min_value=SWISS_ROUNDS_MIN,
        max_value=SWISS_ROUNDS_MAX,
        help_text=_lazy(
            "Swiss only. Empty: enough to rank the field (log₂ of the entrants, rounded up, "
            "plus 2); never as many as the entrants."
        ),
    )


def playoff_players_field() -> forms.IntegerField:
    return forms.IntegerField(
        label=_lazy("Players who go on to the playoff after the Swiss"),
        required=False,
        min_value=0,
        max_value=ADVANCE_MAX,
        initial=0,
        help_text=_lazy("Swiss only. 0 or empty: the Swiss decides the ranking."),
    )
