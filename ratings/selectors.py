"""Reads of ratings: leaderboards and a player's ratings with their history."""

from accounts.models import User
from ratings import policy
from ratings.models import Rating, RatingChange


def leaderboard(game: str, limit: int = 100) -> list[dict]:
    """Established players only: a provisional rating (RD ≥ 110) is not listed, nor a
    deleted account's (its rating stays, for the ratings computed against it)."""
    ratings = (
        Rating.objects.filter(game=game, rd__lt=policy.PROVISIONAL_RD, player__is_guest=False)
        .filter(player__deleted_at__isnull=True)
        .select_related("player")
        .order_by("-rating", "player__username")[:limit]
    )
    return [
        {
            "rank": rank,
            "username": rating.player.username,
            "rating": round(rating.rating, 1),
            "rd": round(rating.rd, 1),
            "games": rating.games,
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
