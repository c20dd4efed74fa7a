"""A Swiss read for its Tournament Report File (trf.py writes it): every player with a
pairing number, their rounds' opponents, seats as colours (the first seat white) and
results, and who is in the next round's field."""

from fractions import Fraction

from django.utils.translation import gettext as _

from infrastructure.errors import Conflict
from ratings.selectors import ratings_of
from tournaments.models import Championship, Entry, Match, Stage
from tournaments.systems.swiss import SWISS, trf
from tournaments.systems.swiss import selectors as swiss_selectors
from tournaments.systems.swiss.standings import RoundResult

_COLOURS = {"first": "w", "second": "b"}


def swiss_stage_of(championship: Championship) -> Stage:
    """The championship's Swiss stage; Conflict when it has none (yet)."""
    if championship.system != SWISS:
        raise Conflict(_("Only a Swiss has a Tournament Report File."), code="not_a_swiss")
    stage = swiss_selectors.swiss_stage(championship)
    if stage is None:
        raise Conflict(_("The Swiss has not started yet."), code="not_started")
    return stage


def rounds_complete(stage: Stage) -> int:
    """The last round whose games are all decided (the rounds before it are too)."""
    paired = swiss_selectors.rounds_paired(stage)
    unfinished = stage.matches.exclude(status=Match.Status.FINISHED).values_list("round", flat=True)
    return min([paired, *(number - 1 for number in unfinished)])


def _entry(result: RoundResult, numbers: dict[str, int]) -> trf.RoundEntry:
    opponent = numbers.get(result.opponent) if result.opponent is not None else None
    colour = _COLOURS.get(result.seat or "", "-")
    if result.kind == "played":
        code = {Fraction(1): trf.WIN, Fraction(1, 2): trf.DRAW}.get(result.score, trf.LOSS)
        return trf.RoundEntry(opponent, colour, code)
    if result.kind == "forfeit_win":
        return trf.RoundEntry(opponent, colour, trf.FORFEIT_WIN)
    if result.kind in ("forfeit_loss", "both_lost"):
        return trf.RoundEntry(opponent, colour, trf.FORFEIT_LOSS)
    if result.kind == "pairing_bye":
        return trf.RoundEntry(None, "-", trf.PAIRING_BYE)
    return trf.RoundEntry(None, "-", trf.ZERO_BYE)


def _next_field(championship: Championship, stage: Stage, number: int) -> set[str] | None:
    """Who is paired in round `number`: its players once paired, else every entrant with a
    pairing number not withdrawn; None after the last round."""
    if number > (championship.swiss_rounds or 0):
        return None
    matches = list(stage.matches.filter(round=number).values_list("first_id", "second_id"))
    if matches:
        return {str(pk) for pair in matches for pk in pair if pk is not None}
    present = championship.entries.filter(withdrawn_at__isnull=True, pairing_number__isnull=False)
    return {str(pk) for pk in present.values_list("pk", flat=True)}


def report_file(championship: Championship, stage: Stage, after_round: int) -> str:
    """The TRF of the Swiss after round `after_round`; the players left out of the next
    round (withdrawn, or absent from its pairing) are marked absent in it, so that a
    pairing program pairs the same field."""
    entries = list(
        championship.entries.filter(pairing_number__isnull=False)
        .select_related("player")
        .order_by("pairing_number")
    )
    numbers = {str(entry.pk): entry.pairing_number for entry in entries}
    values = swiss_selectors.point_values(championship)
    results = swiss_selectors.round_results(stage, entries, after_round)
    by_player: dict[str, list[RoundResult]] = {key: [] for key in numbers}
    for result in sorted(results, key=lambda r: r.round):
        if result.player in by_player:
            by_player[result.player].append(result)
    points = {
        key: sum((swiss_selectors.points_of(r, values) for r in rows), Fraction(0))
        for key, rows in by_player.items()
    }
    places = trf.standings_places([(numbers[key], points[key]) for key in numbers])
    ratings = ratings_of([entry.player_id for entry in entries], championship.game)
    following = _next_field(championship, stage, after_round + 1)
    win, draw, loss = values
    return trf.write(
        trf.Tournament(
            name=championship.name,
            starts=championship.starts_at.date() if championship.starts_at else None,
            ends=None,
            rounds=championship.swiss_rounds or after_round,
            white_for_number_one=stage.lots.get("initial_seat", "first") == "first",
            points=trf.PointValues(
                win=win,
                draw=draw,
                loss=loss,
                pairing_bye=swiss_selectors.points_of(
                    RoundResult(1, "", None, swiss_selectors.BYE_SCORE, "pairing_bye"), values
                ),
                absent=loss,
            ),
            players=tuple(
                _record(entry, numbers, by_player, points, places, ratings, following)
                for entry in entries
            ),
            arbiter=championship.organiser.shown_name,
        )
    )


def _record(
    entry: Entry,
    numbers: dict[str, int],
    by_player: dict[str, list[RoundResult]],
    points: dict[str, Fraction],
    places: dict[int, int],
    ratings: dict[int, float],
    following: set[str] | None,
) -> trf.PlayerRecord:
    key = str(entry.pk)
    rounds = [_entry(result, numbers) for result in by_player[key]]
    if following is not None and key not in following:
        rounds.append(trf.RoundEntry(None, "-", trf.ZERO_BYE))
    rating = ratings.get(entry.player_id)
    return trf.PlayerRecord(
        number=entry.pairing_number,
        name=entry.player.shown_name,
        rating=None if rating is None else round(rating),
        points=points[key],
        place=places[entry.pairing_number],
        rounds=tuple(rounds),
    )
