"""A Swiss (FIDE Dutch system): pairing numbers at the start, each round paired once the
one before is over, then the ranking or a playoff of the top players."""

import random
from collections.abc import Sequence
from fractions import Fraction

from django.db.models import Max

from tournaments.models import Championship, Entry, Match, Stage
from tournaments.services import notices
from tournaments.services.finishing import finish
from tournaments.services.match_play import open_matches
from tournaments.services.playoff import seeded_slots, start_playoff
from tournaments.systems.swiss import SWISS
from tournaments.systems.swiss import pairing as swiss
from tournaments.systems.swiss import selectors as swiss_selectors

SEATS = ("first", "second")


def start_swiss(championship: Championship, seeded: Sequence[Entry]) -> Stage:
    """Give the entrants their pairing numbers in seeding order, draw the initial seat and
    pair round one."""
    for number, entry in enumerate(seeded, start=1):
        entry.pairing_number = number
    Entry.objects.bulk_update(seeded, ["pairing_number"], batch_size=1000)
    championship.swiss_rounds = swiss_selectors.rounds_for(championship, len(seeded))
    championship.status = SWISS
    championship.save(update_fields=["swiss_rounds", "status"])
    stage = Stage.objects.create(
        championship=championship,
        kind=SWISS,
        format=championship.stage_format,
        lots={"initial_seat": random.SystemRandom().choice(SEATS)},
    )
    _pair(championship, stage, 1)
    return stage


def advance_swiss(championship: Championship) -> None:
    """Pair the next round when the last is over; after the last round, rank or start the
    playoff of the top `playoff_players` players."""
    stage = championship.stages.get(kind=SWISS)
    paired = swiss_selectors.rounds_paired(stage)
    if stage.matches.filter(round=paired).exclude(status=Match.Status.FINISHED).exists():
        return
    if paired < championship.swiss_rounds and _pair(championship, stage, paired + 1):
        return
    _end_swiss(championship, stage)


def _players_for(championship: Championship) -> list[Entry]:
    """Who is paired: every entrant not withdrawn; a late entrant gets the next pairing
    number and no points for the rounds before (C.04.2, late entries)."""
    present = list(
        championship.entries.filter(withdrawn_at__isnull=True)
        .select_related("player")
        .order_by("entered_at")
    )
    late = [entry for entry in present if entry.pairing_number is None]
    if late:
        last = championship.entries.aggregate(last=Max("pairing_number"))["last"] or 0
        for number, entry in enumerate(late, start=last + 1):
            entry.pairing_number = number
        Entry.objects.bulk_update(late, ["pairing_number"])
    return present


def _pair(championship: Championship, stage: Stage, number: int) -> bool:
    """Pair and open round `number`; False when it cannot be paired (fewer than two
    players left, or no pairing meets the absolute criteria)."""
    players = _players_for(championship)
    if len(players) < 2:
        return False
    given = swiss_selectors.competitors(championship, stage, players, number - 1)
    try:
        paired = swiss.pair_round(
            given,
            initial_seat=stage.lots.get("initial_seat", "first"),
            topscorers_over=topscorers_over(championship, number),
        )
    except swiss.PairingImpossible:
        notices.swiss_ended_early(championship, number)
        return False
    by_id = {str(entry.pk): entry for entry in players}
    matches = [
        Match(
            stage=stage,
            round=number,
            index=pairing.board - 1,
            first=by_id[pairing.first],
            second=by_id[pairing.second],
            pairing=_record(pairing.score_group, pairing.floats, pairing.reasons),
        )
        for pairing in paired.pairings
    ]
    if paired.bye is not None:
        player = by_id[paired.bye.player]
        matches.append(
            Match(
                stage=stage,
                round=number,
                index=len(matches),
                first=player,
                winner=player,
                status=Match.Status.FINISHED,
                pairing=_record(None, {}, paired.bye.reasons),
            )
        )
    Match.objects.bulk_create(matches)
    # Opened as made, their players loaded with them: not read back from the database.
    open_matches(championship, [match for match in matches if match.status == Match.Status.WAITING])
    return True


def topscorers_over(championship: Championship, number: int) -> Fraction | None:
    """In the final round, half the most points a player can have scored before it: its
    topscorers are above (C.04.3: the seat limits do not bind them); None before."""
    if number != championship.swiss_rounds:
        return None
    win, _, _ = swiss_selectors.point_values(championship)
    return win * (number - 1) / 2


def _record(score_group, floats, reasons) -> dict:
    """The pairing's record as kept on its match (put into words when shown)."""
    return {
        "score_group": None if score_group is None else str(score_group),
        "floats": dict(floats),
        "reasons": [{"code": reason.code, "params": dict(reason.params)} for reason in reasons],
    }


def _end_swiss(championship: Championship, stage: Stage) -> None:
    if championship.playoff_players >= 2:
        table = swiss_selectors.swiss_table(championship, stage)
        entries = {str(entry.pk): entry for entry in championship.entries.all()}
        present = [entries[row.player] for row in table if entries[row.player].withdrawn_at is None]
        top = present[: championship.playoff_players]
        if len(top) >= 2:
            start_playoff(championship, seeded_slots(top))
            return
    finish(championship)
