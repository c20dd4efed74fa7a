"""Opening a championship's matches: each match's game, its round's deadline."""

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from games import registry as games_registry
from games import services as game_services
from games.outcomes import MatchFormat
from tournaments.models import Championship, Match, Stage
from tournaments.services import round_notices
from tournaments.systems import registry


def game_options(championship: Championship, stage: Stage, replay: bool = False) -> dict:
    """A match game's options; every replay of a drawn knockout game is `express` (S1)."""
    options = dict(championship.options)
    options["format"] = MatchFormat.EXPRESS if replay else stage.format
    # A game whose rules settle a level knockout game in extra time takes `extra_time` (S2).
    if stage.is_knockout and games_registry.declaration(championship.game).playoff_extra_time:
        options["extra_time"] = True
    return options


def open_match(championship: Championship, match: Match, replays: int = 0) -> bool:
    """Start the match's (next) game, or settle it at once when a player has withdrawn.

    `replays` counts the match's games already drawn: each replay swaps the seats of the
    one before (S1). Returns whether a game was started (the match is then playing).
    """
    return bool(open_matches(championship, [match], replays={match.pk: replays}))


def open_matches(
    championship: Championship,
    matches: Sequence[Match],
    *,
    replays: Mapping[int, int] | None = None,
) -> list[Match]:
    """Start the (next) game of each match with both players known, all in one go (their
    games made together, their players told together), and settle at once a match a
    player has withdrawn from. Returns the matches whose game started (now playing).

    `replays` counts each match's games already drawn (by match id; none if absent): each
    replay swaps the seats of the one before (S1) and keeps the round's deadline.
    """
    replays = replays or {}
    now = timezone.now()
    deadline = round_deadline(championship, now)
    started: list[Match] = []
    wanted: list[game_services.MatchGame] = []
    for match in matches:
        first, second = match.first, match.second
        if first is None or second is None:
            continue
        if first.withdrawn_at is not None or second.withdrawn_at is not None:
            _walkover(match)
            continue
        drawn = replays.get(match.pk, 0)
        players = [first.player, second.player]
        if drawn % 2 == 1:
            players.reverse()
        if drawn == 0:
            # The round opens for this match now; every game of it, replays too, is due then.
            match.opened_at, match.deadline = now, due_by(match.stage, deadline)
        wanted.append(
            game_services.MatchGame(
                match_id=match.pk,
                game=championship.game,
                options=game_options(championship, match.stage, replay=drawn > 0),
                players=players,
                rated=championship.rated,
                time_control=championship.time_control,
                berserk_allowed=registry.stage(match.stage.kind).berserk,
            )
        )
        match.status = Match.Status.PLAYING
        started.append(match)
    if not started:
        return []
    # One block, so that the notices' task, asked for before the games are made, still goes
    # only once they are committed.
    with transaction.atomic():
        # Asked for first, it is sent at the commit ahead of the games' clock checks: the
        # players are told before a round's worth of those. In a task of its own, after the
        # commit: the games need not wait for a thousand notices.
        started_games = [(match.pk, replays.get(match.pk, 0)) for match in started]
        round_notices.tell_after_commit(started_games)
        game_services.create_match_games(wanted)
        # One statement for the round's new matches (they share the opening and the
        # deadline), one for the replays, which keep theirs.
        fresh = [match for match in started if not replays.get(match.pk)]
        again = [match.pk for match in started if replays.get(match.pk)]
        if fresh:
            Match.objects.filter(pk__in=[match.pk for match in fresh]).update(
                opened_at=now, deadline=fresh[0].deadline, status=Match.Status.PLAYING
            )
        if again:
            Match.objects.filter(pk__in=again).update(status=Match.Status.PLAYING)
    return started


def _walkover(match: Match) -> None:
    """A player has withdrawn: the other wins without a game (both gone: nobody wins)."""
    present = [entry for entry in (match.first, match.second) if entry.withdrawn_at is None]
    match.winner = present[0] if present else None
    match.forfeit = True
    match.status = Match.Status.FINISHED
    match.save(update_fields=["winner", "forfeit", "status"])


def due_by(stage: Stage, deadline: datetime):
    """The round's deadline, for a stage whose matches are due by one."""
    return deadline if registry.stage(stage.kind).round_deadlines else None


def round_deadline(championship: Championship, opened_at: datetime) -> datetime:
    return opened_at + timedelta(seconds=championship.round_deadline_s)


def time_is_up(match: Match) -> bool:
    return match.deadline is not None and match.deadline <= timezone.now()


def open_round(championship: Championship, matches: QuerySet[Match]) -> None:
    """Open every waiting match of `matches` with both players known, in one go."""
    waiting = matches.filter(status=Match.Status.WAITING).select_related(
        "first__player", "second__player", "stage"
    )
    open_matches(championship, list(waiting))
