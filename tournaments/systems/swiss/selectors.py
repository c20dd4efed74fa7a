"""Reads of a Swiss: each player's round-by-round record, what the pairing engine is given
for the next round, and the Swiss standings."""

import math
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import NamedTuple

from django.db.models import Max, Min

from ratings import glicko2
from ratings.selectors import ratings_of
from tournaments import tiebreaks
from tournaments.models import Championship, Entry, Match, Stage
from tournaments.round_results import BYE_SCORE, RoundResult, match_results
from tournaments.systems.swiss import SWISS
from tournaments.systems.swiss import pairing as swiss
from tournaments.systems.swiss import standings as swiss_standings


def default_rounds(entrants: int) -> int:
    """⌈log2 n⌉ + 2 rounds, at least 3 (a Swiss of n players ranks them in that many)."""
    return max(3, math.ceil(math.log2(max(entrants, 2))) + 2)


def rounds_for(championship: Championship, entrants: int) -> int:
    """The rounds a start with `entrants` plays: the organiser's number or the default, and
    never as many as the entrants (nobody meets anyone twice)."""
    wanted = championship.swiss_rounds or default_rounds(entrants)
    return max(1, min(wanted, entrants - 1))


def swiss_stage(championship: Championship) -> Stage | None:
    return championship.stages.filter(kind=SWISS).first()


def rounds_paired(stage: Stage) -> int:
    return stage.matches.aggregate(last=Max("round"))["last"] or 0


def rounds_over(stage: Stage) -> int:
    """The last round whose games are all over, as every round's before it are: what the
    standings count when no round is asked for."""
    first_open = (
        stage.matches.exclude(status=Match.Status.FINISHED)
        .aggregate(first=Min("round"))
        .get("first")
    )
    return rounds_paired(stage) if first_open is None else first_open - 1


class MatchRow(NamedTuple):
    """A Swiss match as its results are read: the fields `match_results` looks at, read as
    plain values (thousands of them in a big Swiss's later rounds)."""

    round: int
    first_id: int
    second_id: int | None
    status: str
    winner_id: int | None
    drawn: bool
    forfeit: bool


def round_results(stage: Stage, entries: Iterable[Entry], up_to: int) -> list[RoundResult]:
    """Every player's result in rounds 1..`up_to`: a decided match's, or `absent` for a
    round they were not paired in (not yet entered, withdrawn). A match still being played
    gives nothing yet."""
    return _round_results(stage, [entry.pk for entry in entries], up_to)


def _round_results(stage: Stage, entry_ids: Iterable[int], up_to: int) -> list[RoundResult]:
    results = []
    seen = set()
    rows = stage.matches.filter(round__lte=up_to).order_by("round", "index")
    for match in map(MatchRow._make, rows.values_list(*MatchRow._fields)):
        seen.update({(match.round, str(match.first_id)), (match.round, str(match.second_id))})
        if match.status == Match.Status.FINISHED:
            results += match_results(match)
    for pk in entry_ids:
        for number in range(1, up_to + 1):
            if (number, str(pk)) not in seen:
                results.append(RoundResult(number, str(pk), None, Fraction(0), "absent"))
    return results


def _exact(value: float) -> Fraction:
    return Fraction(str(value))


def point_values(championship: Championship) -> tuple[Fraction, Fraction, Fraction]:
    """The championship's points for a win, a draw and a loss."""
    system = tiebreaks.POINT_SYSTEMS[championship.points_system]
    return _exact(system.win), _exact(system.draw), _exact(system.loss)


def points_of(result: RoundResult, values: tuple[Fraction, Fraction, Fraction]) -> Fraction:
    win, draw, loss = values
    if result.score == 1:
        return win
    return draw if result.score == Fraction(1, 2) else loss


def competitors(
    championship: Championship, stage: Stage, entries: Sequence[Entry], rounds: int
) -> list[swiss.Competitor]:
    """What the pairing engine is given for round `rounds + 1` about each of `entries`."""
    values = point_values(championship)
    by_player: dict[str, list[RoundResult]] = {str(entry.pk): [] for entry in entries}
    everyone = list(championship.entries.values_list("pk", flat=True))
    results = _round_results(stage, everyone, rounds)
    running: dict[str, Fraction] = {str(pk): Fraction(0) for pk in everyone}
    before: dict[tuple[int, str], Fraction] = {}
    by_round: dict[int, list[RoundResult]] = {}
    for result in results:
        by_round.setdefault(result.round, []).append(result)
    for number in range(1, rounds + 1):
        in_round = by_round.get(number, [])
        for result in in_round:
            before[(number, result.player)] = running.get(result.player, Fraction(0))
        for result in in_round:
            running[result.player] = running.get(result.player, Fraction(0)) + points_of(
                result, values
            )
    for result in sorted(results, key=lambda r: r.round):
        if result.player in by_player:
            by_player[result.player].append(result)
    made = []
    for entry in entries:
        key = str(entry.pk)
        history = by_player[key]
        floats: list[str | None] = []
        for result in history:
            if result.kind in ("pairing_bye", "forfeit_win"):
                floats.append("down")
            elif result.kind == "played":
                mine = before[(result.round, key)]
                theirs = before[(result.round, result.opponent)]
                floats.append("down" if mine > theirs else "up" if mine < theirs else None)
            else:
                floats.append(None)
        made.append(
            swiss.Competitor(
                id=key,
                pairing_number=entry.pairing_number,
                points=running[key],
                opponents=frozenset(r.opponent for r in history if r.kind == "played"),
                seats=tuple(r.seat if r.kind == "played" else None for r in history),
                floats=tuple(floats),
                had_bye=any(r.kind in ("pairing_bye", "forfeit_win") for r in history),
            )
        )
    return made


def swiss_table(
    championship: Championship, stage: Stage, after_round: int | None = None
) -> list[swiss_standings.SwissRow]:
    """The Swiss standings after round `after_round` (by default the last round whose games
    are all over). A round still being played counts for nothing: its unplayed games are
    not yet anyone's unplayed rounds, so asking for it gives the rounds over before it."""
    entries = list(championship.entries.filter(pairing_number__isnull=False))
    counted = counted_rounds(stage, after_round)
    results = round_results(stage, entries, counted)
    order = championship.tiebreaks or list(swiss_standings.DEFAULT_SWISS_TIEBREAKS)
    ratings = None
    if "average_rating_of_opponents" in order:
        # Today's ratings; a player with none counts as a new player (Glicko-2's 1500).
        known = ratings_of([entry.player_id for entry in entries], championship.game)
        ratings = {
            str(entry.pk): round(known.get(entry.player_id, glicko2.DEFAULT_RATING))
            for entry in entries
        }
    return swiss_standings.swiss_standings(
        [(str(entry.pk), entry.pairing_number) for entry in entries],
        results,
        counted,
        tiebreaks=order,
        points=point_values(championship),
        bye_score=BYE_SCORE,
        ratings=ratings,
    )


def counted_rounds(stage: Stage, after_round: int | None) -> int:
    """The rounds standings asked for `after_round` count: those over, up to the one asked."""
    over = rounds_over(stage)
    return over if after_round is None else min(after_round, over)
