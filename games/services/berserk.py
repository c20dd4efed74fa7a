"""Berserk (an Arena's): before their own first move a player halves their own clock; the
championship counts a win so played one point more, the game only keeps who did it."""

from datetime import datetime

from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games import clocks
from games.models import Game, Move
from games.services import deadlines
from games.services.updates import locked_game, status_refusal
from infrastructure.errors import Conflict, DomainError


def go_berserk(game_id: int, player: User) -> Game:
    """Halve your own clock before your first move, in a game that allows it.

    The clock is halved as of the turn's start: on your move the time you have used since
    then still counts, and the deadline moves nearer; the server's clock stays the only one.
    """
    with locked_game(game_id, player, status=None) as change:
        game, seat = change.game, change.seat
        now = timezone.now()
        refusal = berserk_refusal(game, seat.seat, now)
        if refusal is not None:
            raise refusal
        game.clocks = halved_clocks(game, seat.seat)
        if game.to_move == seat.seat:
            control = deadlines.time_control(game)
            game.deadline = clocks.deadline(control, game.clocks[seat.seat], game.turn_started_at)
        game.berserk = [*game.berserk, seat.seat]
        change.fields = ["clocks", "deadline", "berserk", "version"]
        change.events.append({"type": "berserk", "game": game.pk, "seat": seat.seat})
    return game


def berserk_refusal(game: Game, seat: str, now: datetime | None = None) -> DomainError | None:
    """Why the player in `seat` may not go berserk now; None when they may."""
    refusal = status_refusal(game, Game.Status.ACTIVE)
    if refusal is not None:
        return refusal
    if not game.berserk_allowed:
        return Conflict(_("This game does not allow going berserk."), code="no_berserk")
    control = deadlines.time_control(game)
    if control is None or control.initial_s is None or seat not in game.clocks:
        return Conflict(
            _("Only a game with a clock for the whole game allows going berserk."),
            code="no_game_clock",
        )
    if seat in game.berserk:
        return Conflict(_("You have gone berserk already."), code="already_berserk")
    if has_played(game, seat):
        return Conflict(
            _("Going berserk is only allowed before your first move."), code="already_moved"
        )
    if seconds_left_after(game, seat, now or timezone.now()) <= 0:
        return Conflict(
            _("Half of your clock has run out already: going berserk would lose on time."),
            code="berserk_too_late",
        )
    return None


def may_go_berserk(game: Game, seat: str | None, now: datetime | None = None) -> bool:
    """Whether the player in `seat` (None: somebody who does not play) may go berserk: what
    the game page offers and `go_berserk` accepts."""
    return seat is not None and berserk_refusal(game, seat, now) is None


def has_played(game: Game, seat: str) -> bool:
    """Whether `seat` has a move in the game: one accepted (the CPU's for them too), or one
    sent and waiting for the worker."""
    moves = game.moves.filter(seat=seat, status__in=[Move.Status.ACCEPTED, Move.Status.PENDING])
    return moves.exists()


def halved_clocks(game: Game, seat: str) -> dict[str, float]:
    """The game's clocks (seconds left as of the turn's start) with `seat`'s halved."""
    return {**game.clocks, seat: game.clocks[seat] / 2}


def seconds_left_after(game: Game, seat: str, now: datetime) -> float:
    """The seconds `seat` would have left at `now` once berserk."""
    control = deadlines.time_control(game)
    shown = clocks.seconds_left_now(
        control, halved_clocks(game, seat), game.to_move, game.turn_started_at, now
    )
    return shown[seat]
