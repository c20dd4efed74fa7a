"""The championship page's standings: the Swiss's table with its crosstable and start list,
the group tables, the round they are after, and the words for the rule of who goes on."""

from django.http import HttpRequest
from django.utils.translation import gettext as _

from tournaments import selectors
from tournaments.models import Championship
from tournaments.systems import registry
from tournaments.views.words import tiebreak_columns

# What each tie-break is counted in. A Swiss's scores count game points whatever the points
# system (the FIDE tie-breaks' scale); a group's Sonneborn-Berger weighs the opponents'
# points.
_GAME_POINTS = (
    "buchholz",
    "buchholz_cut1",
    "sonneborn_berger",
    "sonneborn_berger_cut1",
    "progressive",
)


def _unit(name: str, swiss: bool) -> str:
    if swiss and name in _GAME_POINTS:
        return _("in game points")
    units = {
        "direct_encounter": _("in points"),
        "sonneborn_berger": _("in points"),
        "koya": _("in points"),
        "wins": _("in games won"),
        "game_score_difference": _("in the game's own score"),
        "lots": _("a lot number"),
        "average_rating_of_opponents": _("in rating points"),
    }
    return units.get(name, "")


def standings_columns(championship: Championship) -> list[dict]:
    """The tie-break columns in the order applied, each with the unit its numbers are in."""
    swiss = registry.system(championship.system).game_point_tiebreaks
    return [
        {**column, "unit": _unit(column["name"], swiss)}
        for column in tiebreak_columns(championship)
    ]


def asked_round(request: HttpRequest, championship: Championship) -> tuple[int | None, str]:
    """The round `?after_round=N` asks the standings after, and a note when the value is
    no round there are standings after (the current standings are shown then)."""
    value = request.GET.get("after_round")
    if value is None:
        return None, ""
    furthest = selectors.rounds_with_standings(championship)
    if value.isascii() and value.isdigit() and int(value) <= furthest:
        return int(value), ""
    note = _("after_round: give a whole number from 0 to %(furthest)s.") % {"furthest": furthest}
    return None, note + " " + _("The current standings are shown.")


def round_choices(championship: Championship, asked: int | None) -> list[dict]:
    """The rounds a reader may see the standings after: every round over (the current
    standings first, after the last of them); the one shown marked."""
    choices = [{"round": None, "label": _("Now"), "current": asked is None}]
    for round_number in range(1, selectors.rounds_over_anywhere(championship) + 1):
        choices.append(
            {
                "round": round_number,
                "label": _("After round %(number)s") % {"number": round_number},
                "current": asked == round_number,
            }
        )
    return choices
