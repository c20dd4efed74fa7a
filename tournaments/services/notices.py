"""The site's notices: what a championship tells its people (the organiser, the entrants,
the players of a match). Each function names who is told and what; the notifications app
delivers it, in the site and by e-mail, in each reader's language. ("Announcements" are
the organisers' own messages: services/announcements.py.)"""

from collections.abc import Sequence
from datetime import timedelta

from django.urls import reverse

from accounts.models import User
from games.models import Game
from notifications.kinds import Kind
from notifications.services import Notice, notify, notify_at_most_every, notify_each
from tournaments import deciders
from tournaments.models import (
    Announcement,
    Championship,
    Decision,
    FinalRank,
    Invitation,
    Match,
)

# The organiser's decisions that are about the players they name (the deadline's own
# decisions are told by the game's result).
TOLD_TO_PLAYERS = {
    Decision.Action.ADJUDICATED: "adjudicated",
    Decision.Action.WITHDREW: "withdrew",
    Decision.Action.REMOVED: "removed",
}


# However often one player is invited, cancelled and invited again to one championship,
# they are told of it once in this time (the invitation itself waits on their pages).
INVITATIONS_TOLD_EVERY = timedelta(days=1)


def _page(championship: Championship) -> str:
    return reverse("championship", args=[championship.pk])


def _tell_organiser(
    championship: Championship, what: str, once_key: str, *, to: list[User] | None = None, **params
) -> None:
    """The "needs you" notice, to the organiser or to those who decide in their stead."""
    notify(
        [championship.organiser] if to is None else to,
        Kind.ORGANISER_NEEDED,
        url=reverse("championship-organise", args=[championship.pk]),
        params={
            "championship": championship.name,
            "what": what,
            "players": params.get("players", []),
            "entrants": params.get("entrants", 0),
            **({"round": params["round"]} if "round" in params else {}),
        },
        once_key=once_key,
    )


def organiser_needed(championship: Championship, match: Match) -> None:
    """A playoff match was level at its deadline: the organiser decides it, or, when the
    organiser plays in it, those who may decide it instead."""
    players = [match.first.player.username, match.second.player.username]
    match.stage.championship = championship
    _tell_organiser(
        championship,
        "level_playoff_game",
        f"level_playoff_game:{match.pk}",
        to=deciders.deciders_for(match),
        players=players,
    )


def swiss_ended_early(championship: Championship, round_number: int) -> None:
    """No pairing of the next Swiss round keeps the absolute criteria: the Swiss ends."""
    once_key = f"swiss_ended_early:{championship.pk}:{round_number}"
    _tell_organiser(championship, "swiss_ended_early", once_key, round=round_number)


def start_postponed(championship: Championship, entrants: int) -> None:
    """The scheduled start came with too few entrants."""
    once_key = f"start_postponed:{championship.pk}:{championship.starts_at:%Y%m%d%H%M}"
    _tell_organiser(championship, "start_postponed", once_key, entrants=entrants)


def championship_invited(invitation: Invitation) -> None:
    """The invited player: the organiser asks them to enter."""
    championship = invitation.championship
    notify_at_most_every(
        [invitation.player],
        Kind.CHAMPIONSHIP_INVITED,
        INVITATIONS_TOLD_EVERY,
        topic=f"championship_invited:{championship.pk}",
        url=_page(championship),
        params={"championship": championship.name, "by": championship.organiser.username},
    )


def championship_started(championship: Championship) -> None:
    """Every entrant: the championship has begun."""
    notify(
        [entry.player for entry in championship.entries.select_related("player")],
        Kind.CHAMPIONSHIP_STARTED,
        url=_page(championship),
        params={"championship": championship.name},
        once_key=f"championship_started:{championship.pk}",
    )


def round_opened(championship: Championship, opened: Sequence[tuple[Game, Match]]) -> None:
    """Both players of each match whose game has just started (a whole round's at once):
    it is ready."""
    notices = []
    for game, match in opened:
        players = (match.first.player, match.second.player)
        url, once_key = game.get_absolute_url(), f"round_started:{game.pk}"
        for player, opponent in (players, players[::-1]):
            params = {
                "championship": championship.name,
                "opponent": opponent.username,
                "stage": match.stage.kind,
                "round": match.round,
                "bracket": match.bracket or None,
                "deadline": match.deadline.isoformat() if match.deadline else None,
            }
            notices.append(Notice(player, url, params, once_key))
    notify_each(Kind.ROUND_STARTED, notices)


def deadline_soon(matches: Sequence[Match], hours: int) -> None:
    """The players of matches still playing (loaded with their championship): the round's
    time is nearly up."""
    notices = []
    for match in matches:
        championship = match.stage.championship
        players = (match.first.player, match.second.player)
        for player, opponent in (players, players[::-1]):
            params = {
                "championship": championship.name,
                "opponent": opponent.username,
                "hours": hours,
                "deadline": match.deadline.isoformat(),
            }
            notices.append(
                Notice(player, _page(championship), params, f"deadline_soon:{match.pk}:{hours}")
            )
    notify_each(Kind.DEADLINE_SOON, notices)


def decision_made(decision: Decision) -> None:
    """The players an organiser's decision is about."""
    action = TOLD_TO_PLAYERS.get(decision.action)
    if action is None or decision.by_id is None:
        return
    players = [player for player in decision.players.all() if player.pk != decision.by_id]
    notify(
        players,
        Kind.DECISION,
        url=_page(decision.championship) + "#log",
        params={
            "championship": decision.championship.name,
            "action": action,
            "outcome": decision.after.get("outcome"),
            "winner": decision.after.get("winner"),
            "reason": decision.reason,
        },
        once_key=f"decision:{decision.pk}",
    )


def championship_finished(championship: Championship) -> None:
    """Every entrant: the championship is over, and their place."""
    ranks = FinalRank.objects.filter(championship=championship).select_related("entry__player")
    url = _page(championship)
    notify_each(
        Kind.CHAMPIONSHIP_FINISHED,
        [
            Notice(
                rank.entry.player,
                url,
                {"championship": championship.name, "place": rank.rank},
                f"championship_finished:{championship.pk}:{rank.rank}",
            )
            for rank in ranks
        ],
    )


def organiser_announced(announcement: Announcement) -> None:
    """Every entrant still in the championship hears the organisers' announcement (its author
    too, if they play: they see it was sent as the others do)."""
    championship = announcement.championship
    entrants = [
        entry.player
        for entry in championship.entries.filter(withdrawn_at__isnull=True).select_related("player")
    ]
    notify(
        entrants,
        Kind.ANNOUNCEMENT,
        url=_page(championship) + "#announcements",
        params={
            "championship": championship.name,
            "by": announcement.author.username,
            "text": announcement.text,
        },
        once_key=f"announcement:{announcement.pk}",
    )


def check_in_opened(championship: Championship) -> None:
    """The entrants who have not checked in hear that they may, once per championship."""
    waiting = [
        entry.player
        for entry in championship.entries.filter(
            withdrawn_at__isnull=True, checked_in_at__isnull=True
        ).select_related("player")
    ]
    notify(
        waiting,
        Kind.CHECK_IN,
        url=_page(championship) + "#check-in",
        params={
            "championship": championship.name,
            "what": "open",
            "closes": championship.starts_at.isoformat(),
        },
        once_key=f"check-in-open:{championship.pk}",
    )


def missed_check_in(championship: Championship, players: list[User]) -> None:
    """Those withdrawn at the start for not checking in are told so."""
    notify(
        players,
        Kind.CHECK_IN,
        url=_page(championship),
        params={"championship": championship.name, "what": "missed"},
        once_key=f"check-in-missed:{championship.pk}",
    )
