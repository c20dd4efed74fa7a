"""The notifications' Celery tasks, for the worker to find (Celery reads each app's `tasks`
module). Each lives beside the operation it runs: the e-mail in `mail.py`, the games' notices
in `game_hooks.py`."""

from notifications.game_hooks import game_ended, your_move
from notifications.mail import send_email, send_emails

__all__ = ["game_ended", "send_email", "send_emails", "your_move"]
