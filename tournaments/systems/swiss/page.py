"""The Swiss's pieces of the championship page: its table with the crosstable, the start
list, and what the organiser is told at the start."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from ratings.selectors import ratings_of
from tournaments.models import Championship
from tournaments.places import place_labels
from tournaments.systems.swiss import selectors as swiss_selectors
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


def swiss_table(championship: Championship, standings: dict, user) -> list[dict] | None:
    """The Swiss standings as the page shows them (None for another system); the top
    `playoff_players` still in the championship are marked as going on to the playoff, in the
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
        advances = started and not row["withdrawn"] and going_on < championship.playoff_players
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


def started_text(championship: Championship) -> str:
    return ngettext(
        "The championship has started: round one of its %(count)s Swiss round is paired and open.",
        "The championship has started: round one of its %(count)s Swiss rounds is paired and open.",
        championship.swiss_rounds,
    ) % {"count": championship.swiss_rounds}


def start_preview(championship: Championship, entrants: int) -> dict:
    return {"swiss_rounds": swiss_selectors.rounds_for(championship, entrants)}


def page(championship: Championship, standings: dict, user, withdrawn: set[int]) -> dict:
    """The Swiss's table and start list, and whether its playoff's plan is shown."""
    return {
        "swiss": swiss_table(championship, standings, user),
        "start_list": start_list(championship, standings) if standings["swiss"] else [],
        "swiss_playoff": championship.playoff_players >= 2
        and championship.status != Championship.Status.FINISHED,
    }
