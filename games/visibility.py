"""Who may see a game, and what a game belongs to.

A game of its own (practice, friendly) is for everyone. A game scheduled by another app
for something of its own (`Game.match`: a championship's match) is for whoever may see
that. The app says who, by registering a `Scheduler` here from its AppConfig.ready: the
games app never reads the other app's tables. With none registered, a scheduled game is
for nobody (its rule is unknown, so nothing private can show).
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.db.models import Q, QuerySet

from accounts.models import User
from games.models import Game

Viewer = User | AnonymousUser


@dataclass(frozen=True)
class Scheduler:
    """How an app that schedules games says who sees them and what they belong to."""

    # The game's relations the functions below read, loaded with the game (no query each).
    related: tuple[str, ...]
    # The scheduled games a viewer may see, as a filter on Game.
    seen_by: Callable[[Viewer], Q]
    # The same rule for one scheduled game at hand (loaded with `related`).
    visible: Callable[[Game, Viewer], bool]
    # What a scheduled game belongs to, for its page to link: has `name` and
    # `get_absolute_url()`.
    belongs_to: Callable[[Game], Any]
    # The part of it the game is played in, as a game record names it (e.g. "2 (Final)").
    round_of: Callable[[Game], str | None] = lambda game: None
    # Where a viewer decides the game or corrects its result, None when they may not.
    decision_url: Callable[[Game, Viewer], str | None] = lambda game, viewer: None


_scheduler: Scheduler | None = None


def register(scheduler: Scheduler) -> None:
    global _scheduler
    _scheduler = scheduler


def seen_by(viewer: Viewer) -> Q:
    """The games `viewer` may see, as a filter on Game."""
    own = Q(match__isnull=True)
    return own if _scheduler is None else own | _scheduler.seen_by(viewer)


def visible(game: Game, viewer: Viewer) -> bool:
    """`seen_by`'s rule for one game, loaded `with_related`."""
    if game.match_id is None:
        return True
    return _scheduler is not None and _scheduler.visible(game, viewer)


def belongs_to(game: Game) -> Any | None:
    """What a scheduled game belongs to (a championship), or None for a game of its own."""
    if game.match_id is None or _scheduler is None:
        return None
    return _scheduler.belongs_to(game)


def round_of(game: Game) -> str | None:
    """The round of what a scheduled game belongs to, or None (see `Scheduler.round_of`)."""
    if game.match_id is None or _scheduler is None:
        return None
    return _scheduler.round_of(game)


def with_related(games: QuerySet[Game]) -> QuerySet[Game]:
    """`games` loading what `visible` and `belongs_to` read, in the same query."""
    if _scheduler is None or not _scheduler.related:
        return games  # select_related() without names would follow every relation
    return games.select_related(*_scheduler.related)


def decision_url(game: Game, viewer: Viewer) -> str | None:
    """Where `viewer` decides a scheduled game or corrects its result (a championship's
    organiser, say), or None (see `Scheduler.decision_url`)."""
    if game.match_id is None or _scheduler is None:
        return None
    return _scheduler.decision_url(game, viewer)
