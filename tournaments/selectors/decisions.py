"""The decisions log, what waits for a decider, and the organisers' announcements."""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Q, QuerySet

from accounts.models import User
from accounts.shown_names import shown_username
from games import selectors as game_selectors
from games.models import Game
from games.selectors import seat_names
from tournaments import deciders
from tournaments.models import (
    Announcement,
    Championship,
    Decision,
    Match,
)


def decisions(championship: Championship) -> QuerySet[Decision]:
    """The championship's log, newest first, with who decided and whom it concerned."""
    return championship.decisions.select_related("by", "game").prefetch_related("players")


def decision_entry(decision: Decision) -> dict:
    """One decision as the API and the pages show it."""
    return {
        "id": decision.pk,
        "at": decision.at,
        "by": decision.by.shown_name if decision.by else None,
        "action": decision.action,
        "players": sorted(player.shown_name for player in decision.players.all()),
        "game": decision.game_id,
        "before": _names_shown(decision.before),
        "after": _names_shown(decision.after),
        "reason": decision.reason,
    }


def _names_shown(result: dict) -> dict:
    """A logged result (or settings) with the names in it as others read them."""
    shown = dict(result)
    if "winner" in shown:
        shown["winner"] = shown_username(shown["winner"])
    if isinstance(shown.get("co_organisers"), list):
        shown["co_organisers"] = [shown_username(name) for name in shown["co_organisers"]]
    return shown


@dataclass(frozen=True)
class Waiting:
    """A game the organiser may need to look at, with its players as they read."""

    game: Game
    match: Match
    players: dict[str, str]  # seat → the player's name as shown
    since: datetime | None  # when the player to move was last expected to move
    # Whether the one reading may decide it: not when they play in it (a co-organiser or
    # staff decides it then).
    may_decide: bool = True


@dataclass(frozen=True)
class NeedsAttention:
    """What waits for the organiser (or a co-organiser, or staff): level playoff matches to
    decide, rounds whose time is up, and players who have not moved for longer than the
    championship allows; each marked with whether the reader may decide it."""

    awaiting: list[Waiting]
    overdue: list[Waiting]
    absent: list[Waiting]
    running: list[Waiting]  # every game being played, for a decision of the organiser's own


def needs_attention(
    championship: Championship, now: datetime, reader: User | None = None
) -> NeedsAttention:
    """What waits in the championship; `reader`: the one who reads it (the organiser when
    left out), for whether each game is theirs to decide."""
    reader = reader or championship.organiser
    # Read once for every game's `may_decide`.
    championship = Championship.objects.prefetch_related("co_organisers").get(pk=championship.pk)
    contests: deciders.Contests = {}

    def _waiting(game: Game) -> Waiting:
        game.match.stage.championship = championship
        return Waiting(
            game=game,
            match=game.match,
            players=seat_names(game),
            since=game.turn_started_at or game.started_at,
            may_decide=deciders.may_decide(reader, game.match, contests),
        )

    games = game_selectors.games_with_players().filter(match__stage__championship=championship)
    games = games.select_related("match__stage", "match__group", "match__first", "match__second")
    awaiting = list(games.filter(match__status=Match.Status.AWAITING).order_by("match_id", "-pk"))
    last_of_match = {}
    for game in awaiting:
        last_of_match.setdefault(game.match_id, game)
    active = games.filter(status=Game.Status.ACTIVE)
    overdue = active.filter(match__deadline__lte=now).order_by("match__deadline", "pk")
    quiet_since = now - timedelta(seconds=championship.absent_after_s)
    absent = (
        active.filter(match__deadline__gt=now)
        .filter(
            Q(turn_started_at__lt=quiet_since)
            | Q(turn_started_at__isnull=True, started_at__lt=quiet_since)
        )
        .order_by("turn_started_at", "started_at", "pk")
    )
    return NeedsAttention(
        awaiting=[_waiting(game) for game in last_of_match.values()],
        overdue=[_waiting(game) for game in overdue[:200]],
        absent=[_waiting(game) for game in absent[:200]],
        running=[_waiting(game) for game in active.order_by("pk")[:500]],
    )


def announcements_of(championship: Championship) -> QuerySet[Announcement]:
    """The organisers' announcements, newest first, with their authors."""
    return championship.announcements.select_related("author")
