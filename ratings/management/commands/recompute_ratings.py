import sys

from django.core.management.base import BaseCommand
from django.db import transaction

from games import registry
from games.models import Game
from ratings import periods
from ratings.models import Rating, RatingChange
from ratings.services import rated_game


def rated_games(game: str) -> list[periods.RatedGame]:
    """Every finished rated game of `game` between players, in the order they ended."""
    games = (
        Game.objects.filter(game=game, rated=True, status=Game.Status.FINISHED)
        .order_by("finished_at", "id")
        .prefetch_related("seats")
    )
    found = (rated_game(record) for record in games.iterator(chunk_size=2000))
    return [rated for rated in found if rated is not None]


class Command(BaseCommand):
    help = "Replay every rated game in order and rebuild the ratings and their history."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--game", choices=registry.names(), help="only this game (default: all)"
        )

    def handle(self, *args, **options) -> None:
        for game in [options["game"]] if options["game"] else registry.names():
            self.recompute(game)

    def recompute(self, game: str) -> None:
        games = rated_games(game)
        done = 0

        def progress(count: int) -> None:
            nonlocal done
            done += count
            filled = int(30 * done / max(1, len(games)))
            sys.stderr.write(f"\r{game:<15} [{'#' * filled:<30}] {done}/{len(games)} games")
            sys.stderr.flush()

        players, changes = periods.replay(games, on_batch=progress)
        sys.stderr.write("\n")
        with transaction.atomic():
            RatingChange.objects.filter(rating__game=game).delete()
            Rating.objects.filter(game=game).delete()
            rows = Rating.objects.bulk_create(
                Rating(
                    player_id=player,
                    game=game,
                    rating=state.rating,
                    rd=state.rd,
                    volatility=state.volatility,
                    games=state.games,
                    last_played_at=state.last_played_at,
                )
                for player, state in players.items()
            )
            rating_id = {row.player_id: row.pk for row in rows}
            RatingChange.objects.bulk_create(
                (
                    RatingChange(
                        rating_id=rating_id[player],
                        source_id=rated.source,
                        at=rated.at,
                        rating_before=before[0],
                        rd_before=before[1],
                        volatility_before=before[2],
                        rating_after=after[0],
                        rd_after=after[1],
                        volatility_after=after[2],
                    )
                    for rated, player, before, after in changes
                ),
                batch_size=5000,
            )
        self.stdout.write(f"{game}: {len(games)} rated games, {len(players)} players.")
