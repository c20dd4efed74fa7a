"""Taking moves in: a player's move is stored as pending and handed to the worker; what
a decided move tells its sender and listeners."""

from contextlib import nullcontext

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, connection, transaction
from django.utils.translation import gettext as _

from accounts.models import User
from games import presence, selectors, waiting_moves
from games.engines import IllegalMove, engine
from games.models import Game, Move, Seat
from games.refusals import refusal_message
from games.services.processing import process_game_task
from games.services.verdicts import payload_size
from infrastructure.errors import Conflict, DomainError, NotAllowed, NotFound, TooMany

# The largest move of any game (a rearrangement of 8 tiles, say) is far below this.
MAX_MOVE_CHARS = 2000


def submit_move(*, game_id: int, user: User, seq: int, payload) -> tuple[Move, bool]:
    """Store the move as pending and hand the game to a worker; (move, newly stored).

    Sending the same move with the same number again returns the first one.
    """
    seat = player_seat(game_id, user)
    if seat is None:
        # A game the sender may not even see answers as one that does not exist.
        if selectors.visible_game(game_id, user) is None:
            raise NotFound(_("No such game."))
        raise NotAllowed(_("You do not play in this game."))
    seat_name, game_name, game_kind = seat
    rules = engine(game_name)
    if presence.kept(rules, game_kind != Game.Kind.PRACTICE):
        presence.touch(game_id, seat_name)  # a move shows the player is here (S5, S3)
    if payload_size(payload) > MAX_MOVE_CHARS:
        raise DomainError(
            _("A move is at most %(limit)s characters of JSON.") % {"limit": MAX_MOVE_CHARS},
            code="move_too_large",
            field="move",
        )
    try:
        rules.validate_move(payload)
    except IllegalMove as refusal:
        message = refusal_message(game_name, refusal.code, refusal.message)
        raise DomainError(message, code=refusal.code, field="move") from None
    if not room_to_wait(game_id, user):
        held = sent_before(game_id, seat_name, seq, payload)
        if held is not None:
            return held, False
        # The worker decides every move stored, in order: a flood must not queue more.
        raise TooMany(
            _("Too many of your moves are waiting for the server; wait for its answers."),
            retry_after=1,
            code="too_many_pending_moves",
        )
    try:
        # Outside a transaction the INSERT commits on its own: one round trip, durable
        # before the worker is called (the task is then sent at once).
        with transaction.atomic() if connection.in_atomic_block else nullcontext():
            move = Move.objects.create(
                game_id=game_id, seq=seq, seat=seat_name, player=user, payload=payload
            )
    except IntegrityError:
        waiting_moves.count_one_less(game_id, user.pk)  # counted, not stored
    except Exception:
        waiting_moves.count_one_less(game_id, user.pk)
        raise
    else:
        process_game_task.delay(game_id)
        return move, True
    held = sent_before(game_id, seat_name, seq, payload)
    if held is not None:
        return held, False
    raise Conflict(
        _("Move %(seq)s is already taken by another move.") % {"seq": seq}, code="seq_taken"
    )


def room_to_wait(game_id: int, user: User) -> bool:
    """Whether one more of the player's moves may wait for the worker; if so it is counted.

    The shared count answers (games.waiting_moves); the database is asked only to start a
    count, or when the count is at the limit (and the count then takes its figure).
    """
    limit = settings.PENDING_MOVES_PER_PLAYER
    if (
        waiting_moves.count_one_more(game_id, user.pk, lambda: pending_moves(game_id, user))
        <= limit
    ):
        return True
    waiting = pending_moves(game_id, user)
    if waiting >= limit:
        waiting_moves.set_count(game_id, user.pk, waiting)
        return False
    waiting_moves.set_count(game_id, user.pk, waiting + 1)
    return True


def sent_before(game_id: int, seat_name: str, seq: int, payload) -> Move | None:
    """The same move under the same number, stored before and not refused: a repeat."""
    held = Move.objects.exclude(status=Move.Status.REFUSED).filter(game_id=game_id, seq=seq).first()
    if held is not None and held.seat == seat_name and held.payload == payload:
        return held
    return None


def pending_moves(game_id: int, user: User) -> int:
    """How many of the player's moves in the game wait for the worker."""
    return Move.objects.filter(game_id=game_id, player=user, status=Move.Status.PENDING).count()


# A seat never changes hands and a game never changes its kind, so who sits where is kept
# in the shared cache once read: a move's only query is then its own INSERT.
SEAT_CACHE_SECONDS = 3600


def player_seat(game_id: int, user: User) -> tuple[str, str, str] | None:
    """(seat, game name, game kind) of `user` in the game, or None if they have no seat."""
    key = f"player-seat:{game_id}:{user.pk}"
    seat = cache.get(key)
    if seat is None:
        seat = (
            Seat.objects.filter(game_id=game_id, user=user)
            .values_list("seat", "game__game", "game__kind")
            .first()
        )
        if seat is not None:
            cache.set(key, tuple(seat), SEAT_CACHE_SECONDS)
    return tuple(seat) if seat is not None else None
