"""Away and back (S3): the CPU plays for a player who leaves for now."""

from django.utils.translation import gettext as _

from accounts.models import User
from games.engines import engine
from games.models import Game
from games.services import seats
from games.services.processing import process_game_task
from games.services.updates import locked_game, status_refusal
from infrastructure.errors import Conflict, DomainError


def set_away(game_id: int, user: User, away: bool) -> Game:
    """Leave the game for now, the CPU playing for you, or come back to your seat (S3)."""
    with locked_game(game_id, user, status=None) as change:
        game, seat = change.game, change.seat
        refusal = away_refusal(game, seat.seat, away)
        if refusal is not None:
            raise refusal
        seat.away = away
        seat.save(update_fields=["away"])
        change.fields = ["version"]
        event = {"type": "away" if away else "back", "game": game.pk, "seat": seat.seat}
        change.events.append(event)
    if away and game.to_move == seat.seat:
        process_game_task.delay(game_id)  # the CPU moves for them now
    return game


def away_refusal(game: Game, seat: str, away: bool) -> DomainError | None:
    """Why the player in `seat` may not leave the game for now (`away`) or come back to it;
    None when they may."""
    rules = engine(game.game)
    if not rules.stand_in:
        return Conflict(_("In this game nobody plays for a player who leaves."), code="no_stand_in")
    refusal = status_refusal(game, Game.Status.ACTIVE)
    if refusal is not None:
        return refusal
    if away and game.kind == Game.Kind.PRACTICE:
        # The CPU is the opponent already: standing in, it would play against itself.
        return Conflict(_("In a practice game nobody plays for you."), code="no_stand_in")
    if away and not seats.may_stand_in(game, rules, seat):
        return Conflict(
            _("The CPU plays for you only once you have made a move in this game (D11)."),
            code="no_stand_in_yet",
        )
    return None


def may_set_away(game: Game, seat: str | None, away: bool) -> bool:
    """Whether the player in `seat` (None: somebody who does not play) may leave for now
    (`away`) or come back: what the game page offers and `set_away` accepts."""
    return seat is not None and away_refusal(game, seat, away) is None
