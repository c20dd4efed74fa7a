"""Reads of games shared by the API and the pages."""

from datetime import datetime

from django.db.models import QuerySet
from django.utils import timezone

from accounts.models import User
from games import clocks
from games.engines import engine
from games.models import CPU_PLAYER, Game, Move, Seat


def seat_names(game: Game) -> dict[str, str]:
    """seat → username ("cpu" for the CPU), in seat order."""
    seats = sorted(game.seats.all(), key=lambda seat: seat.order)  # uses a prefetch if any
    return {seat.seat: seat.user.username if seat.user_id else CPU_PLAYER for seat in seats}


def clocks_now(game: Game, now: datetime | None = None) -> dict[str, float]:
    """Seconds left per seat as of now; for a per-move limit alone, that move's time left."""
    now = now or timezone.now()
    control = clocks.parse_time_control(game.time_control)
    if control is None:
        return {}
    if control.initial_s is None:
        shown = dict.fromkeys(seat_names(game), control.move_s)
        if game.status == Game.Status.ACTIVE and game.deadline and game.to_move:
            shown[game.to_move] = max(0.0, (game.deadline - now).total_seconds())
        return {seat: round(value, 1) for seat, value in shown.items()}
    running = game.to_move if game.status == Game.Status.ACTIVE else ""
    shown = clocks.seconds_left_now(control, game.clocks, running, game.turn_started_at, now)
    return {seat: round(value, 1) for seat, value in shown.items()}


def game_detail(game: Game) -> dict:
    rules = engine(game.game)
    names = seat_names(game)
    finished = game.status == Game.Status.FINISHED
    return {
        "id": game.pk,
        "game": game.game,
        "kind": game.kind,
        "options": game.options,
        "format": game.format or None,
        "rated": game.rated,
        "players": names,
        "status": game.status,
        "to_move": names.get(game.to_move) if game.to_move else None,
        "to_move_seat": game.to_move or None,
        "move_count": game.move_count,
        "score": game.score,
        "result": {
            "winner": names.get(game.winner) if game.winner else None,
            "winner_seat": game.winner or None,
            "reason": game.result_reason or None,
        }
        if finished
        else {"winner": None, "winner_seat": None, "reason": None},
        "clocks": clocks_now(game),
        "time_control": game.time_control,
        "secured": game.secured,
        "draw_offer": game.draw_offer or None,
        "position": rules.view(rules.load(bytes(game.snapshot))),
        "version": game.version,
        "created_at": game.created_at,
        "page": game.get_absolute_url(),
    }


def move_rows(game: Game, after: int = 0, limit: int = 500) -> QuerySet[Move]:
    return game.moves.filter(seq__gt=after).select_related("player").order_by("seq", "id")[:limit]


def games_of(user: User, status: str | None = None) -> QuerySet[Game]:
    games = Game.objects.filter(
        pk__in=Seat.objects.filter(user=user).values("game_id")
    ).prefetch_related("seats__user")
    if status:
        games = games.filter(status=status)
    return games
