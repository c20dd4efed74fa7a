"""Celery entry points for notifications: thin wrappers over the services."""

import logging

from celery import shared_task

from notifications import game_hooks, mail

logger = logging.getLogger(__name__)

RETRY_AFTER_S = 60


@shared_task(bind=True, name="notifications.send_email", ignore_result=True, max_retries=5)
def send_email(self, notification_id: int) -> None:
    """E-mail one notification to its reader (if they want it); a failing server is tried
    again later."""
    try:
        mail.send_notification_email(notification_id)
    except mail.SEND_ERRORS as error:
        if self.request.is_eager:
            # Embedded, the task runs in the request that made the notification: a mail
            # server that fails must not fail the move or the page with it.
            logger.exception("notification %s: the e-mail could not be sent", notification_id)
            return
        raise self.retry(exc=error, countdown=RETRY_AFTER_S) from error


@shared_task(name="notifications.your_move", ignore_result=True)
def your_move(game_id: int, seat: str, move_count: int) -> None:
    """Tell the player in `seat` it is their move, if they are still away from the game."""
    game_hooks.tell_your_move(game_id, seat, move_count)


@shared_task(name="notifications.game_ended", ignore_result=True)
def game_ended(game_id: int, winner: str, reason: str) -> None:
    """Tell a game's players how it ended."""
    game_hooks.tell_game_ended(game_id, winner, reason)
