"""Championship words for people: round names, numbers, clocks, formats, tie-breaks."""

from decimal import Decimal

from django.utils import formats
from django.utils.translation import gettext as _

from tournaments import selectors
from tournaments.durations import duration_text
from tournaments.forms import (
    FORMAT_LABELS,
    tiebreak_label,
)
from tournaments.models import Championship
from tournaments.systems import registry

FINISHED_SHOWN = 50
DECISIONS_SHOWN = 100


def live(championship: Championship) -> bool:
    """Whether the championship is being played."""
    return championship.status in registry.playing_statuses()


def round_title(name: str | None) -> str:
    """A bracket round's name (English in the data) in the page's language."""
    if name is None:
        return ""
    fixed = {
        "Final": _("Final"),
        "Semi-finals": _("Semi-finals"),
        "Quarter-finals": _("Quarter-finals"),
        "Third place": _("Third place"),
    }
    if name in fixed:
        return fixed[name]
    if name.startswith("Round of "):
        return _("Round of %(players)s") % {"players": name.removeprefix("Round of ")}
    double_elimination = {
        "Grand final": _("Grand final"),
        "Grand final reset": _("Grand final reset"),
        "Winners' final": _("Winners' final"),
        "Losers' final": _("Losers' final"),
    }
    if name in double_elimination:
        return double_elimination[name]
    for prefix, words in (
        ("Winners' round ", _("Winners' round %(number)s")),
        ("Losers' round ", _("Losers' round %(number)s")),
    ):
        if name.startswith(prefix):
            return words % {"number": name.removeprefix(prefix)}
    return name


def number(value: float | int | None) -> str:
    """2.0 as 2, 2.5 as 2.5 (2,5 in Russian and Polish), 2.25 as 2.25."""
    if value is None:
        return ""
    return formats.number_format(Decimal(f"{value:g}"), use_l10n=True)


def time_control_text(control: dict | None) -> str:
    if not control:
        return _("No clock")
    parts = []
    initial, increment, move = (control.get(k) for k in ("initial_s", "increment_s", "move_s"))
    if initial:
        text = _("%(minutes)s min per player") % {"minutes": number(round(initial / 60, 2))}
        if increment:
            text += " " + _("+ %(seconds)s s per move") % {"seconds": number(increment)}
        parts.append(text)
    if move and move >= 60 and move == int(move):
        parts.append(_("at most %(time)s per move") % {"time": duration_text(int(move))})
    elif move:
        parts.append(_("at most %(seconds)s s per move") % {"seconds": number(move)})
    return ", ".join(parts)


def format_text(name: str) -> str:
    return str(FORMAT_LABELS.get(name, name))


def tiebreak_columns(championship: Championship) -> list[dict]:
    """The tie-breaks in the order applied; in the groups the drawing of lots is always the
    last word, in a Swiss the pairing number (a column of its own)."""
    return [
        dict(zip(("short", "full", "help"), tiebreak_label(name), strict=True), name=name)
        for name in selectors.tiebreak_order(championship)
    ]


def group_count(championship: Championship, entrants: int) -> int:
    """How many groups a start would draw with this many entrants (0 for a system without
    groups)."""
    drawn = registry.system(championship.system).groups_drawn
    return drawn(championship, entrants) if drawn and entrants >= 2 else 0
