"""Another game (D9): a finished game played again with the same players."""

from django.utils.translation import gettext as _

from accounts.models import User
from games.engines import engine
from games.models import CPU_PLAYER, Game
from games.selectors import seats_with_players
from games.services import seats
from games.services.invitations import create_game, without_luck_options
from infrastructure.errors import Conflict, DomainError, NotFound


def another_game(game_id: int, user: User, *, swap: bool = True) -> Game:
    """A new game like a finished one, with the same opponent; `swap` changes who starts (D9).

    Against the CPU it starts at once; against a person it is an invitation.
    """
    game = Game.objects.prefetch_related(seats_with_players()).filter(pk=game_id).first()
    if game is None:
        raise NotFound(_("No such game."))
    seat = seats.participant_seat(game, user)
    refusal = rematch_refusal(game)
    if refusal is not None:
        raise refusal
    rules = engine(game.game)
    seat_names = rules.seats
    mine: str | None = seat.seat
    if rules.first_by_lot:
        mine = None  # the lot decides again
    elif swap and len(seat_names) == 2:
        mine = seat_names[1 - seat_names.index(seat.seat)]
    opponent = next(
        (s.user.username if s.user_id else CPU_PLAYER for s in game.seats.all() if s.pk != seat.pk),
        CPU_PLAYER,
    )
    # A new deal for the new game: the old one's seed stays with the old game.
    options = {
        key: value
        for key, value in without_luck_options(rules, game.options).items()
        if key != "format"
    }
    return create_game(
        creator=user,
        game=game.game,
        options=options,
        format=game.format or None,
        opponent=opponent,
        seat=mine,
        rated=game.rated,
        time_control=game.time_control,
        cpu_level=game.cpu_level or None,
    )


def rematch_refusal(game: Game) -> DomainError | None:
    """Why the game's players may not play it again (D9), or None."""
    if game.kind == Game.Kind.CHAMPIONSHIP:
        return Conflict(_("A championship schedules its own games."), code="championship_game")
    if game.status not in (Game.Status.FINISHED, Game.Status.DECLINED):
        return Conflict(_("Finish this game first."), code="game_not_over")
    if any(seat.user_id and seat.user.deleted_at for seat in game.seats.all()):
        return Conflict(_("A player of this game has deleted their account."), code="player_gone")
    return None


def may_rematch(game: Game, seat: str | None) -> bool:
    """Whether the player in `seat` (None: somebody who does not play) may ask for another
    game: what the game page offers and `another_game` accepts."""
    return seat is not None and rematch_refusal(game) is None
