"""Applying rated games to ratings (Glicko-2, every game its own rating period)."""

from collections.abc import Callable

from celery import shared_task
from django.db import transaction

from games.models import Game
from games.outcomes import ResultReason
from games.signals import GameFinished
from ratings import glicko2, periods
from ratings.models import Rating, RatingChange


def on_game_finished(sender, finished: GameFinished, **kwargs) -> None:
    """Receives `game_finished`: rate the game after this transaction commits."""
    if not finished.rated:
        return
    rate_finished_game.delay(finished.game_id)  # sent once the game's ending commits


def on_result_corrected(sender, corrected: GameFinished, **kwargs) -> None:
    """Receives `result_corrected`: rebuild the game's ratings from the corrected game on,
    after this transaction commits."""
    if corrected.rated:
        recompute_ratings.delay(corrected.kind)  # the corrected game and every one after it


def rated_game(game: Game) -> periods.RatedGame | None:
    """The game as the rating policy sees it: its human players and their final places.

    The engine's final places when it ranks the players (M20); otherwise two players:
    the winner is first, a draw places both first; more: by final score, ties shared.
    """
    if game.result_reason == ResultReason.DOUBLE_FORFEIT:
        return None  # lost by both without a game: nothing to learn of their strength
    seats = sorted(game.seats.all(), key=lambda seat: seat.user_id or 0)
    if len(seats) < 2 or any(seat.user_id is None for seat in seats):
        return None
    if game.places:
        places = tuple(game.places[seat.seat] for seat in seats)  # the engine's ranking
    elif len(seats) == 2:
        places = tuple(1 if not game.winner or seat.seat == game.winner else 2 for seat in seats)
    else:
        scores = [game.score.get(seat.seat, 0) for seat in seats]
        places = tuple(1 + sum(other > mine for other in scores) for mine in scores)
    return periods.RatedGame(
        game.pk, game.finished_at, tuple(seat.user_id for seat in seats), places
    )


def rate_game(game_id: int) -> bool:
    """Apply a finished rated game to its players' ratings, once; True if it did."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or not game.rated or game.status != Game.Status.FINISHED:
            return False
        rated = rated_game(game)
        if rated is None or RatingChange.objects.filter(source=game).exists():
            return False
        # Lock the players' rows in one order, so games of the same players cannot deadlock.
        ratings = {player: _rating_for(player, game.game) for player in sorted(rated.players)}
        states = {
            player: periods.PlayerState(r.rating, r.rd, r.volatility, r.games, r.last_played_at)
            for player, r in ratings.items()
        }
        for _game, player, before, after in periods.rate_batch([rated], states):
            rating = ratings[player]
            RatingChange.objects.create(
                rating=rating, source=game, at=rated.at,
                rating_before=before[0], rd_before=before[1], volatility_before=before[2],
                rating_after=after[0], rd_after=after[1], volatility_after=after[2],
            )  # fmt: skip
            state = states[player]
            rating.rating, rating.rd, rating.volatility = state.rating, state.rd, state.volatility
            rating.games, rating.last_played_at = state.games, state.last_played_at
            rating.save()
    return True


@shared_task(name="ratings.rate_game", ignore_result=True)
def rate_finished_game(game_id: int) -> None:
    """The worker's entry point: apply a finished rated game to its players' ratings (once)."""
    rate_game(game_id)


def _rating_for(player_id: int, game: str) -> Rating:
    rating, _created = Rating.objects.select_for_update().get_or_create(
        player_id=player_id,
        game=game,
        defaults={
            "rating": glicko2.DEFAULT_RATING,
            "rd": glicko2.DEFAULT_RD,
            "volatility": glicko2.DEFAULT_VOLATILITY,
        },
    )
    return rating


def rated_games(game: str) -> list[periods.RatedGame]:
    """Every finished rated game of `game` between players, in the order they ended."""
    games = (
        Game.objects.filter(game=game, rated=True, status=Game.Status.FINISHED)
        .order_by("finished_at", "id")
        .prefetch_related("seats")
    )
    found = (rated_game(record) for record in games.iterator(chunk_size=2000))
    return [rated for rated in found if rated is not None]


def recompute(game: str, on_batch: Callable[[int, int], None] | None = None) -> tuple[int, int]:
    """Replay every rated game of `game` in order from fresh ratings and rebuild them and
    their history (after a result was corrected); (games, players)."""
    with transaction.atomic():
        # Games rated meanwhile wait for this: their players' rows are locked here.
        list(Rating.objects.select_for_update().filter(game=game).values_list("pk"))
        games = rated_games(game)
        total = len(games)

        def progress(count: int) -> None:
            if on_batch is not None:
                on_batch(count, total)

        players, changes = periods.replay(games, on_batch=progress)
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
    return total, len(players)


@shared_task(name="ratings.recompute", ignore_result=True)
def recompute_ratings(game: str) -> None:
    """The worker's entry point: rebuild a game's ratings from its rated games in order
    (after a correction)."""
    recompute(game)
