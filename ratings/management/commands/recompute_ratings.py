import sys

from django.core.management.base import BaseCommand
from django.db import transaction

from games.engines import GAMES
from games.models import Game
from ratings import periods
from ratings.models import Rating, RatingChange


def rated_games(game: str) -> list[periods.RatedGame]:
    """Every finished rated two-player game of `game`, in the order they ended."""
    found = []
    games = (
        Game.objects.filter(game=game, rated=True, status=Game.Status.FINISHED)
        .order_by("finished_at", "id")
        .prefetch_related("seats")
    )
    for record in games.iterator(chunk_size=2000):
        seats = sorted(record.seats.all(), key=lambda seat: seat.user_id or 0)
        if len(seats) != 2 or any(seat.user_id is None for seat in seats):
            continue
        first, second = seats
        score = 0.5 if not record.winner else (1.0 if record.winner == first.seat else 0.0)
        found.append(
            periods.RatedGame(record.pk, record.finished_at, first.user_id, second.user_id, score)
        )
    return found


class Command(BaseCommand):
    help = "Replay every rated game in order and rebuild the ratings and their history."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--game", choices=GAMES, help="only this game (default: all)")

    def handle(self, *args, **options) -> None:
        for game in [options["game"]] if options["game"] else GAMES:
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
