"""Applying rated games to ratings (Glicko-2, every game its own rating period)."""

import numpy as np
from django.db import transaction

from games.models import Game
from ratings import glicko2, periods
from ratings.models import Rating, RatingChange


def on_game_finished(game: Game) -> None:
    """The game-finished hook: rate the game after this transaction commits."""
    if not game.rated:
        return
    from ratings.tasks import rate_finished_game

    game_id = game.pk
    transaction.on_commit(lambda: rate_finished_game.delay(game_id))


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


def rate_game(game_id: int) -> bool:
    """Apply a finished rated two-player game to both ratings, once; True if it did."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or not game.rated or game.status != Game.Status.FINISHED:
            return False
        seats = list(game.seats.order_by("order"))
        if len(seats) != 2 or any(seat.user_id is None for seat in seats):
            return False
        if RatingChange.objects.filter(source=game).exists():
            return False
        # Lock both rows in one order, so two games of the same players cannot deadlock.
        first, second = sorted(seats, key=lambda seat: seat.user_id)
        ratings = [_rating_for(first.user_id, game.game), _rating_for(second.user_id, game.game)]
        when = game.finished_at
        score = 0.5 if not game.winner else (1.0 if game.winner == first.seat else 0.0)
        rows = [np.array([[r.rating, r.rd, r.volatility]]) for r in ratings]
        idle = [
            np.array([(when - r.last_played_at).total_seconds() if r.last_played_at else 0.0])
            for r in ratings
        ]
        before_a, before_b, after_a, after_b = periods.rate_step(
            rows[0], rows[1], idle[0], idle[1], np.array([score])
        )
        for rating, before, after in ((ratings[0], before_a[0], after_a[0]),
                                      (ratings[1], before_b[0], after_b[0])):  # fmt: skip
            RatingChange.objects.create(
                rating=rating, source=game, at=when,
                rating_before=before[0], rd_before=before[1], volatility_before=before[2],
                rating_after=after[0], rd_after=after[1], volatility_after=after[2],
            )  # fmt: skip
            rating.rating, rating.rd, rating.volatility = (float(v) for v in after)
            rating.games += 1
            rating.last_played_at = when
            rating.save()
    return True
