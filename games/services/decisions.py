"""Results decided off the board: at a championship round's deadline, and by an organiser.

The championship (tournaments) says when and what; these functions change the game under
its lock like every other change, and tell its listeners.
"""

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from games.engines import IllegalMove
from games.models import Game, Move
from games.outcomes import ResultReason
from games.services import deadlines, endings, processing, seats, verdicts
from games.services.updates import lock_game, save_and_publish
from games.signals import result_corrected


def score_leader(game: Game) -> str | None:
    """The seat ahead on the game's own score; None when the scores are level."""
    if not game.score:
        return None
    best = max(game.score.values())
    leaders = [seat for seat, points in game.score.items() if points == best]
    return leaders[0] if len(leaders) == 1 else None


def end_at_deadline(game_id: int, deadline: datetime) -> Game:
    """The round's time is up: moves sent in time are decided first and later ones refused;
    then a side to move that never made a move of its own loses (it never showed up),
    otherwise the leader by score wins and level scores are a draw (the championship
    decides what a level game means for its match)."""
    with transaction.atomic():
        game = lock_game(game_id)
        if game.status != Game.Status.ACTIVE:
            return game
        events: list[dict] = []
        pending = list(game.moves.filter(status=Move.Status.PENDING))
        late = [move for move in pending if move.received_at > deadline]
        _refuse(game, late, "round_over", "The round's time was up.", events)
        if events:
            save_and_publish(game, events, fields=["version"])
        if len(late) < len(pending) or deadlines.clock_overdue(game):
            processing.process_game(game_id)  # the moves that came in time, and the clocks
            game = lock_game(game_id)
            if game.status != Game.Status.ACTIVE:
                return game
        events = []
        now = timezone.now()
        absent = game.to_move
        if absent and seats.is_player(game, absent) and not seats.has_moved(game, absent):
            winner = seats.sole_opponent(game, absent)
            endings.finish(game, winner, ResultReason.NO_SHOW, now, events)
        else:
            endings.finish(game, score_leader(game), ResultReason.ROUND_DEADLINE, now, events)
        save_and_publish(game, events, fields=processing.PLAY_FIELDS)
    return game


def decide(game_id: int, winner: str | None, reason: ResultReason) -> Game:
    """End a running game with the given result, or correct a finished one's.

    A correction keeps when the game ended; it is not announced as a new ending but as
    `result_corrected` (ratings recompute; the championship that decided it moves itself on).
    """
    with transaction.atomic():
        game = lock_game(game_id)
        events: list[dict] = []
        if game.status == Game.Status.ACTIVE:
            pending = list(game.moves.filter(status=Move.Status.PENDING))
            _refuse(game, pending, "game_over", "The game was decided.", events)
            endings.finish(game, winner, reason, timezone.now(), events)
        else:
            game.winner = winner or ""
            game.result_reason = reason
            ending = {"type": "game_over", "game": game.pk, "winner": winner, "reason": reason}
            events.append(ending)
            result_corrected.send(sender=Game, corrected=endings.announcement(game))
        save_and_publish(game, events, fields=processing.PLAY_FIELDS)
    return game


def _refuse(game: Game, pending: list[Move], code: str, message: str, events: list[dict]) -> None:
    for move in pending:
        move.processed_at = timezone.now()
        verdicts.refuse(game, move, IllegalMove(code, message))
        events.append(verdicts.move_event(game, move))
