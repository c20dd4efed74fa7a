"""Clocks in play: the time control, a passed deadline, a player who never showed up, and
whether a game waits for the worker. What a run-out clock does is the worker's
(`processing.time_out`)."""

from datetime import datetime

from django.utils import timezone

from games import clocks
from games.engines import engine
from games.engines.base import seats_in_play
from games.models import Game
from games.outcomes import TimeOut
from games.services import seats


def time_control(game: Game) -> clocks.TimeControl | None:
    return clocks.parse_time_control(game.time_control)


def clock_overdue(game: Game, now: datetime | None = None) -> bool:
    return (
        game.status == Game.Status.ACTIVE
        and game.deadline is not None
        and game.deadline <= (now or timezone.now())
    )


def waits_for_worker(game: Game) -> bool:
    """The game's clock has run out, or a player is gone too long (S5) or away on their
    move (S3): the worker has something to decide."""
    if game.status != Game.Status.ACTIVE:
        return False
    return clock_overdue(game) or seats.a_player_gone(game, engine(game.game))


def never_showed_up(game: Game, rules) -> bool:
    """The side to move, a player in a two-player championship game (or a game under S4),
    has not made one move of their own."""
    if len(seats_in_play(rules, game.options)) != 2:
        return False
    if game.kind != Game.Kind.CHAMPIONSHIP and not (
        rules.time_out == TimeOut.CPU_MOVES and seats.stand_in_limited(game, rules)
    ):
        return False  # outside championships only S4 says so (for rated games)
    seat = game.to_move
    return bool(seat) and seats.is_player(game, seat) and not seats.has_moved(game, seat)
