"""Telling the players of a round that their games have started, in a task of its own once
the round is committed: a big round's games exist as soon as it is paired, and its thousand
notices are written just after, not before. A task lost on its way (a broker flushed
between the round's commit and the worker) is made up for by the sweep (`untold`)."""

from collections.abc import Sequence
from datetime import datetime, timedelta

from celery import shared_task
from django.db.models import CharField, Count, Exists, OuterRef, Q, Subquery, Value
from django.db.models.functions import Cast, Concat

from games.models import Game
from notifications.models import Notification
from tournaments.models import Match
from tournaments.services import notices

# A game started this long ago whose players have heard nothing lost its notices' task:
# far longer than a queued task takes to run, even behind a big round's work.
UNTOLD_AFTER = timedelta(minutes=2)
# Older games are not told of their start any more (the players have found them since).
UNTOLD_WITHIN = timedelta(hours=1)


def tell_after_commit(started: Sequence[tuple[int, int]]) -> None:
    """Once the change commits, the players of each started match are told of its new game
    (in the worker, or at once when embedded). `started` holds (match id, how many games the
    match had before this one) pairs."""
    if started:
        round_notices_task.delay([[match_id, before] for match_id, before in started])


def tell(started: Sequence[Sequence[int]]) -> None:
    """Tell both players of each started match (a (match id, games before) pair) that its new
    game has begun, a championship's matches in one batch. Told once whatever happens: each
    notice is sent under its game's once-key."""
    wanted = {match_id: before for match_id, before in started}
    games = (
        Game.objects.filter(match_id__in=list(wanted))
        .select_related(
            "match__stage__championship", "match__first__player", "match__second__player"
        )
        .order_by("match_id", "pk")
    )
    of_match: dict[int, list[Game]] = {}
    for game in games:
        of_match.setdefault(game.match_id, []).append(game)
    by_championship: dict[int, list[tuple[Game, Match]]] = {}
    for match_id, before in wanted.items():
        made = of_match.get(match_id, [])
        if len(made) > before:  # a match deleted since has nobody left to tell
            game = made[before]
            by_championship.setdefault(game.match.stage.championship_id, []).append(
                (game, game.match)
            )
    for opened in by_championship.values():
        notices.round_opened(opened[0][1].stage.championship, opened)


def untold(now: datetime) -> list[list[int]]:
    """The championship games still being played, started between UNTOLD_WITHIN and
    UNTOLD_AFTER ago, whose first player has no notice of their start: as (match id, games
    of the match before it) pairs, for `tell`, which tells each player once whatever
    happens."""
    key = Concat(Value("round_started:"), Cast(OuterRef("pk"), output_field=CharField()))
    told = Notification.objects.filter(user_id=OuterRef("match__first__player_id"), once_key=key)
    earlier = (
        Game.objects.filter(match_id=OuterRef("match_id"), pk__lt=OuterRef("pk"))
        .order_by()
        .values("match_id")
        .annotate(count=Count("pk"))
        .values("count")
    )
    games = (
        Game.objects.filter(
            ~Q(Exists(told)),
            match__isnull=False,
            status=Game.Status.ACTIVE,
            created_at__gte=now - UNTOLD_WITHIN,
            created_at__lte=now - UNTOLD_AFTER,
        )
        .annotate(before=Subquery(earlier))
        .order_by("pk")
        .values_list("match_id", "before")
    )
    return [[match_id, before or 0] for match_id, before in games]


@shared_task(name="tournaments.round_notices", ignore_result=True)
def round_notices_task(started: list[list[int]]) -> None:
    """The worker's entry point: tell the players of these just-started matches' games."""
    tell(started)
