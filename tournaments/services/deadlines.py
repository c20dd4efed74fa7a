"""The championship's clock, run by the beat: rounds whose time is up are decided, players
are reminded of a deadline, championships start at their scheduled time."""

from datetime import datetime, timedelta

from celery import shared_task
from django.core.cache import cache
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from games import selectors as game_selectors
from games.models import Game
from games.services import decisions as game_decisions
from tournaments.models import Championship, Decision, Match
from tournaments.services import decision_log, notices
from tournaments.services.locking import locked_championship
from tournaments.services.progress import advances_batched, schedule_advance
from tournaments.services.starting import start

# Reminders before a round's deadline, in hours, in the order they are sent.
REMINDERS_HOURS = (24, 1)
# A scheduled start that finds too few entrants is tried again this much later.
POSTPONE_BY = timedelta(days=1)


def due_matches(now: datetime, championship: Championship | None = None) -> list[int]:
    """Matches still being played whose round's time is up (of one championship, if given)."""
    due = Match.objects.filter(status=Match.Status.PLAYING, deadline__lte=now)
    if championship is not None:
        due = due.filter(stage__championship=championship)
    return list(due.order_by("deadline", "pk").values_list("pk", flat=True))


def decide_all_at_deadline(match_ids: list[int]) -> int:
    """Decide each of these matches whose time is up, then move their championships on
    once; how many were decided."""
    with advances_batched():
        return sum(decide_at_deadline(match_id) for match_id in match_ids)


@shared_task(name="tournaments.decide_at_deadline", ignore_result=True)
def decide_at_deadline_task(match_ids: list[int]) -> None:
    """The worker's entry point: decide matches whose round's time is up (idempotent)."""
    decide_all_at_deadline(match_ids)


def decide_at_deadline(match_id: int) -> bool:
    """Decide the match's running game now that its round's time is up; True if it did.

    Idempotent: a match already decided, or not yet due, is left as it is.
    """
    with transaction.atomic():
        match = (
            Match.objects.select_for_update(of=("self",))
            .select_related("stage__championship", "first__player", "second__player")
            .filter(pk=match_id)
            .first()
        )
        now = timezone.now()
        if match is None or match.status != Match.Status.PLAYING:
            return False
        if match.deadline is None or match.deadline > now:
            return False
        championship = match.stage.championship
        running = game_selectors.games_for_matches([match.pk], Game.Status.ACTIVE).last()
        if running is None:
            schedule_advance(championship.pk)  # its game has ended: the match settles
            return False
        before = decision_log.game_result(running, match)
        game = game_decisions.end_at_deadline(running.pk, match.deadline)
        # The players hear the result as the game's ending (the game's own notice).
        decision_log.record(
            championship,
            Decision.Action.DECIDED_AT_DEADLINE,
            by=None,
            players=[match.first.player, match.second.player],
            game=game,
            before=before,
            after=decision_log.game_result(game, match),
        )
    return True


def send_reminders(now: datetime) -> int:
    """Tell the players of matches still playing that their round's time is nearly up,
    each reminder once; a round shorter than a reminder's lead time skips it."""
    sent = 0
    for step, hours in enumerate(REMINDERS_HOURS, start=1):
        lead = timedelta(hours=hours)
        due = Match.objects.filter(
            status=Match.Status.PLAYING,
            deadline__gt=now,
            deadline__lte=now + lead,
            opened_at__lt=F("deadline") - lead,
            reminders_sent__lt=step,
        )
        with transaction.atomic():
            matches = list(
                due.select_for_update(of=("self",), skip_locked=True).select_related(
                    "stage__championship", "first__player", "second__player"
                )
            )
            notices.deadline_soon(matches, hours)
            Match.objects.filter(pk__in=[m.pk for m in matches]).update(reminders_sent=step)
        sent += len(matches)
    return sent


def due_starts(now: datetime) -> list[int]:
    due = Championship.objects.filter(status=Championship.Status.REGISTRATION, starts_at__lte=now)
    return list(due.values_list("pk", flat=True))


def start_on_schedule(championship_id: int) -> bool:
    """Start a championship at its scheduled time; with fewer than two entrants the start
    moves a day later and the organiser is told. True if it started."""
    with transaction.atomic():
        championship = locked_championship(championship_id)
        now = timezone.now()
        due = championship.starts_at is not None and championship.starts_at <= now
        if championship.status != Championship.Status.REGISTRATION or not due:
            return False
        entrants = championship.entries.count()
        if entrants >= 2:
            start(championship.pk, by=championship.organiser, on_schedule=True)
            return True
        before = {"starts_at": championship.starts_at.isoformat()}
        championship.starts_at = max(championship.starts_at, now) + POSTPONE_BY
        championship.save(update_fields=["starts_at"])
        decision_log.record(
            championship,
            Decision.Action.POSTPONED,
            by=None,
            before=before,
            after={"starts_at": championship.starts_at.isoformat(), "entrants": entrants},
        )
        notices.start_postponed(championship, entrants)
    return False


@shared_task(name="tournaments.start_on_schedule", ignore_result=True)
def start_on_schedule_task(championship_id: int) -> None:
    """The worker's entry point: start a championship at its scheduled time, or postpone it
    (idempotent)."""
    start_on_schedule(championship_id)


# A reader hands a championship's due work to the worker at most this often.
ASK_AGAIN_AFTER_S = 5


def ask_worker_if_due(championship: Championship) -> None:
    """For readers, who never change a championship: a round whose time is up, or a start
    whose time has come, is handed to the worker (embedded, it runs here and now), so a
    site without a beat keeps its championships on time too."""
    now = timezone.now()
    if championship.status == Championship.Status.FINISHED:
        return
    start_due = (
        championship.status == Championship.Status.REGISTRATION
        and championship.starts_at is not None
        and championship.starts_at <= now
    )
    due = due_matches(now, championship)
    if not start_due and not due:
        return
    if not cache.add(f"championships:worker-asked:{championship.pk}", 1, ASK_AGAIN_AFTER_S):
        return  # another reader has asked already
    if start_due:
        start_on_schedule_task.delay(championship.pk)
    if due:
        decide_at_deadline_task.delay(due)
    if decide_at_deadline_task.app.conf.task_always_eager:
        championship.refresh_from_db()
