"""Celery entry points for ratings: thin wrappers over ratings.services."""

from celery import shared_task

from ratings import services


@shared_task(name="ratings.rate_game", ignore_result=True)
def rate_finished_game(game_id: int) -> None:
    """Apply a finished rated game to its players' ratings (once)."""
    services.rate_game(game_id)


@shared_task(name="ratings.recompute", ignore_result=True)
def recompute_ratings(game: str) -> None:
    """Rebuild a game's ratings from its rated games in order (after a correction)."""
    services.recompute(game)
