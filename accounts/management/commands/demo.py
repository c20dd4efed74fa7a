from django.core.management.base import BaseCommand

from accounts import services


class Command(BaseCommand):
    help = (
        "Create (or reset) the demo admin and players and print their passwords; "
        "then create the demo championship, its first rounds played."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--without-championship", action="store_true", help="only the demo accounts"
        )

    def handle(self, *args, **options) -> None:
        accounts = services.create_demo_accounts()
        self.stdout.write(self.style.SUCCESS("Demo accounts (passwords are new on every run):"))
        for account in accounts:
            self.stdout.write(f"  {account.username:<10} {account.password:<14} {account.role}")
        self.stdout.write("Log in to the admin at http://127.0.0.1:8000/admin/ as admin.")
        if options["without_championship"]:
            return
        from accounts.models import User
        from tournaments.demo import create_demo_championship, create_scheduled_demo_championship

        admin = User.objects.named(accounts[0].username).get()
        players = list(User.objects.filter(username__in=[a.username for a in accounts[1:]]))
        championship = create_demo_championship(admin, players)
        scheduled = create_scheduled_demo_championship(admin, players)
        for shown in (championship, scheduled):
            self.stdout.write(
                f"{shown.name}: http://127.0.0.1:8000{shown.get_absolute_url()} "
                f"({shown.get_status_display()})"
            )
