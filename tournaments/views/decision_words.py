"""What a logged settings change or seed move changed, in words: each setting by the name
the settings form gives it, its value before and after as people read it."""

from datetime import datetime
from typing import Any

from django.utils import formats, timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from accounts.shown_names import shown_username
from tournaments.durations import duration_text
from tournaments.forms import (
    POINT_SYSTEM_LABELS,
    ChampionshipForm,
    format_labels,
    system_fields_of_the_form,
    tiebreak_label,
)
from tournaments.models import Championship, Decision
from tournaments.systems import registry
from tournaments.views.words import format_text, time_control_text

# The log's keys whose name on the form differs (or which the form does not hold).
_NAMES = {
    "time_control": lambda: _("Clock"),
    "tiebreaks": lambda: _("Tie-breaks"),
    "options": lambda: _("Board"),
    "round_deadline_s": lambda: _("Time for each round"),
    "absent_after_s": lambda: _("A player counts as absent after"),
    "check_in_s": lambda: _("Check-in"),
    "seeds": lambda: _("Seeds"),
    "co_organisers": lambda: _("Co-organisers"),
}


def setting_name(key: str, system: str = registry.DEFAULT_SYSTEM) -> str:
    """A setting's name on the settings form; a match format's by the championship's
    system (a Swiss has no group stage)."""
    if key in _NAMES:
        return str(_NAMES[key]())
    by_system = format_labels().get(key, {})
    if system in by_system:
        return str(by_system[system])
    field = ChampionshipForm.base_fields.get(key) or system_fields_of_the_form().get(key)
    return str(field.label) if field is not None else key.replace("_", " ").capitalize()


def _moment(value: str) -> str:
    moment = parse_datetime(value)
    if moment is None:
        return value
    if timezone.is_aware(moment):
        moment = timezone.localtime(moment)
    return formats.date_format(moment, "DATETIME_FORMAT")


def _list(values: list) -> str:
    return ", ".join(str(value) for value in values) if values else _("none")


def value_text(key: str, value: Any) -> str:
    """A setting's logged value as people read it."""
    if value is None:
        return {
            "time_control": _("No clock"),
            "swiss_rounds": _("as many as the field needs"),
        }.get(key, _("none"))
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if key == "tiebreaks":
        return _list([tiebreak_label(name)[1] for name in value])
    if key in ("seeds", "co_organisers"):
        return _list([shown_username(name) for name in value])
    if key == "time_control":
        return time_control_text(value)
    if key in ("stage_format", "playoff_format"):
        return format_text(value)
    if key == "system":
        return str(registry.system(value).label) if value in registry.names() else value
    if key == "visibility" and value in Championship.Visibility:
        return str(Championship.Visibility(value).label)
    if key == "points_system":
        return str(POINT_SYSTEM_LABELS.get(value, value))
    if key in ("round_deadline_s", "absent_after_s", "check_in_s"):
        return duration_text(value) if value else _("none")
    if key in ("starts_at", "entries_close_at") and isinstance(value, str):
        return _moment(value)
    if isinstance(value, datetime):
        return formats.date_format(timezone.localtime(value), "DATETIME_FORMAT")
    if isinstance(value, dict):
        return _list([f"{name} {shown}" for name, shown in value.items()])
    if isinstance(value, list):
        return _list(value)
    return str(value)


def changes(decision: Decision, system: str) -> list[dict[str, str]]:
    """What a settings change or a seed move changed: `[{name, before, after}]`, named for
    the championship's `system`; nothing for the other decisions."""
    if decision.action != Decision.Action.EDITED:
        return []
    keys = list(dict.fromkeys([*decision.before, *decision.after]))
    return [
        {
            "name": setting_name(key, system),
            "before": value_text(key, decision.before.get(key)),
            "after": value_text(key, decision.after.get(key)),
        }
        for key in keys
    ]
