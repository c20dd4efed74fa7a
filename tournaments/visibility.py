"""Who may see a championship: the one rule every read of it, and of its games, follows.

A public championship is for everyone. A private one is for its organiser and
co-organisers, its entrants (withdrawn ones too), the players invited who have not
answered yet, and the site's staff (through a credential that passed the second factor:
`accounts.staff`); to anyone else it does not exist, so every read answers as for a
missing one (404).
A championship's games are seen by whoever sees the championship: `GAMES` tells the games
app so (registered in TournamentsConfig.ready), and the games' reads build on it without
reading these tables themselves.
"""

from django.contrib.auth.models import AnonymousUser
from django.db.models import Max, Q, QuerySet

from accounts.models import User
from accounts.staff import has_staff_powers
from games.models import Game
from games.visibility import Scheduler
from tournaments import bracket, corrections
from tournaments.models import Championship, Entry, Invitation, Match


def _seen_by(user: User | AnonymousUser) -> Q:
    """The championships `user` may see, as a filter on Championship."""
    public = Q(visibility=Championship.Visibility.PUBLIC)
    if not user.is_authenticated:
        return public
    if has_staff_powers(user):
        return Q()
    entered = Entry.objects.filter(player=user).values("championship_id")
    invited = Invitation.objects.filter(player=user, status=Invitation.Status.INVITED)
    co_organised = Championship.co_organisers.through.objects.filter(user=user)
    return (
        public
        | Q(organiser=user)
        | Q(pk__in=entered)
        | Q(pk__in=invited.values("championship_id"))
        | Q(pk__in=co_organised.values("championship_id"))
    )


def visible_championships(user: User | AnonymousUser) -> QuerySet[Championship]:
    """The championships `user` (anonymous or not) may see, with their organiser and winner."""
    return Championship.objects.filter(_seen_by(user)).select_related("organiser", "winner")


def championship_visible_to(championship: Championship, user: User | AnonymousUser) -> bool:
    """The same rule as `visible_championships`, for one championship already at hand."""
    if championship.visibility == Championship.Visibility.PUBLIC:
        return True
    if not user.is_authenticated:
        return False
    if championship.organiser_id == user.pk or has_staff_powers(user):
        return True
    return (
        Entry.objects.filter(championship=championship, player=user).exists()
        or championship.co_organisers.filter(pk=user.pk).exists()
        or Invitation.objects.filter(
            championship=championship, player=user, status=Invitation.Status.INVITED
        ).exists()
    )


def games_seen_by(user: User | AnonymousUser) -> Q:
    """The championship games `user` may see, as a filter on Game."""
    return Q(match__stage__championship__in=visible_championships(user).values("pk"))


def championship_of(game: Game) -> Championship:
    """The championship a scheduled game is played for (loaded with the game's `related`)."""
    return game.match.stage.championship


def game_visible_to(game: Game, user: User | AnonymousUser) -> bool:
    return championship_visible_to(championship_of(game), user)


def round_of(game: Game) -> str:
    """The game's round as a record names it (SGF's "number (type)"): "3 (group A)",
    "2 (Final)", "2 (third place)"."""
    match = Match.objects.select_related("group").get(pk=game.match_id)
    if match.group is not None:
        return f"{match.round} (group {match.group.name})"
    if match.third_place:
        return f"{match.round} (third place)"
    rounds = Match.objects.filter(stage_id=match.stage_id).aggregate(last=Max("round"))["last"]
    names = bracket.round_names(2 ** max(rounds or 1, match.round))
    return f"{match.round} ({names[match.round - 1]})"


GAMES = Scheduler(
    related=("match__stage__championship",),
    seen_by=games_seen_by,
    visible=game_visible_to,
    belongs_to=championship_of,
    round_of=round_of,
    decision_url=corrections.decision_url,
)
