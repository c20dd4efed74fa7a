"""Decided moves counted in Prometheus (`infrastructure.metrics`), once their decision commits."""

from datetime import datetime

from django.db import transaction

from games.models import Move
from infrastructure import metrics


def count_decision(move: Move, decided_at: datetime) -> None:
    """Count the move as accepted or refused; a player's move also gives its seconds from
    arrival to decision (the CPU's moves are decided as they are made)."""
    outcome = move.status
    waited = (decided_at - move.received_at).total_seconds() if move.player_id else None

    def count() -> None:
        metrics.MOVES.labels(outcome=outcome).inc()
        if waited is not None:
            metrics.MOVE_SECONDS.observe(max(0.0, waited))

    # A rolled-back turn decided nothing: count what the database keeps.
    transaction.on_commit(count)
