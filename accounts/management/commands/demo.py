from django.core.management.base import BaseCommand

from accounts import services


class Command(BaseCommand):
    help = "Create (or reset) the demo admin and players and print their passwords."

    def handle(self, *args, **options) -> None:
        accounts = services.create_demo_accounts()
        self.stdout.write(self.style.SUCCESS("Demo accounts (passwords are new on every run):"))
        for account in accounts:
            self.stdout.write(f"  {account.username:<10} {account.password:<14} {account.role}")
        self.stdout.write("Log in to the admin at http://127.0.0.1:8000/admin/ as admin.")
