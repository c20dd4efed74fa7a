"""What becomes of a decided move: the answer its sender gets, what listeners hear of it,
and what a refused move keeps."""

import json

from django.utils import timezone

from games.engines import IllegalMove
from games.models import Game, Move
from games.services import move_counts

# What a refused move keeps of its payload, so that refusals cannot fill the database.
MAX_REFUSED_PAYLOAD_CHARS = 300


def payload_size(payload) -> int:
    """The length of a move payload as compact JSON."""
    return len(json.dumps(payload, separators=(",", ":"), ensure_ascii=False))


def move_result(move: Move) -> dict:
    """The `?wait=` answer for a move already decided, read from the database."""
    status = Game.objects.filter(pk=move.game_id).values_list("status", flat=True).get()
    return answer(move, status == Game.Status.FINISHED)


def answer(move: Move, game_over: bool) -> dict:
    """What the player who sent the move is told (the `?wait=` answer): the score right
    after that move, not after whatever the CPU or the clock did next."""
    result = {
        "seq": move.seq,
        "status": move.status,
        "score": move.score_after,
        "game_over": game_over,
    }
    if move.status == Move.Status.REFUSED:
        result["reason"] = {"code": move.refusal_code, "message": move.refusal_message}
    return result


def move_event(game: Game, move: Move) -> dict:
    """What listeners hear of a decided move."""
    event = {
        "type": "move",
        "game": game.pk,
        "seq": move.seq,
        "seat": move.seat,
        "move": move.payload,
        "status": move.status,
        "points": move.points,
        "score": game.score,
    }
    if move.status == Move.Status.REFUSED:
        event["reason"] = {"code": move.refusal_code, "message": move.refusal_message}
    return event


def refuse(game: Game, move: Move, refusal: IllegalMove) -> None:
    """Refuse the move; it keeps the score as it stood, and no more of its payload than a
    real move could need (a refusal must not become a store for anything sent)."""
    move.status = Move.Status.REFUSED
    move.refusal_code, move.refusal_message = refusal.code, refusal.message[:300]
    move.score_after = game.score
    fields = ["status", "refusal_code", "refusal_message", "score_after", "processed_at"]
    if payload_size(move.payload) > MAX_REFUSED_PAYLOAD_CHARS:
        move.payload = json.dumps(move.payload, separators=(",", ":"))[:MAX_REFUSED_PAYLOAD_CHARS]
        fields.append("payload")
    move.save(update_fields=fields)
    move_counts.count_decision(move, move.processed_at or timezone.now())
