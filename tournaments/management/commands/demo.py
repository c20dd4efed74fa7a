"""`manage.py demo`: the demo accounts, and championships to look at (tournaments.demo)."""

import logging
from collections.abc import Iterator
from contextlib import contextmanager

from django.core.management.base import BaseCommand

from accounts import services
from accounts.models import User
from infrastructure import links
from tournaments.demo import (
    create_demo_arena,
    create_demo_championship,
    create_demo_double_elimination,
    create_demo_swiss,
    create_scheduled_demo_championship,
)

# Every task the demo's games run in-process says so in a line of this logger: hundreds of
# lines that would bury the passwords.
TASK_LOGGER = "celery.app.trace"


@contextmanager
def quiet_task_log() -> Iterator[None]:
    """Only the tasks' warnings and errors while the demo plays its games."""
    logger = logging.getLogger(TASK_LOGGER)
    level = logger.level
    logger.setLevel(logging.WARNING)
    try:
        yield
    finally:
        logger.setLevel(level)


class Command(BaseCommand):
    help = (
        "Create (or reset) the demo admin and players, then the demo championships (groups, "
        "a Swiss, a double elimination) with their first rounds played, and one taking "
        "entries; the passwords are printed last."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--without-championship", action="store_true", help="only the demo accounts"
        )

    def handle(self, *args, **options) -> None:
        accounts = services.create_demo_accounts()
        if not options["without_championship"]:
            admin = User.objects.named(accounts[0].username).get()
            names = [account.username for account in accounts[1:]]
            players = list(User.objects.filter(username__in=names))
            with quiet_task_log():
                shown_in_order = [
                    create_demo_championship(admin, players),
                    create_demo_swiss(admin, players),
                    create_demo_double_elimination(admin, players),
                    create_demo_arena(admin, players),
                    create_scheduled_demo_championship(admin, players),
                ]
            for shown in shown_in_order:
                self.stdout.write(
                    f"{shown.name}: {links.absolute(shown.get_absolute_url())} "
                    f"({shown.get_status_display()})"
                )
        self.stdout.write(self.style.SUCCESS("Demo accounts (passwords are new on every run):"))
        for account in accounts:
            self.stdout.write(f"  {account.username:<10} {account.password:<14} {account.role}")
        self.stdout.write(f"Log in to the admin at {links.absolute('/admin/')} as admin.")
