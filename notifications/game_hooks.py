"""What the games tell their players: an invitation, their move, how a game ended.

The receivers of the games' signals (`games.signals`, connected in this app's ready()); the
work of finding whom to tell and telling them runs in the worker, after the game's change
has committed.
"""

from collections.abc import Iterable
from datetime import timedelta

from celery import shared_task
from django.utils import timezone

from accounts.models import User
from games import presence
from games.models import Game
from games.outcomes import ResultReason
from games.selectors import seats_with_players
from games.signals import GameFinished
from notifications import services
from notifications.kinds import Kind
from notifications.models import Notification

# A player who had the game open this recently is watching it: no need to tell them.
WATCHING_S = 10 * 60
# At most one notice of friendly invitations from one player to another in this time.
GAME_INVITATIONS_TOLD_EVERY = timedelta(minutes=15)
# At most one "your move" per game and player in this time.
YOUR_MOVE_EVERY_S = 3600


def on_game_invited(sender, game: Game, invited: Iterable[User], by: User, **kwargs) -> int:
    """game_invited's receiver: tell the players invited to a friendly game (inside the
    transaction that makes it)."""
    # However many games one player invites another to, the invited player is told of
    # them once in a while: the invitations themselves wait on their home page.
    return services.notify_at_most_every(
        invited,
        Kind.GAME_INVITED,
        GAME_INVITATIONS_TOLD_EVERY,
        topic=f"game_invited:from:{by.pk}",
        url=game.get_absolute_url(),
        params={"game": game.game, "by": by.username},
    )


def on_turn_passed(sender, game: Game, before: str, **kwargs) -> None:
    """turn_passed's receiver: the worker has passed the turn from seat `before` to
    `game.to_move`; "your move" for a player who is away.

    On the move path, so cheap: nothing for a practice game or a turn kept by the same seat,
    one cache read for the rest, and a task only for a player away from the game.
    """
    seat = game.to_move
    if game.kind == Game.Kind.PRACTICE or game.status != Game.Status.ACTIVE:
        return
    if not seat or seat == before or presence.seen_within(game.pk, seat, WATCHING_S):
        return
    your_move.delay(game.pk, seat, game.move_count)


def tell_your_move(game_id: int, seat: str, move_count: int) -> bool:
    """Tell the player in `seat` it is their move, while it still is and they are still
    away, unless they were told of this game in the last hour; whether they were told."""
    game = Game.objects.prefetch_related(seats_with_players()).filter(pk=game_id).first()
    if game is None or game.status != Game.Status.ACTIVE:
        return False
    if game.to_move != seat or game.move_count != move_count:
        return False  # they have moved since, or the game has
    if presence.seen_within(game.pk, seat, WATCHING_S):
        return False
    seats = list(game.seats.all())
    player = next((s.user for s in seats if s.seat == seat and s.user_id), None)
    if player is None:
        return False
    now = timezone.now()
    key = f"your_move:{game.pk}:"
    told_lately = Notification.objects.filter(
        user=player,
        once_key__startswith=key,
        created_at__gt=now - timedelta(seconds=YOUR_MOVE_EVERY_S),
    )
    if told_lately.exists():
        return False
    opponents = [s.user.username for s in seats if s.user_id and s.user_id != player.pk]
    # The hour in the key keeps two workers racing over the same turn to one notification.
    hour = int(now.timestamp()) // YOUR_MOVE_EVERY_S
    created = services.notify(
        [player],
        Kind.YOUR_MOVE,
        url=game.get_absolute_url(),
        params={"game": game.game, "opponents": opponents},
        once_key=f"{key}{hour}",
    )
    return created > 0


@shared_task(name="notifications.your_move", ignore_result=True)
def your_move(game_id: int, seat: str, move_count: int) -> None:
    """Tell the player in `seat` it is their move, if they are still away from the game."""
    tell_your_move(game_id, seat, move_count)


def on_game_finished(sender, finished: GameFinished, **kwargs) -> None:
    """game_finished's receiver: the players are told by a task once the ending commits
    (a failure in telling them cannot undo the ending)."""
    game_ended.delay(finished.game_id, finished.winner, finished.reason)


def tell_game_ended(game_id: int, winner: str, reason: str) -> int:
    """Tell each player of a game between people how it ended for them; how many were told.

    A corrected result (the organiser's decision) is told again; the same one never twice.
    """
    game = Game.objects.prefetch_related(seats_with_players()).filter(pk=game_id).first()
    if game is None or game.kind == Game.Kind.PRACTICE:
        return 0
    people = [seat for seat in game.seats.all() if seat.user_id]
    if len(people) < 2:
        return 0
    names = {seat.seat: seat.user.username for seat in people}
    told = 0
    for seat in people:
        params = {
            "game": game.game,
            "opponents": [name for other, name in names.items() if other != seat.seat],
            "winner": names.get(winner) if winner else None,
            "place": None,
            "reason": reason,
        }
        if reason == ResultReason.DOUBLE_FORFEIT:
            params.update(outcome="lost", winner=None)
        elif winner:
            params["outcome"] = "won" if winner == seat.seat else "lost"
        elif (game.places or {}).get(seat.seat):
            params.update(outcome="placed", place=int(game.places[seat.seat]))
        else:
            params["outcome"] = "draw"
        told += services.notify(
            [seat.user],
            Kind.GAME_ENDED,
            url=game.get_absolute_url(),
            params=params,
            once_key=f"game_ended:{game.pk}:{winner}:{reason}",
        )
    return told


@shared_task(name="notifications.game_ended", ignore_result=True)
def game_ended(game_id: int, winner: str, reason: str) -> None:
    """Tell a game's players how it ended."""
    tell_game_ended(game_id, winner, reason)
