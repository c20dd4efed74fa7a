"""Taking back a move (D7): at once against the CPU, by consent against a person."""

from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games import clocks
from games.engines import engine
from games.models import Game, Move
from games.services import deadlines
from games.services.updates import locked_game, status_refusal
from infrastructure.errors import Conflict, DomainError


def undo(game_id: int, user: User) -> Game:
    """Take back your last move where the rules allow it (D7).

    Against the CPU it is done at once. Against a person the first call asks, and the
    opponent's call consents; a move by either player answers the request with a no.
    """
    with locked_game(game_id, user, status=None) as change:
        game, seat = change.game, change.seat
        refusal = undo_refusal(game, seat.seat)
        if refusal is not None:
            raise refusal
        rules = engine(game.game)
        opponents_are_cpu = all(s.is_cpu for s in game.seats.all() if s.seat != seat.seat)
        if game.undo_request and game.undo_request != seat.seat:
            state = take_back(game, rules, game.undo_request)  # the opponent consents
        elif opponents_are_cpu:
            state = take_back(game, rules, seat.seat)
        else:
            game.undo_request = seat.seat
            change.events.append({"type": "undo_request", "game": game.pk, "seat": seat.seat})
            state = None
        if state is not None:
            game.snapshot = rules.dump(state)
            change.events.append({"type": "undo", "game": game.pk, "move_count": game.move_count})
    return game


def undo_refusal(game: Game, seat: str) -> DomainError | None:
    """Why the player in `seat` may not take back a move now (nor consent to the
    opponent's request); None when they may."""
    if not engine(game.game).allows_undo:
        return Conflict(_("The rules of this game have no taking back."), code="no_undo")
    refusal = status_refusal(game, Game.Status.ACTIVE)
    if refusal is not None:
        return refusal
    if game.undo_request and game.undo_request != seat:
        return None  # the opponent asks: consenting is always allowed
    if last_own_move(game, seat) is None:
        return Conflict(_("You have no move to take back."), code="nothing_to_undo")
    return None


def may_undo(game: Game, seat: str | None) -> bool:
    """Whether the player in `seat` (None: somebody who does not play) may take back a move
    or consent to it: what the game page offers and `undo` accepts."""
    return seat is not None and undo_refusal(game, seat) is None


def last_own_move(game: Game, seat: str) -> Move | None:
    moves = game.moves.filter(status=Move.Status.ACCEPTED, seat=seat, player__isnull=False)
    return moves.order_by("-seq").first()


def take_back(game: Game, rules, seat: str):
    """Undo `seat`'s last move and every move after it; the position is replayed without them."""
    last = last_own_move(game, seat)
    if last is None:
        raise Conflict(_("There is no move to take back."), code="nothing_to_undo")
    game.moves.filter(
        status__in=[Move.Status.ACCEPTED, Move.Status.PENDING], seq__gte=last.seq
    ).update(status=Move.Status.UNDONE, processed_at=timezone.now())
    state = rules.new(game.options)
    kept = game.moves.filter(status=Move.Status.ACCEPTED).order_by("seq")
    for move in kept:
        state, _step = rules.apply(state, move.payload, move.seat)
    now = timezone.now()
    game.move_count = last.seq - 1
    game.score = rules.score(state)
    game.to_move = rules.to_move(state) or ""
    game.undo_request = ""
    game.draw_offer = ""
    game.turn_started_at = now
    control = deadlines.time_control(game)
    game.deadline = clocks.deadline(control, game.clocks.get(game.to_move), now)
    return state
