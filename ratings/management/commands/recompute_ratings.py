import sys

from django.core.management.base import BaseCommand

from games import registry
from ratings.services import recompute


class Command(BaseCommand):
    help = "Replay every rated game in order and rebuild the ratings and their history."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--game", choices=registry.names(), help="only this game (default: all)"
        )

    def handle(self, *args, **options) -> None:
        for game in [options["game"]] if options["game"] else registry.names():
            done = 0

            def progress(count: int, total: int, game: str = game) -> None:
                nonlocal done
                done += count
                filled = int(30 * done / max(1, total))
                sys.stderr.write(f"\r{game:<15} [{'#' * filled:<30}] {done}/{total} games")
                sys.stderr.flush()

            games, players = recompute(game, on_batch=progress)
            sys.stderr.write("\n")
            self.stdout.write(f"{game}: {games} rated games, {players} players.")
