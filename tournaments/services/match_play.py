"""Opening a championship's matches: each match's game, its round's deadline."""

from datetime import datetime, timedelta

from django.db.models import QuerySet
from django.utils import timezone

from games import registry
from games import services as game_services
from games.outcomes import MatchFormat
from tournaments.models import Championship, Match, Stage
from tournaments.services import announcements


def game_options(championship: Championship, stage: Stage, replay: bool = False) -> dict:
    """A match game's options; every replay of a drawn knockout game is `express` (K16)."""
    options = dict(championship.options)
    options["format"] = MatchFormat.EXPRESS if replay else stage.format
    # A game whose rules settle a level knockout game in extra time takes `extra_time` (K14).
    if stage.is_knockout and registry.declaration(championship.game).playoff_extra_time:
        options["extra_time"] = True
    return options


def open_match(
    championship: Championship, match: Match, replays: int = 0, save: bool = True
) -> bool:
    """Start the match's (next) game, or settle it at once when a player has withdrawn.

    `replays` counts the match's games already drawn: each replay swaps the seats of the
    one before (K16). Returns whether a game was started (the match is then playing).
    """
    first, second = match.first, match.second
    if first is None or second is None:
        return False
    gone = [entry for entry in (first, second) if entry.withdrawn_at is not None]
    if gone:
        present = [entry for entry in (first, second) if entry.withdrawn_at is None]
        match.winner = present[0] if present else None
        match.forfeit = True
        match.status = Match.Status.FINISHED
        match.save(update_fields=["winner", "forfeit", "status"])
        return False
    players = [first.player, second.player]
    if replays % 2 == 1:
        players.reverse()
    if replays == 0:
        # The round opens for this match now; every game of it, replays too, is due then.
        match.opened_at = timezone.now()
        match.deadline = round_deadline(championship, match.opened_at)
        if save:
            match.save(update_fields=["opened_at", "deadline"])
    game = game_services.create_match_game(
        match_id=match.pk,
        game=championship.game,
        options=game_options(championship, match.stage, replay=replays > 0),
        players=players,
        rated=championship.rated,
        time_control=championship.time_control,
    )
    match.status = Match.Status.PLAYING
    if save:
        match.save(update_fields=["status"])
    announcements.round_opened(championship, game, match)
    return True


def round_deadline(championship: Championship, opened_at: datetime) -> datetime:
    return opened_at + timedelta(seconds=championship.round_deadline_s)


def time_is_up(match: Match) -> bool:
    return match.deadline is not None and match.deadline <= timezone.now()


def open_round(championship: Championship, matches: QuerySet[Match]) -> None:
    """Open every waiting match of `matches` with both players known."""
    started = [
        match
        for match in matches.select_related("first__player", "second__player", "stage")
        if match.status == Match.Status.WAITING and open_match(championship, match, save=False)
    ]
    for match in started:
        match.status = Match.Status.PLAYING
    Match.objects.bulk_update(started, ["status", "opened_at", "deadline"], batch_size=500)
