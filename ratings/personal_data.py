"""The ratings' share of a player's own data: every rating and its history. A deleted
account's ratings stay: the ratings of the players it played were computed with them."""

from accounts.models import User
from accounts.personal_data import Part
from ratings.models import Rating, RatingChange


def export(user: User) -> list[dict]:
    """Each game's rating with every change to it and the game that made it."""
    changes: dict[int, list[dict]] = {}
    for change in RatingChange.objects.filter(rating__player=user).order_by("at", "id"):
        changes.setdefault(change.rating_id, []).append(
            {
                "at": change.at,
                "game_id": change.source_id,
                "rating_before": change.rating_before,
                "rd_before": change.rd_before,
                "volatility_before": change.volatility_before,
                "rating_after": change.rating_after,
                "rd_after": change.rd_after,
                "volatility_after": change.volatility_after,
            }
        )
    return [
        {
            "game": rating.game,
            "rating": rating.rating,
            "rd": rating.rd,
            "volatility": rating.volatility,
            "games": rating.games,
            "last_played_at": rating.last_played_at,
            "history": changes.get(rating.pk, []),
        }
        for rating in Rating.objects.filter(player=user).order_by("game")
    ]


PART = Part("ratings", export=export)
