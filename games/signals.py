"""What games announce to the other apps: `game_finished`, sent as a game ends.

Receivers run inside the transaction that ends the game, so a receiver that fails
rolls the ending back; work for later is enqueued to run after the commit.
"""

from dataclasses import dataclass

from django.dispatch import Signal


@dataclass(frozen=True)
class GameFinished:
    """A game's ending as the other apps see it."""

    game_id: int
    kind: str  # the game's API name in the registry
    match_id: int | None  # the championship match it belongs to, if any
    rated: bool
    winner: str  # the winning seat; "" for a draw or a game ranked by places
    reason: str  # a games.outcomes.ResultReason value


# Sent with sender=Game and finished=GameFinished(...).
game_finished = Signal()
