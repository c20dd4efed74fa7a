"""Who sits where and who plays for them: the players, the CPU, a stand-in, the gone."""

from django.utils.translation import gettext as _

from accounts.models import User
from games import presence
from games.engines import engine
from games.engines.base import seats_in_play
from games.models import Game, Move, Seat
from infrastructure.errors import NotAllowed


def participant_seat(game: Game, user: User) -> Seat:
    seat = game.seats.filter(user=user).first()
    if seat is None:
        raise NotAllowed(_("You do not play in this game."))
    return seat


def touch_presence(game: Game, user: User) -> str | None:
    """The player is here: any request of theirs about the game says so (S5, S3, and no
    "your move" notice while they watch).

    Returns their seat where presence is kept (every game between people, and the games
    whose rules need it), else None. Reads the game's seats as loaded (prefetched by the
    readers that call it).
    """
    if not presence.kept(engine(game.game), game.kind != Game.Kind.PRACTICE):
        return None
    seat = next((s.seat for s in game.seats.all() if s.user_id == user.pk), None)
    if seat is not None:
        presence.touch(game.pk, seat)
    return seat


def sole_opponent(game: Game, seat: str) -> str | None:
    """The winner when `seat` loses a two-player game (None with more players)."""
    others = [name for name in seats_in_play(engine(game.game), game.options) if name != seat]
    return others[0] if len(others) == 1 else None


def disconnected_seat(game: Game, rules) -> str | None:
    """A player gone from the live game for longer than its rules allow (S5), if any."""
    limit = rules.disconnect_loses_after_s
    if limit is None or game.status != Game.Status.ACTIVE:
        return None
    people = [seat.seat for seat in game.seats.all() if not seat.is_cpu]
    return presence.gone_for_longer_than(game.pk, people, limit)


def cpu_seats(game: Game, rules) -> set[str]:
    """The seats the CPU plays now: a practice game's CPU, and players away where the rules
    let the CPU stand in for them (S3, within S4)."""
    if game.kind != Game.Kind.PRACTICE and not rules.stand_in:
        return set()  # nobody else plays here: no need to read the seats on every move
    playing = {seat.seat for seat in game.seats.all() if seat.is_cpu}
    return playing | stood_in_for(game, rules)


def stood_in_for(game: Game, rules) -> set[str]:
    """The players the CPU stands in for now: those who said they leave, and those not seen
    for the rules' time (S3), less those S4 keeps it from."""
    if not rules.stand_in or game.status != Game.Status.ACTIVE:
        return set()
    people = [seat for seat in game.seats.all() if not seat.is_cpu]
    away = {seat.seat for seat in people if seat.away}
    # A player not seen for a while has left too, while somebody else is there to wait for
    # them: in practice, or with everybody gone, the CPU would only play against itself.
    if rules.away_after_s and game.kind != Game.Kind.PRACTICE:
        here = [seat.seat for seat in people if not seat.away]
        unseen = presence.not_seen_for(game.pk, here, rules.away_after_s)
        if len(unseen) < len(here):
            away |= unseen
    return {seat for seat in away if may_stand_in(game, rules, seat)}


def stand_in_limited(game: Game, rules) -> bool:
    """S4 holds the stand-in back in championship and rated games."""
    return rules.stand_in_limited and (game.kind == Game.Kind.CHAMPIONSHIP or game.rated)


def may_stand_in(game: Game, rules, seat: str) -> bool:
    """Whether the CPU may move for the player in `seat`: where S4 holds it back, only once
    they have made a move of their own in this game."""
    if not stand_in_limited(game, rules):
        return True
    return has_moved(game, seat)


def has_moved(game: Game, seat: str) -> bool:
    """Whether the player in `seat` has made a move of their own in this game (the CPU's
    moves for them do not count)."""
    own = game.moves.filter(status=Move.Status.ACCEPTED, seat=seat, player__isnull=False)
    return own.exists()


def is_player(game: Game, seat: str) -> bool:
    """Whether a person, not the CPU, sits in `seat`."""
    return any(s.seat == seat and not s.is_cpu for s in game.seats.all())


def a_player_gone(game: Game, rules) -> bool:
    """A player is gone for longer than the rules allow (S5), or away on their move with
    the CPU to stand in for them (S3)."""
    if disconnected_seat(game, rules):
        return True
    return bool(game.to_move) and game.to_move in stood_in_for(game, rules)
