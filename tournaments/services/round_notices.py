"""Telling the players of a round that their games have started, in a task of its own once
the round is committed: a big round's games exist as soon as it is paired, and its thousand
notices are written just after, not before."""

from collections.abc import Sequence

from celery import shared_task

from games.models import Game
from tournaments.models import Match
from tournaments.services import notices


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


@shared_task(name="tournaments.round_notices", ignore_result=True)
def round_notices_task(started: list[list[int]]) -> None:
    """The worker's entry point: tell the players of these just-started matches' games."""
    tell(started)
