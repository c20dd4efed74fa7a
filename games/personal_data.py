"""The games' share of a player's own data: their games with their records, and what a
deleted account leaves behind (its running games lost, its invitations withdrawn)."""

import json
from datetime import timedelta

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import ngettext

from accounts.models import User
from accounts.personal_data import DeletedAccount, Part
from games import presence, selectors, services
from games.engines import IllegalMove, engine
from games.models import Game, Seat
from infrastructure.errors import DomainError


def export(user: User) -> list[dict]:
    """Every game the player has a seat in, oldest first, with its record in each of the
    formats its rules write (through the game's engine: the JSON record as JSON)."""
    games = (
        Game.objects.filter(pk__in=Seat.objects.filter(user=user).values("game_id"))
        .prefetch_related(selectors.seats_with_players())
        .order_by("created_at", "id")
    )
    return [_game(game, user) for game in games]


def _game(game: Game, user: User) -> dict:
    rules = engine(game.game)
    seat = next(s.seat for s in game.seats.all() if s.user_id == user.pk)
    records = {form: services.game_record(game, form) for form in rules.record_formats}
    return {
        "id": game.pk,
        "game": game.game,
        "kind": game.kind,
        "status": game.status,
        "rated": game.rated,
        "options": game.options,
        "format": game.format or None,
        "your_seat": seat,
        "players": selectors.seat_names(game),
        "winner_seat": game.winner or None,
        "result_reason": game.result_reason or None,
        "places": game.places or None,
        "score": game.score,
        "created_at": game.created_at,
        "started_at": game.started_at,
        "finished_at": game.finished_at,
        "page": game.get_absolute_url(),
        "record": json.loads(records.pop("json")),
        "other_records": records,
    }


def erase(gone: DeletedAccount) -> None:
    """The person's running games are lost by them (resigned: the opponents are told as of
    any resignation), their open invitations withdrawn, their presence forgotten."""
    user = gone.user
    seated = Game.objects.filter(seats__user=user)
    for game_id in seated.filter(status=Game.Status.INVITED).values_list("id", flat=True):
        services.decline_invitation(game_id, user)
    for game_id in seated.filter(status=Game.Status.ACTIVE).values_list("id", flat=True):
        try:
            services.resign(game_id, user)
        except (DomainError, IllegalMove):
            # Over meanwhile, or the player is already out of a game of more (M19).
            continue
    kept_since = timezone.now() - timedelta(seconds=presence.KEEP_SECONDS)
    recent = Seat.objects.filter(user=user).filter(
        Q(game__finished_at__isnull=True) | Q(game__finished_at__gte=kept_since)
    )
    presence.forget(list(recent.values_list("game_id", "seat")))


def consequences(user: User) -> list[str]:
    """What deleting the account would do to the person's games, for the deletion page."""
    seated = Game.objects.filter(seats__user=user)
    playing = seated.filter(status=Game.Status.ACTIVE).count()
    invited = seated.filter(status=Game.Status.INVITED).count()
    lines = []
    if playing:
        lines.append(
            ngettext(
                "Your %(count)s running game ends, lost by you, and your opponent is told.",
                "Your %(count)s running games end, lost by you, and your opponents are told.",
                playing,
            )
            % {"count": playing}
        )
    if invited:
        lines.append(
            ngettext(
                "Your %(count)s open game invitation is withdrawn.",
                "Your %(count)s open game invitations are withdrawn.",
                invited,
            )
            % {"count": invited}
        )
    return lines


PART = Part("games", export=export, erase=erase, consequences=consequences)
