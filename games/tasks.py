"""Celery entry points for games: thin wrappers over games.services."""

from celery import shared_task

from games import services


@shared_task(name="games.process_game", ignore_result=True)
def process_game(game_id: int) -> None:
    """Decide the game's pending moves, play the CPU's replies and watch its clock."""
    services.process_game(game_id)


@shared_task(name="games.sweep", ignore_result=True)
def sweep() -> None:
    """Re-enqueue games whose moves wait too long or whose clock ran out."""
    services.sweep()
