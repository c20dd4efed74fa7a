"""Moving a championship on: settling its finished games, then the step of the stage it is
in (the groups' next rounds, the Swiss's next pairing, the bracket's next matches), which
ends it when its last match is decided."""

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime

from celery import shared_task
from django.core.cache import cache
from django.db import transaction
from django.db.models import F

from games import selectors as game_selectors
from games.models import Game
from games.outcomes import ResultReason
from games.signals import GameFinished
from tournaments import streams
from tournaments.models import Championship, Match, Stage
from tournaments.services import notices
from tournaments.services.match_play import open_match, time_is_up
from tournaments.systems import registry

# Set while a batch of changes runs (advances_batched): the championships to move on once
# the batch is over, instead of once for each change.
_batched: ContextVar[set[int] | None] = ContextVar("tournaments_batched_advances", default=None)


# While a championship's advance waits in the queue this key is set, so a thousand results
# in a row queue one advance, not a thousand. The task deletes it as it starts; the time-out
# only matters when a queued advance was lost (the sweep's backstop finds it sooner).
ADVANCE_QUEUED_TTL_S = 60


def _queued_key(championship_id: int) -> str:
    return f"championships:advance-queued:{championship_id}"


def schedule_advance(championship_id: int) -> None:
    """Move the championship on once this transaction commits: one advance queued, unless
    one is waiting already (it will see this change, as it reads only after it starts)."""
    batch = _batched.get()
    if batch is not None:
        batch.add(championship_id)
        return
    # Decided at the commit, not now: a waiting advance that starts before this commit
    # would not see the change, so whether one is waiting is asked when the change is in.
    transaction.on_commit(lambda: queue_advance(championship_id))


def queue_advance(championship_id: int) -> None:
    """Queue the championship's advance unless one is waiting to start."""
    if cache.add(_queued_key(championship_id), 1, ADVANCE_QUEUED_TTL_S):
        advance_championship.delay(championship_id)


@contextmanager
def advances_batched() -> Iterator[None]:
    """Many changes in a row (a round's games decided at its deadline): each championship
    they touch is moved on once, after the last of them, not after each."""
    if _batched.get() is not None:
        yield  # already inside a batch: the outer one moves them on
        return
    batch: set[int] = set()
    token = _batched.set(batch)
    try:
        yield
    finally:
        _batched.reset(token)
        for championship_id in sorted(batch):
            schedule_advance(championship_id)


def on_game_finished(sender, finished: GameFinished, **kwargs) -> None:
    """Receives `game_finished`: move the championship on after this transaction commits."""
    if finished.match_id is None:
        return
    matches = Match.objects.filter(pk=finished.match_id)
    championship_id = matches.values_list("stage__championship_id", flat=True).get()
    schedule_advance(championship_id)


def advance(championship_id: int) -> None:
    """Settle finished games, then take the current stage's step (open rounds, pair the
    next Swiss round, move winners on, start the next stage, rank at the end).

    Idempotent: run twice, the second run finds nothing left to do.
    """
    with transaction.atomic():
        championship = Championship.objects.select_for_update().filter(pk=championship_id).first()
        if championship is None or championship.status not in registry.playing_statuses():
            return
        with streams.told(championship):
            _settle_matches(championship)
            registry.stage(championship.status).advance(championship)


@shared_task(name="tournaments.advance", ignore_result=True)
def advance_championship(championship_id: int) -> None:
    """The worker's entry point: settle finished games and move the championship on
    (idempotent)."""
    # Before anything is read: a result committed from now on queues the next advance.
    cache.delete(_queued_key(championship_id))
    advance(championship_id)


def unsettled_championships(finished_before: datetime) -> list[int]:
    """Championships still being played holding a result that finished before
    `finished_before` and is still unsettled (its match playing, no game of it running): an
    advance must have been lost. (A game an Arena's end left running is played out after
    the championship is over, and settles nothing.)"""
    unsettled = Match.objects.filter(
        game_selectors.has_a_game(Game.Status.FINISHED, finished_before=finished_before),
        status=Match.Status.PLAYING,
        stage__championship__status__in=registry.playing_statuses(),
    ).exclude(game_selectors.has_a_game(Game.Status.ACTIVE))
    return sorted(set(unsettled.values_list("stage__championship_id", flat=True)))


def stages_over(now: datetime) -> list[int]:
    """Championships still playing a stage that runs for a set time (an Arena) whose time
    is up: their advance ends it."""
    over = Stage.objects.filter(ends_at__lte=now, championship__status=F("kind"))
    return sorted(set(over.values_list("championship_id", flat=True)))


def matches_of(championship: Championship):
    return Match.objects.filter(stage__championship=championship).values("pk")


def _settle_matches(championship: Championship) -> None:
    """Every match whose last game has finished takes its result: all read in two queries
    and written in one, however many results came in since the last advance."""
    playing = list(
        Match.objects.filter(
            game_selectors.has_a_game(Game.Status.FINISHED),
            stage__championship=championship,
            status__in=[Match.Status.PLAYING, Match.Status.AWAITING],
        ).select_related("stage", "first__player", "second__player")
    )
    if not playing:
        return
    games_of: dict[int, list[Game]] = {}
    for game in game_selectors.games_for_matches([match.pk for match in playing]):
        games_of.setdefault(game.match_id, []).append(game)
    settled: list[Match] = []
    for match in playing:
        games = games_of[match.pk]
        last = games[-1]
        result = game_selectors.outcome(last)
        if result is None:
            continue  # the match's last game is still being played
        entry_of = {match.first.player_id: match.first, match.second.player_id: match.second}
        match.drawn = match.forfeit = False
        match.winner = None
        if result.winner is not None:
            match.winner = entry_of[result.winner]
            match.forfeit = result.walkover
        elif last.result_reason == ResultReason.DOUBLE_FORFEIT:
            match.forfeit = True  # both lose
        elif registry.stage(match.stage.kind).knockout:
            withdrawn = any(entry.withdrawn_at for entry in (match.first, match.second))
            if withdrawn or not (match.status == Match.Status.AWAITING or time_is_up(match)):
                # A knockout match needs a winner: replay with the seats swapped (S1; a
                # game with extra time ends level only when its board is full), or, when a
                # player has withdrawn since, the other goes on.
                open_match(championship, match, replays=len(games))
            elif match.status == Match.Status.PLAYING:
                # Level when the round's time is up: the organiser decides who goes on.
                match.status = Match.Status.AWAITING
                match.save(update_fields=["status"])
                notices.organiser_needed(championship, match)
            continue
        else:
            match.drawn = True
        match.status = Match.Status.FINISHED
        settled.append(match)
    _write_results(settled)


def _write_results(settled: list[Match]) -> None:
    """The settled matches written in a few statements, one per kind of result (a win of
    the first or the second, by play or forfeit, a draw, a loss for both), not one each."""
    kinds: dict[tuple, list[int]] = {}
    for match in settled:
        side = None
        if match.winner_id is not None:
            side = "first" if match.winner_id == match.first_id else "second"
        kinds.setdefault((side, match.drawn, match.forfeit), []).append(match.pk)
    for (side, drawn, forfeit), ids in kinds.items():
        Match.objects.filter(pk__in=ids).update(
            winner=F(side) if side else None,
            drawn=drawn,
            forfeit=forfeit,
            status=Match.Status.FINISHED,
        )
