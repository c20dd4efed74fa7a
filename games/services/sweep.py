"""The sweep: games a worker should look at again, found by the clock and the database."""

from datetime import timedelta

from celery import shared_task
from django.utils import timezone

from games import presence, registry
from games.engines import engine
from games.models import Game, Move
from games.services import seats
from games.services.processing import process_game_task

# Pending moves older than this are handed to a worker again by the sweep.
SWEEP_AFTER = timedelta(seconds=3)


def sweep() -> list[int]:
    """Hand to the workers every game with old pending moves or a passed deadline."""
    now = timezone.now()
    stale = Move.objects.filter(status=Move.Status.PENDING, received_at__lt=now - SWEEP_AFTER)
    overdue = Game.objects.filter(status=Game.Status.ACTIVE, deadline__lt=now)
    game_ids = set(stale.values_list("game_id", flat=True)) | set(
        overdue.values_list("id", flat=True)
    )
    game_ids |= games_with_a_player_gone()
    for game_id in sorted(game_ids):
        process_game_task.delay(game_id)
    return sorted(game_ids)


def games_with_a_player_gone() -> set[int]:
    """Active games of rules that keep track of who is there where a player is gone."""
    watched = [name for name in registry.names() if presence.kept_for(engine(name))]
    games = Game.objects.filter(status=Game.Status.ACTIVE, game__in=watched)
    return {
        game.pk
        for game in games.prefetch_related("seats")
        if seats.a_player_gone(game, engine(game.game))
    }


@shared_task(name="games.sweep", ignore_result=True)
def sweep_task() -> None:
    """The beat's entry point: re-enqueue games whose moves wait too long or whose clock ran
    out."""
    sweep()
