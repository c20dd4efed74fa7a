"""Reads of ratings: leaderboards and a player's ratings with their history."""

from django.db.models import BooleanField, Case, Value, When

from accounts.models import User
from ratings import policy
from ratings.models import Rating, RatingChange


def leaderboard(game: str, limit: int = 100) -> list[dict]:
    """Every player rated in the game, settled ratings first (best first), then provisional
    ones (RD ≥ 110, best first), so the table shows a player from their first rated game.
    The rank runs on through the provisional rows. Guests and deleted accounts are left out
    (a deleted account's rating stays, for the ratings computed against it)."""
    ratings = (
        Rating.objects.filter(game=game, games__gt=0, player__is_guest=False)
        .filter(player__deleted_at__isnull=True)
        .annotate(
            unsettled=Case(
                When(rd__gte=policy.PROVISIONAL_RD, then=Value(True)),
                default=Value(False),
                output_field=BooleanField(),
            )
        )
        .select_related("player")
        .order_by("unsettled", "-rating", "player__username")[:limit]
    )
    return [
        {
            "rank": rank,
            "username": rating.player.username,
            "rating": round(rating.rating, 1),
            "rd": round(rating.rd, 1),
            "games": rating.games,
            "provisional": policy.is_provisional(rating.rd),
        }
        for rank, rating in enumerate(ratings, start=1)
    ]


def player_ratings(player: User) -> dict[str, dict]:
    history: dict[int, list[dict]] = {}
    changes = RatingChange.objects.filter(rating__player=player).order_by("at", "id")
    for change in changes:
        history.setdefault(change.rating_id, []).append(
            {
                "at": change.at,
                "rating": round(change.rating_after, 1),
                "rd": round(change.rd_after, 1),
            }
        )
    return {
        rating.game: {
            "rating": round(rating.rating, 1),
            "rd": round(rating.rd, 1),
            "volatility": rating.volatility,
            "games": rating.games,
            "provisional": policy.is_provisional(rating.rd),
            "history": history.get(rating.pk, []),
        }
        for rating in Rating.objects.filter(player=player).order_by("game")
    }


def ratings_of(player_ids: list[int], game: str) -> dict[int, float]:
    """player id → rating in the game, for the players who have one."""
    rows = Rating.objects.filter(player_id__in=player_ids, game=game)
    return dict(rows.values_list("player_id", "rating"))
