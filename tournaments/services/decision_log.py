"""The championship's log: every decision of its organiser, and of the worker by its rules."""

from collections.abc import Iterable

from accounts.models import User
from games import selectors as game_selectors
from games.models import Game
from tournaments.models import Championship, Decision, Match


def record(
    championship: Championship,
    action: Decision.Action,
    *,
    by: User | None,
    players: Iterable[User] = (),
    game: Game | None = None,
    before: dict | None = None,
    after: dict | None = None,
    reason: str = "",
) -> Decision:
    """Write one decision to the log; `by` is None when the worker decided by the rules."""
    decision = Decision.objects.create(
        championship=championship,
        by=by,
        action=action,
        game=game,
        before=before or {},
        after=after or {},
        reason=reason,
    )
    people = list(players)
    if people:
        decision.players.add(*people)
    return decision


def game_result(game: Game, match: Match) -> dict:
    """A game's result as the log keeps it: status, winner (a username), reason, score."""
    seat_holder = game_selectors.players_by_seat(game)
    names = {entry.player_id: entry.player.username for entry in (match.first, match.second)}
    winner = names.get(seat_holder.get(game.winner)) if game.winner else None
    return {
        "status": game.status,
        "winner": winner,
        "reason": game.result_reason,
        "score": game.score,
    }
