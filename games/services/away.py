"""Away and back (D10): the CPU plays for a player who leaves for now."""

from django.utils.translation import gettext as _

from accounts.models import User
from config.errors import Conflict
from games import tasks
from games.engines import engine
from games.models import Game
from games.services import seats
from games.services.updates import locked_game


def set_away(game_id: int, user: User, away: bool) -> Game:
    """Leave the game for now, the CPU playing for you, or come back to your seat (D10)."""
    with locked_game(game_id, user, rules_allow=refuse_without_stand_in) as change:
        game, seat = change.game, change.seat
        if away and not seats.may_stand_in(game, engine(game.game), seat.seat):
            raise Conflict(
                _("The CPU plays for you only once you have made a move in this game (D11)."),
                code="no_stand_in_yet",
            )
        seat.away = away
        seat.save(update_fields=["away"])
        change.fields = ["version"]
        event = {"type": "away" if away else "back", "game": game.pk, "seat": seat.seat}
        change.events.append(event)
    if away and game.to_move == seat.seat:
        tasks.process_game.delay(game_id)  # the CPU moves for them now
    return game


def refuse_without_stand_in(rules) -> None:
    if not rules.stand_in:
        raise Conflict(_("In this game nobody plays for a player who leaves."), code="no_stand_in")
