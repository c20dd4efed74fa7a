"""One change of a game under its row lock, written once.

Lock the row, check the player's seat and the game's status, let the operation change the
game, then count the change in `version`, save, and tell listeners after the commit.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from django.db import connection, transaction
from django.db.transaction import TransactionManagementError
from django.utils.translation import gettext as _

from accounts.models import User
from games import publishing, streams
from games.models import Game, Move, Seat
from games.services import seats
from games.signals import clock_running
from infrastructure.errors import Conflict, NotFound


@dataclass
class LockedGame:
    """The game row under lock, the seat of the player acting, and what listeners hear."""

    game: Game
    seat: Seat
    events: list[dict] = field(default_factory=list)
    # The columns the change writes; None writes them all.
    fields: list[str] | None = None
    changed: bool = True

    def leave_unchanged(self) -> None:
        """Nothing is saved or told: the game stays as it was found."""
        self.changed = False


@contextmanager
def locked_game(
    game_id: int,
    user: User,
    *,
    status: str | None = Game.Status.ACTIVE,
) -> Iterator[LockedGame]:
    """A change of the game by one of its players, inside a transaction holding its lock.

    Refuses a game that does not exist, a user who does not play in it and a game whose
    status is not `status` (None: any, the operation checks it itself). On leaving without
    an error the change is saved and published.
    """
    with transaction.atomic():
        game = lock_game(game_id)
        seat = seats.participant_seat(game, user)
        if status is not None:
            refuse_unless_status(game, status)
        change = LockedGame(game, seat)
        yield change
        if change.changed:
            save_and_publish(game, change.events, fields=change.fields)


def locked_row(game_id: int) -> Game | None:
    """The game's row, locked until the transaction ends (None if there is no such game)."""
    # Checked here for every database: SQLite takes no row locks, so Django would not refuse
    # a lock asked for outside a transaction there, and the mistake would go unseen.
    if not connection.in_atomic_block:
        raise TransactionManagementError("The game's row is locked inside a transaction.")
    try:
        # Only the game's row, none of the rows it refers to; and no key of it changes, so
        # a move being stored (its INSERT checks the game's key) need not wait for the lock.
        return Game.objects.select_for_update(of=("self",), no_key=True).get(pk=game_id)
    except Game.DoesNotExist:
        return None


def pending_moves(game: Game) -> list[Move]:
    """The game's moves waiting for the worker, in the order they are decided."""
    return list(
        Move.objects.filter(game_id=game.pk, status=Move.Status.PENDING).order_by("seq", "id")
    )


def lock_game(game_id: int) -> Game:
    game = locked_row(game_id)
    if game is None:
        raise NotFound(_("No such game."))
    return game


def refuse_unless_status(game: Game, status: str) -> None:
    refusal = status_refusal(game, status)
    if refusal is not None:
        raise refusal


def status_refusal(game: Game, status: str) -> Conflict | None:
    """Why a change that needs the game in `status` is refused, or None."""
    if game.status == status:
        return None
    if status == Game.Status.INVITED:
        return Conflict(_("The game is not waiting for an answer."))
    return Conflict(_("The game is not being played."), code="game_over")


def save_and_publish(
    game: Game,
    events: list[dict],
    *,
    fields: list[str] | None = None,
    decided: dict[int, dict] | None = None,
) -> None:
    """Count the change, save it and tell listeners once it is committed."""
    game.version += 1
    game.save(update_fields=fields)
    publish_after_commit(game, events, decided)


def publish_after_commit(
    game: Game, events: list[dict], decided: dict[int, dict] | None = None
) -> None:
    """After the commit: tell listeners, wake waiting requests, book the next clock check."""
    game_id, version = game.pk, game.version
    if not events:
        events = [{"type": "state", "game": game_id, "status": game.status}]
    deadline = game.deadline
    state = streams.state(game)  # as committed: the snapshot a stream opens with

    def send() -> None:
        publishing.publish(game_id, version, state, events, decided)
        if deadline is not None:
            clock_running.send(sender=Game, game_id=game_id, deadline=deadline)

    transaction.on_commit(send)
