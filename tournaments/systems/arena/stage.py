"""An Arena's steps: its start, each pairing wave of the entrants who are free, pausing
whoever missed a game, and its end when its time is up."""

from datetime import timedelta

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from infrastructure.errors import Conflict, NotAllowed
from tournaments.models import Championship, Entry, Match, Stage
from tournaments.services.finishing import finish
from tournaments.services.locking import locked_championship
from tournaments.services.match_play import open_matches
from tournaments.services.progress import schedule_advance
from tournaments.systems.arena import ARENA, selectors
from tournaments.systems.arena.waves import pairing_wave


def start_arena(championship: Championship, entries: list[Entry]) -> Stage:
    """Everyone entered is present: the clock starts and the first wave pairs them all, in
    the seeding's order (the organiser's, then by rating), which also orders players level
    on points and wins in the standings."""
    for number, entry in enumerate(entries, start=1):
        entry.pairing_number = number
    Entry.objects.bulk_update(entries, ["pairing_number"], batch_size=1000)
    now = timezone.now()
    stage = Stage.objects.create(
        championship=championship,
        kind=ARENA,
        format=championship.stage_format,
        ends_at=now + timedelta(minutes=championship.arena_minutes),
    )
    championship.status = ARENA
    championship.save(update_fields=["status"])
    pair_the_free(championship, stage)
    return stage


def advance_arena(championship: Championship) -> None:
    """Pause whoever missed a game, pair everyone free; once the time is up, rank (games
    still being played then are played to their end but count for nobody)."""
    stage = championship.stages.get(kind=ARENA)
    if stage.ends_at is not None and timezone.now() >= stage.ends_at:
        finish(championship)
        return
    _pause_the_absent(stage)
    pair_the_free(championship, stage)


def _pause_the_absent(stage: Stage) -> None:
    """A player who never moved in a game they lost on time is paused (not paired again
    until they resume); each such game is looked at once."""
    missed = stage.matches.filter(status=Match.Status.FINISHED, forfeit=True).exclude(
        pairing__has_key="seen"
    )
    absent = []
    for match in missed.only("pk", "first_id", "second_id", "winner_id"):
        if match.winner_id is not None:
            absent.append(match.second_id if match.winner_id == match.first_id else match.first_id)
    Entry.objects.filter(pk__in=absent, paused_at__isnull=True).update(paused_at=timezone.now())
    missed.update(pairing={"seen": True})


def pair_the_free(championship: Championship, stage: Stage) -> list[Match]:
    """One wave: every free entrant paired with a free one near them in the standings
    (never the one just played while someone else is free); their games opened at once."""
    free = selectors.free_entrants(championship, stage)
    if len(free) < 2:
        return []
    last = _entries(selectors.last_opponents(stage), free)
    pairs, _waiting = pairing_wave(free, last, freed_last=selectors.freed_last(stage, free))
    if selectors.present_count(championship) > 2:
        # Two who just met wait for someone else to be free rather than meet again: the
        # others still playing are free soon.
        pairs = [(a, b) for a, b in pairs if last.get(a) != b]
    if not pairs:
        return []
    wave = (stage.matches.aggregate(last=Max("round"))["last"] or 0) + 1
    matches = Match.objects.bulk_create(
        Match(stage=stage, round=wave, index=index, first=first, second=second)
        for index, (first, second) in enumerate(pairs)
    )
    for match in matches:
        match.stage = stage
    return open_matches(championship, matches)


def _entries(last: dict[int, int], free: list[Entry]) -> dict[Entry, Entry]:
    """The last opponents as entries, for the free ones."""
    by_id = {entry.pk: entry for entry in free}
    return {entry: by_id[last[entry.pk]] for entry in free if last.get(entry.pk) in by_id}


def set_paused(championship_id: int, *, by: User, paused: bool) -> Entry:
    """The player pauses (not paired until they resume) or resumes (paired in the next
    wave, within seconds)."""
    with transaction.atomic():
        championship = locked_championship(championship_id)
        entry = championship.entries.filter(player=by).first()
        if entry is None:
            raise NotAllowed(_("Only an entrant pauses or resumes."), code="not_an_entrant")
        if championship.system != ARENA or championship.status not in (
            ARENA,
            Championship.Status.REGISTRATION,
        ):
            raise Conflict(_("Only a running Arena pauses its players."), code="not_running")
        if entry.withdrawn_at is not None:
            raise Conflict(_("You have left this championship."), code="withdrawn")
        entry.paused_at = timezone.now() if paused else None
        entry.save(update_fields=["paused_at"])
        if not paused:
            schedule_advance(championship.pk)
    return entry
