"""CSV files of a championship: the standings and the games, for spreadsheets and scripts.

The rows are made from the same data the JSON endpoints answer with, so the two always
agree. Usernames are the players' own words: a text cell that a spreadsheet would read as
a formula (=, +, -, @, a tab or a carriage return first) is written with a leading
apostrophe. Numbers are written as numbers (a negative one is no formula).
"""

import csv
import io
from collections.abc import Callable, Iterable, Sequence

from django.http import HttpResponse

from games.models import Game
from games.outcomes import ResultReason
from games.selectors import seat_names
from infrastructure import downloads
from infrastructure import text as plain_text
from tournaments import selectors
from tournaments.models import Championship
from tournaments.places import place_labels
from tournaments.systems import registry

CONTENT_TYPE = "text/csv; charset=utf-8"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

STANDINGS_COLUMNS = (
    "stage", "group", "rank", "username", "points", "played", "won", "drawn", "lost", "forfeits",
)  # fmt: skip
GAMES_COLUMNS = (
    "id", "stage", "group", "round", "match", "first", "second", "status", "result", "winner",
    "reason", "first_score", "second_score", "started", "finished", "page",
)  # fmt: skip
# The standings rows of the final ranking, after the groups' rows.
FINAL = "final"


def cell(value: object) -> str:
    """A value as a CSV cell: numbers as written in JSON (2.0 as 2), text made safe."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, int):
        return str(value)
    # Old text may hold characters no field takes now; the csv module quotes the rest.
    text = plain_text.printable(str(value), multiline=True)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def write(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """The CSV text (RFC 4180: commas, quotes where needed, CRLF line ends)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    writer.writerows([cell(value) for value in row] for row in rows)
    return out.getvalue()


def download(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text.encode(), content_type=CONTENT_TYPE)
    response["Content-Disposition"] = downloads.disposition(filename)
    return response


def standings_csv(championship: Championship, standings: dict) -> str:
    """One row per player per group (stage `groups`) or of the Swiss (stage `swiss`, its
    pairing number in the group column), then the final ranking once there is one (stage
    `final`, rank and username only); `standings` is the standings endpoint's body. A place
    two players share reads "4–5" in the rank column."""
    order = selectors.tiebreak_order(championship)
    rows = []
    tables = registry.system(championship.system).csv_tables
    for stage, table, group_column in tables(standings) if tables else []:
        for row, place in zip(table, place_labels(table), strict=True):
            rows.append(
                [
                    stage,
                    group_column(row),
                    place,
                    *(row.get(column) for column in STANDINGS_COLUMNS[3:]),
                    *(row["tiebreaks"].get(name) for name in order),
                ]
            )
    padding = [None] * (len(STANDINGS_COLUMNS) - 4 + len(order))
    for row in standings["final"]:
        rows.append([FINAL, None, row["rank"], row["username"], *padding])
    return write([*STANDINGS_COLUMNS, *order], rows)


def _result(game: Game, first_seat: str | None) -> str:
    """first, second, draw, none (lost by both) or empty while the game is not finished."""
    if game.status != Game.Status.FINISHED:
        return ""
    if game.winner:
        return "first" if game.winner == first_seat else "second"
    return "none" if game.result_reason == ResultReason.DOUBLE_FORFEIT else "draw"


def games_csv(games: Iterable[Game], page_url: Callable[[Game], str]) -> str:
    """One row per game: where it stands in the championship, its players by seat (first
    and second), its result and score, when it started and finished, and its page.

    `games` come with their match, stage, group and seats (`championship_games`).
    """
    rows = []
    for game in games:
        names = seat_names(game)
        first, second = [*names, None, None][:2]
        score = game.score or {}
        match = game.match
        rows.append(
            [
                game.pk,
                match.stage.kind,
                match.group.name if match.group_id else None,
                match.round,
                match.pk,
                names.get(first),
                names.get(second),
                game.status,
                _result(game, first),
                names.get(game.winner) if game.winner else None,
                game.result_reason or None,
                score.get(first),
                score.get(second),
                game.started_at.isoformat() if game.started_at else None,
                game.finished_at.isoformat() if game.finished_at else None,
                page_url(game),
            ]
        )
    return write(GAMES_COLUMNS, rows)
