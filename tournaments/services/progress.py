"""Moving a championship on: settling finished games, opening rounds, building and
running the playoff, ranking at the end."""

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime, timedelta

from celery import shared_task
from django.db import transaction
from django.db.models import Exists, F, OuterRef
from django.utils import timezone

from games import registry
from games import selectors as game_selectors
from games import services as game_services
from games.models import Game
from games.outcomes import MatchFormat, ResultReason
from games.signals import GameFinished
from tournaments import bracket, selectors, streams
from tournaments.models import Championship, Entry, FinalRank, Match, Stage
from tournaments.services import announcements


def _game_options(championship: Championship, stage: Stage, replay: bool = False) -> dict:
    """A match game's options; every replay of a drawn playoff game is `express` (K16)."""
    options = dict(championship.options)
    options["format"] = MatchFormat.EXPRESS if replay else stage.format
    # A game whose rules settle a level playoff game in extra time takes `extra_time` (K14).
    if (
        stage.kind == Stage.Kind.PLAYOFF
        and registry.declaration(championship.game).playoff_extra_time
    ):
        options["extra_time"] = True
    return options


def _open_match(
    championship: Championship, match: Match, replays: int = 0, save: bool = True
) -> bool:
    """Start the match's (next) game, or settle it at once when a player has withdrawn.

    `replays` counts the match's games already drawn: each replay swaps the colours of the
    one before (K16). Returns whether a game was started (the match is then playing).
    """
    first, second = match.first, match.second
    if first is None or second is None:
        return False
    gone = [entry for entry in (first, second) if entry.withdrawn_at is not None]
    if gone:
        present = [entry for entry in (first, second) if entry.withdrawn_at is None]
        match.winner = present[0] if present else None
        match.forfeit = True
        match.status = Match.Status.FINISHED
        match.save(update_fields=["winner", "forfeit", "status"])
        return False
    players = [first.player, second.player]
    if replays % 2 == 1:
        players.reverse()
    if replays == 0:
        # The round opens for this match now; every game of it, replays too, is due then.
        match.opened_at = timezone.now()
        match.deadline = round_deadline(championship, match.opened_at)
        if save:
            match.save(update_fields=["opened_at", "deadline"])
    game = game_services.create_match_game(
        match_id=match.pk,
        game=championship.game,
        options=_game_options(championship, match.stage, replay=replays > 0),
        players=players,
        rated=championship.rated,
        time_control=championship.time_control,
    )
    match.status = Match.Status.PLAYING
    if save:
        match.save(update_fields=["status"])
    announcements.round_opened(championship, game, match)
    return True


def round_deadline(championship: Championship, opened_at: datetime) -> datetime:
    return opened_at + timedelta(seconds=championship.round_deadline_s)


def open_round(championship: Championship, matches) -> None:
    started = [
        match
        for match in matches.select_related("first__player", "second__player", "stage")
        if match.status == Match.Status.WAITING and _open_match(championship, match, save=False)
    ]
    for match in started:
        match.status = Match.Status.PLAYING
    Match.objects.bulk_update(started, ["status", "opened_at", "deadline"], batch_size=500)


# Set while a batch of changes runs (advances_batched): the championships to move on once
# the batch is over, instead of once for each change.
_batched: ContextVar[set[int] | None] = ContextVar("tournaments_batched_advances", default=None)


def schedule_advance(championship_id: int) -> None:
    batch = _batched.get()
    if batch is not None:
        batch.add(championship_id)
        return
    advance_championship.delay(championship_id)  # sent once the game's change commits


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
    """Settle finished games, open rounds, build and run the playoff, rank at the end.

    Idempotent: run twice, the second run finds nothing left to do.
    """
    with transaction.atomic():
        championship = Championship.objects.select_for_update().filter(pk=championship_id).first()
        if championship is None or championship.status in (
            Championship.Status.REGISTRATION,
            Championship.Status.FINISHED,
        ):
            return
        with streams.told(championship):
            _settle_matches(championship)
            if championship.status == Championship.Status.GROUPS:
                _advance_groups(championship)
            if championship.status == Championship.Status.PLAYOFF:
                _advance_playoff(championship)


@shared_task(name="tournaments.advance", ignore_result=True)
def advance_championship(championship_id: int) -> None:
    """The worker's entry point: settle finished games and move the championship on
    (idempotent)."""
    advance(championship_id)


def matches_of(championship: Championship):
    return Match.objects.filter(stage__championship=championship).values("pk")


def _settle_matches(championship: Championship) -> None:
    playing = Match.objects.filter(
        game_selectors.has_a_game(Game.Status.FINISHED),
        stage__championship=championship,
        status__in=[Match.Status.PLAYING, Match.Status.AWAITING],
    ).select_related("stage", "first__player", "second__player")
    for match in playing:
        games = game_selectors.games_for_matches([match.pk])
        last = games.last()
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
        elif match.stage.kind == Stage.Kind.PLAYOFF:
            withdrawn = any(entry.withdrawn_at for entry in (match.first, match.second))
            if withdrawn or not (match.status == Match.Status.AWAITING or _time_is_up(match)):
                # A playoff needs a winner: replay with the seats swapped (K16; a game
                # with extra time ends level only when its board is full), or, when a
                # player has withdrawn since, the other goes on.
                _open_match(championship, match, replays=games.count())
            elif match.status == Match.Status.PLAYING:
                # Level when the round's time is up: the organiser decides who goes on.
                match.status = Match.Status.AWAITING
                match.save(update_fields=["status"])
                announcements.organiser_needed(championship, match)
            continue
        else:
            match.drawn = True
        match.status = Match.Status.FINISHED
        match.save(update_fields=["winner", "drawn", "forfeit", "status"])


def _time_is_up(match: Match) -> bool:
    return match.deadline is not None and match.deadline <= timezone.now()


def _advance_groups(championship: Championship) -> None:
    """Open the next round of every group whose current round is over; then the playoff."""
    stage = championship.stages.get(kind=Stage.Kind.GROUPS)
    while True:
        unfinished_now = Match.objects.filter(
            group=OuterRef("pk"), round=OuterRef("current_round")
        ).exclude(status=Match.Status.FINISHED)
        ready = list(
            stage.groups.filter(current_round__lt=F("rounds")).exclude(Exists(unfinished_now))
        )
        if not ready:
            break
        for group in ready:
            group.current_round += 1
            group.save(update_fields=["current_round"])
            open_round(championship, group.matches.filter(round=group.current_round))
    if not Match.objects.filter(stage=stage).exclude(status=Match.Status.FINISHED).exists():
        _start_playoff(championship, stage)


def _start_playoff(championship: Championship, group_stage: Stage) -> None:
    """Draw the playoff by the plan the bracket showed from the draw of the groups: each
    slot is a group's finish (winner of group A, ...), filled by whoever finished there."""
    tables = selectors.group_tables(group_stage)
    advancing = [min(championship.advance_per_group, len(table.rows)) for table in tables]
    slots = bracket.planned_slots(advancing)
    stage = Stage.objects.create(
        championship=championship, kind=Stage.Kind.PLAYOFF, format=championship.playoff_format
    )
    championship.status = Championship.Status.PLAYOFF
    championship.save(update_fields=["status"])
    if not slots:
        _finish(championship)
        return
    entries = {str(entry.pk): entry for entry in championship.entries.all()}
    # A table's rows are in finishing order, so place p of group g is row p - 1.
    first_round = [
        entries[tables[finish[0]].rows[finish[1] - 1].player] if finish else None
        for finish in slots
    ]
    size = len(slots)
    rounds = len(bracket.round_names(size))
    matches = []
    for round_number in range(1, rounds + 1):
        for index in range(size >> round_number):
            match = Match(stage=stage, round=round_number, index=index)
            if round_number == 1:
                match.first, match.second = first_round[2 * index], first_round[2 * index + 1]
                if match.first is None or match.second is None:
                    match.winner = match.first or match.second
                    match.status = Match.Status.FINISHED
            matches.append(match)
    if championship.third_place and bracket.third_place_played(sum(advancing)):
        matches.append(Match(stage=stage, round=rounds, index=1, third_place=True))
    Match.objects.bulk_create(matches)
    _advance_playoff(championship)


def _advance_playoff(championship: Championship) -> None:
    stage = championship.stages.get(kind=Stage.Kind.PLAYOFF)
    matches = list(stage.matches.select_related("first__player", "second__player", "stage"))
    last_round = max(match.round for match in matches)
    by_place = {(m.round, m.index, m.third_place): m for m in matches}
    for match in sorted(matches, key=lambda m: (m.round, m.index)):
        if match.status != Match.Status.FINISHED or match.third_place or match.round == last_round:
            continue
        next_round, next_index = bracket.next_match(match.round, match.index)
        following = by_place[(next_round, next_index, False)]
        side = ("first", "second")[bracket.winner_side(match.index)]
        if getattr(following, f"{side}_id") is None and match.winner_id is not None:
            setattr(following, side, match.winner)
            following.save(update_fields=[side])
        # The match for third place, when it is played (never after a semi-final bye).
        third = by_place.get((last_round, 1, True))
        if match.round == last_round - 1 and third is not None:
            loser = match.second if match.winner_id == match.first_id else match.first
            if getattr(third, f"{side}_id") is None and loser is not None:
                setattr(third, side, loser)
                third.save(update_fields=[side])
    # The in-memory matches carry every change made above.
    for match in matches:
        if match.status == Match.Status.WAITING and match.first_id and match.second_id:
            _open_match(championship, match)
    final = by_place[(last_round, 0, False)]
    third = by_place.get((last_round, 1, True))
    if final.status == Match.Status.FINISHED and (
        third is None or third.status == Match.Status.FINISHED
    ):
        _finish(championship)


def _finish(championship: Championship) -> None:
    ranking = selectors.final_ranking(championship)
    FinalRank.objects.filter(championship=championship).delete()
    FinalRank.objects.bulk_create(
        FinalRank(championship=championship, entry_id=entry_id, rank=rank)
        for rank, entry_id in ranking
    )
    champion = Entry.objects.filter(pk=ranking[0][1]).select_related("player").first()
    championship.winner = champion.player if champion else None
    championship.status = Championship.Status.FINISHED
    championship.finished_at = timezone.now()
    championship.save(update_fields=["winner", "status", "finished_at"])
    announcements.championship_finished(championship)
