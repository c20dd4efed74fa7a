"""Clocks in play: a passed deadline, what a run-out clock does by the game's rules, and
what a reader does on finding a game that waits for the worker (it asks; it never decides)."""

from datetime import datetime

from celery.result import EagerResult
from django.core.cache import cache
from django.utils import timezone

from games import clocks, tasks
from games.engines import engine
from games.engines.base import seats_in_play
from games.models import Game
from games.outcomes import ResultReason, TimeOut
from games.services import endings, processing, seats


def time_control(game: Game) -> clocks.TimeControl | None:
    return clocks.parse_time_control(game.time_control)


def clock_overdue(game: Game, now: datetime | None = None) -> bool:
    return (
        game.status == Game.Status.ACTIVE
        and game.deadline is not None
        and game.deadline <= (now or timezone.now())
    )


# A reader asks the worker once per version of the game; if the game still waits after
# this long (a lost message, a worker down), the next reader asks again. The sweep looks too.
ASK_AGAIN_AFTER_S = 5


def waits_for_worker(game: Game) -> bool:
    """The game's clock has run out, or a player is gone too long (Q20) or away on their
    move (D10): the worker has something to decide."""
    if game.status != Game.Status.ACTIVE:
        return False
    return clock_overdue(game) or seats.a_player_gone(game, engine(game.game))


def ask_worker_if_due(game: Game) -> Game:
    """For readers, who never change a game: one that waits for the worker is handed to it.

    The game is returned as it stands (the clock shows the time run out, see
    games.selectors.clocks_now); the worker ends it or moves it on and publishes the change.
    Embedded, the task runs here and now, so the reader sees its result at once.
    """
    if not waits_for_worker(game):
        return game
    if not cache.add(f"games:worker-asked:{game.pk}:{game.version}", 1, ASK_AGAIN_AFTER_S):
        return game  # another reader has asked already
    sent = tasks.process_game.delay(game.pk)
    if isinstance(sent, EagerResult):
        game.refresh_from_db()
    return game


def never_showed_up(game: Game, rules) -> bool:
    """The side to move, a player in a two-player championship game (or a game under D11),
    has not made one move of their own."""
    if len(seats_in_play(rules, game.options)) != 2:
        return False
    if game.kind != Game.Kind.CHAMPIONSHIP and not (
        rules.time_out == TimeOut.CPU_MOVES and seats.stand_in_limited(game, rules)
    ):
        return False  # outside championships only D11 says so (for rated games)
    seat = game.to_move
    return bool(seat) and seats.is_player(game, seat) and not seats.has_moved(game, seat)


def time_out(game: Game, rules, state, events: list[dict], pending: tuple = ()):
    """The side to move let its time run out. By the game's rules (the engine's `time_out`)
    it loses, the CPU moves for it, or its turn passes (in practice, against the CPU, it
    loses)."""
    if never_showed_up(game, rules):
        # A player who has not made one move is not there: they lose at their first
        # time-out, whatever the rules do with a later one (D11 says so for its rated
        # games; a championship says so for all of its games).
        opponent = seats.sole_opponent(game, game.to_move)
        endings.finish(game, opponent, ResultReason.NO_SHOW, game.deadline, events)
        return state
    if rules.time_out == TimeOut.CPU_MOVES:
        return processing.cpu_move(game, rules, state, events, overtaken=pending)
    if rules.time_out == TimeOut.LOSE and len(seats_in_play(rules, game.options)) > 2:
        # With more than two players the one out of time leaves; the others play on.
        resign = rules.resign_move(game.to_move)
        return processing.system_move(game, rules, state, events, resign, pending)
    if rules.time_out == TimeOut.PASS and game.kind != Game.Kind.PRACTICE:
        seat = game.to_move
        left = game.clocks.get(seat)
        spent = (game.deadline - game.turn_started_at).total_seconds()
        if left is not None and left - spent <= 0.001:
            # The whole game's time is gone: the rules skip this player from now on.
            game.clocks[seat] = 0.0
            out = rules.out_of_time_move(seat)
            return processing.system_move(game, rules, state, events, out, pending)
        passed = rules.pass_on_time_move(seat)
        return processing.system_move(game, rules, state, events, passed, pending)
    endings.finish_on_time(game, game.deadline, events)
    return state
