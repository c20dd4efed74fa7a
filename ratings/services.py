"""Applying rated games to ratings (Glicko-2, every game its own rating period)."""

from django.db import transaction

from games.models import Game
from ratings import glicko2, policy
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
        before = []
        for rating in ratings:
            idle = (when - rating.last_played_at).total_seconds() if rating.last_played_at else 0
            rd = glicko2.grow_rd(rating.rd, rating.volatility, policy.idle_periods(idle))
            before.append((rating.rating, policy.clamp_rd(float(rd)), rating.volatility))
        (a_rating, a_rd, a_vol), (b_rating, b_rd, b_vol) = glicko2.rate_pairs(
            *(_column(before[0])), *(_column(before[1])), [score]
        )
        after = [
            (float(a_rating[0]), policy.clamp_rd(float(a_rd[0])), float(a_vol[0])),
            (float(b_rating[0]), policy.clamp_rd(float(b_rd[0])), float(b_vol[0])),
        ]
        for rating, (old_rating, old_rd, old_vol), (new_rating, new_rd, new_vol) in zip(
            ratings, before, after, strict=True
        ):
            RatingChange.objects.create(
                rating=rating, source=game, at=when,
                rating_before=old_rating, rd_before=old_rd, volatility_before=old_vol,
                rating_after=new_rating, rd_after=new_rd, volatility_after=new_vol,
            )  # fmt: skip
            rating.rating, rating.rd, rating.volatility = new_rating, new_rd, new_vol
            rating.games += 1
            rating.last_played_at = when
            rating.save()
    return True


def _column(values: tuple[float, float, float]) -> tuple[list[float], list[float], list[float]]:
    rating, rd, volatility = values
    return [rating], [rd], [volatility]
