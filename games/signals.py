"""What games announce: a game ended, a result was corrected, a friendly game invited
players, a turn passed, a clock runs.

The games app never calls the apps above it (championships, ratings, notifications); they
connect to these signals in their ready(). Receivers of `game_finished`, `game_invited` and
`turn_passed` run inside the transaction of the change, so a receiver that fails rolls it
back; work for later is enqueued to run after the commit.
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

# Sent with sender=Game and corrected=GameFinished(...) inside the transaction that corrects
# a finished game's result (a decider's correction): the ending as it now stands.
result_corrected = Signal()

# Sent with sender=Game, game=<the new game>, invited=<the invited users> and by=<its
# creator> inside the transaction that creates a friendly game.
game_invited = Signal()

# Sent with sender=Game, game=<the game as the worker leaves it> and before=<the seat that
# had the move>, inside the worker's transaction, after a turn of a game in play.
turn_passed = Signal()

# Sent with sender=Game, game_id=<id> and deadline=<datetime> after the commit of a change
# that leaves a clock running: the worker looks at the game again once the deadline passes
# (games.services.processing books that).
clock_running = Signal()
