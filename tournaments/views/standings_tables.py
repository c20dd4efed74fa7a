"""The championship page's standings: the Swiss's table with its crosstable and start list,
the group tables, the round they are after, and the words for the rule of who goes on."""

from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from ratings.selectors import ratings_of
from tournaments import selectors
from tournaments.models import Championship
from tournaments.places import place_labels
from tournaments.views.words import number, tiebreak_columns

# A round's result in a crosstable cell: short, the legend says what each means.
RESULT_MARKS = {
    "win": "1",
    "draw": "½",
    "loss": "0",
    "forfeit_win": "+",
    "forfeit_loss": "−",
    "double_forfeit": "−−",
    "bye": "B",
    "absent": "–",
}
SEAT_MARKS = {"first": "●", "second": "○"}


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
    swiss = championship.system == Championship.System.SWISS
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


def _result_words(result: str | None) -> str:
    words = {
        "win": _("won"),
        "draw": _("drawn"),
        "loss": _("lost"),
        "forfeit_win": _("won by forfeit"),
        "forfeit_loss": _("lost by forfeit"),
        "double_forfeit": _("lost by both"),
        "bye": _("a bye"),
        "absent": _("not paired"),
    }
    return words.get(result, _("being played")) if result else _("being played")


def _cells(rounds: list[dict]) -> list[dict]:
    """A row's rounds as crosstable cells: the opponent's pairing number, the seat and the
    result, with the same in words for a screen reader and a pointer's title."""
    cells = []
    for meeting in rounds:
        seat = meeting["seat"]
        if meeting["opponent"]:
            seat_words = (
                pgettext("crosstable", "first seat")
                if seat == "first"
                else pgettext("crosstable", "second seat")
            )
            words = _("Round %(round)s: %(result)s against %(name)s (no. %(number)s), %(seat)s") % {
                "round": meeting["round"],
                "result": _result_words(meeting["result"]),
                "name": meeting["opponent"],
                "number": meeting.get("opponent_pairing_number") or "",
                "seat": seat_words,
            }
        else:
            words = _("Round %(round)s: %(result)s") % {
                "round": meeting["round"],
                "result": _result_words(meeting["result"]),
            }
        cells.append(
            {
                "opponent": meeting.get("opponent_pairing_number") or "",
                "seat": SEAT_MARKS.get(seat, ""),
                "result": RESULT_MARKS.get(meeting["result"], "…"),
                "counted": meeting["counted"],
                "words": words,
            }
        )
    return cells


def group_tables(championship: Championship, standings: dict, user, withdrawn: set[int]) -> list:
    """The group tables as the page shows them; `standings` has each row's player."""
    columns = tiebreak_columns(championship)
    groups = []
    for group in standings["groups"]:
        # Nobody is on the way to the playoff before their group has played a game.
        started = any(row["played"] for row in group["rows"])
        rows = []
        places = place_labels(group["rows"])
        for position, (row, place) in enumerate(zip(group["rows"], places, strict=True), 1):
            player = row["player"]
            rows.append(
                {
                    **row,
                    "place": place,
                    "points": number(row["points"]),
                    "url": player.profile_url,
                    "me": user.is_authenticated and player.pk == user.pk,
                    # The table's order is the rule's: the lots settle a shared place.
                    "advances": started and position <= championship.advance_per_group,
                    "withdrawn": player.pk in withdrawn,
                    "values": [number(row["tiebreaks"].get(c["name"])) for c in columns],
                }
            )
        groups.append(
            {
                "name": group["name"],
                "rows": rows,
                "after_round": group["after_round"],
                "in_progress": group["in_progress"],
            }
        )
    return groups


def swiss_table(championship: Championship, standings: dict, user) -> list[dict] | None:
    """The Swiss standings as the page shows them (None for another system); the top
    `advance` still in the championship are marked as going on to the playoff, in the
    table's order (the pairing number settles a shared place), as the playoff is drawn."""
    rows = standings["swiss"]
    if rows is None:
        return None
    columns = tiebreak_columns(championship)
    started = any(row["played"] for row in rows)
    going_on = 0
    table = []
    for row, place in zip(rows, place_labels(rows), strict=True):
        player = row["player"]
        advances = started and not row["withdrawn"] and going_on < championship.advance
        going_on += advances
        table.append(
            {
                **row,
                "place": place,
                "points": number(row["points"]),
                "url": player.profile_url,
                "me": user.is_authenticated and player.pk == user.pk,
                "advances": advances,
                "values": [number(row["tiebreaks"].get(c["name"])) for c in columns],
                "cells": _cells(row["rounds"]),
            }
        )
    return table


def start_list(championship: Championship, standings: dict) -> list[dict]:
    """A Swiss's players by pairing number with their rating in the game now (None for a
    player with none yet)."""
    rows = standings["swiss"] or []
    ratings = ratings_of([row["player"].pk for row in rows], championship.game)
    listed = sorted(rows, key=lambda row: row["pairing_number"] or 0)
    return [
        {
            "pairing_number": row["pairing_number"],
            "username": row["username"],
            "url": row["player"].profile_url,
            "rating": round(ratings[row["player"].pk]) if row["player"].pk in ratings else None,
            "withdrawn": row["withdrawn"],
        }
        for row in listed
    ]


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
