"""A Swiss's own settings: its rounds and the players who go on to a playoff after it."""

from typing import Any

from django.utils.translation import gettext as _

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
