"""Who may decide a championship's games: its organiser, the co-organisers (referees) the
organiser names, and staff — and never anyone in a game they play themselves, nor in a game
whose result shapes a contest they are still in (their group, or the bracket while they play
in it).

Every path that decides, corrects or forfeits a game asks here (adjudication, a
withdrawal after the start, the decide page, the organise page's lists), and the "needs
you" notice goes to whoever `deciders_for` names. The rule lives in this one module so
that it is changed in one place.
"""

from django.contrib.auth.models import AnonymousUser
from django.utils.translation import gettext as _

from accounts import mfa
from accounts.models import User
from accounts.staff import has_staff_powers
from infrastructure.errors import NotAllowed
from tournaments.models import Championship, Match

CONFLICT_OF_INTEREST = "conflict_of_interest"


def match_players(match: Match) -> set[int]:
    """The ids of the match's players (either side may still be unknown)."""
    entries = (match.first, match.second)
    return {entry.player_id for entry in entries if entry is not None}


def players_with_a_stake(match: Match) -> set[int]:
    """The ids of the players whose standing the match's result shapes: its own players, every
    member of its group, and in a bracket everyone with a match there still to settle."""
    stake = match_players(match)
    if match.group_id is not None:
        peers = Match.objects.filter(group_id=match.group_id)
    else:
        peers = Match.objects.filter(stage_id=match.stage_id).exclude(status=Match.Status.FINISHED)
    for pair in peers.values_list("first__player_id", "second__player_id"):
        stake.update(player for player in pair if player is not None)
    return stake


def has_a_deciders_role(user: User | AnonymousUser, championship: Championship) -> bool:
    """The organiser, a co-organiser or staff: someone who decides this championship's
    games (except the ones they play)."""
    if not user.is_authenticated:
        return False
    return (
        user.pk == championship.organiser_id
        or has_staff_powers(user)
        or user.pk in {co_organiser.pk for co_organiser in championship.co_organisers.all()}
    )


def may_decide(user: User | AnonymousUser, match: Match) -> bool:
    """Whether `user` may decide, correct or forfeit the games of this match."""
    championship = match.stage.championship
    return has_a_deciders_role(user, championship) and user.pk not in players_with_a_stake(match)


def check_may_decide(user: User, match: Match) -> None:
    """Refuse (403) one who has no say in the championship, and one who plays in the
    match (403 `conflict_of_interest`)."""
    if not has_a_deciders_role(user, match.stage.championship):
        raise NotAllowed(_("Only the championship's organiser and co-organisers decide its games."))
    if user.pk in match_players(match):
        raise NotAllowed(
            _(
                "You play in this game, so you cannot decide it: a co-organiser (or staff) "
                "decides it."
            ),
            code=CONFLICT_OF_INTEREST,
        )
    if user.pk in players_with_a_stake(match):
        raise NotAllowed(
            _(
                "You play in this game's group or bracket, so its result concerns you: a "
                "co-organiser (or staff) decides it."
            ),
            code=CONFLICT_OF_INTEREST,
        )


def deciders_for(match: Match) -> list[User]:
    """Who is asked to decide the match: its organiser; when the organiser has a stake in it,
    the co-organisers who have none; when none can, staff who have none."""
    championship = match.stage.championship
    players = players_with_a_stake(match)
    if championship.organiser_id not in players:
        return [championship.organiser]
    able = championship.co_organisers.filter(is_active=True).exclude(pk__in=players)
    co_organisers = list(able.order_by("pk"))
    if co_organisers:
        return co_organisers
    # Staff who can pass the second factor: they decide once they have.
    staff = User.objects.filter(is_active=True, is_staff=True).exclude(pk__in=players)
    return [user for user in staff.order_by("pk") if mfa.has_totp(user)]
