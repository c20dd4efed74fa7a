"""Ratings per player and game, and every change to them."""

from django.conf import settings
from django.db import models

from games.game_field import GameNameField


class Rating(models.Model):
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    game = GameNameField()
    rating = models.FloatField()
    rd = models.FloatField()
    volatility = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    last_played_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "game"], name="ratings_one_per_game"),
        ]
        indexes = [models.Index(fields=["game", "-rating"], name="ratings_leaderboard_idx")]

    def __str__(self) -> str:
        return f"{self.player} {self.game} {self.rating:.0f}"


class RatingChange(models.Model):
    """What one rated game did to one player's rating."""

    rating = models.ForeignKey(Rating, on_delete=models.CASCADE, related_name="changes")
    source = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    at = models.DateTimeField()
    rating_before = models.FloatField()
    rd_before = models.FloatField()
    volatility_before = models.FloatField()
    rating_after = models.FloatField()
    rd_after = models.FloatField()
    volatility_after = models.FloatField()

    class Meta:
        ordering = ["at", "id"]
        constraints = [
            # A game is rated once: applying it again finds this row and stops.
            models.UniqueConstraint(fields=["rating", "source"], name="ratings_change_once"),
        ]

    def __str__(self) -> str:
        return f"{self.rating} after game {self.source_id}"
