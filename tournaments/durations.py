"""Spans of time the settings hold in seconds, as people read and type them."""

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

MINUTE, HOUR, DAY = 60, 3_600, 86_400
UNITS = [(str(DAY), _("days")), (str(HOUR), _("hours")), (str(MINUTE), _("minutes"))]


def in_units(seconds: int) -> tuple[int, int]:
    """(amount, unit): the largest unit that holds `seconds` whole; a part of a minute
    is rounded up to the minute."""
    for unit in (DAY, HOUR):
        if seconds and seconds % unit == 0:
            return seconds // unit, unit
    return max(1, -(-seconds // MINUTE)), MINUTE


def duration_text(seconds: int) -> str:
    """7 days; 1 day 12 hours; 90 minutes stays 1 hour 30 minutes; 45 seconds."""
    if seconds < MINUTE:
        return ngettext("%(count)d second", "%(count)d seconds", seconds) % {"count": seconds}
    days, rest = divmod(seconds, DAY)
    hours, rest = divmod(rest, HOUR)
    minutes = rest // MINUTE
    parts = []
    if days:
        parts.append(ngettext("%(count)d day", "%(count)d days", days) % {"count": days})
    if hours:
        parts.append(ngettext("%(count)d hour", "%(count)d hours", hours) % {"count": hours})
    if minutes:
        parts.append(
            ngettext("%(count)d minute", "%(count)d minutes", minutes) % {"count": minutes}
        )
    return " ".join(parts)


class DurationWidget(forms.MultiWidget):
    """A number and its unit (days, hours or minutes)."""

    def __init__(self, attrs: dict | None = None) -> None:
        super().__init__(
            [
                forms.NumberInput(attrs={"min": 1, "step": 1, "class": "amount"}),
                forms.Select(choices=UNITS, attrs={"aria-label": _("Unit")}),
            ],
            attrs,
        )

    def id_for_label(self, id_: str) -> str:
        # The field's label names the number; the unit's select has a label of its own.
        return f"{id_}_0" if id_ else ""

    def decompress(self, value: int | None) -> list:
        if not value:
            return [None, str(DAY)]
        amount, unit = in_units(int(value))
        return [amount, str(unit)]


class DurationField(forms.MultiValueField):
    """Seconds, typed as a whole number of days, hours or minutes; empty is None."""

    widget = DurationWidget

    def __init__(self, **kwargs) -> None:
        fields = [
            forms.IntegerField(min_value=1, max_value=100_000, required=False),
            forms.TypedChoiceField(choices=UNITS, coerce=int),
        ]
        super().__init__(fields, require_all_fields=False, **kwargs)

    def compress(self, data_list: list) -> int | None:
        if not data_list or data_list[0] in (None, ""):
            return None
        amount, unit = data_list
        return amount * (unit or DAY)
