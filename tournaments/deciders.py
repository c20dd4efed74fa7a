"""Who may decide a championship's games: its organiser, the co-organisers (referees) the
organiser names, and staff — and never anyone in a game they play themselves, nor in a game
whose result shapes a contest they are in:

- a group: everyone of the group, for as long as the championship lasts (a correction after
  the group stage still moves its places);
- a stage that ranks all its players in one table (a Swiss): everyone entered in it — paired,
  given a bye or withdrawn since — from its first round to the end of the championship;
- a bracket: while it is played, everyone with a match there still to settle; once it is
  over, everyone who played in it (a correction moves the places they finished in).

Every path that decides, corrects or forfeits a game asks here (adjudication, a
withdrawal after the start, the decide page, the organise page's lists), and the "needs
you" notice goes to whoever `deciders_for` names. The rule lives in this one module so
that it is changed in one place.
"""

from django.contrib.auth.models import AnonymousUser
from django.db.models import Q
from django.utils.translation import gettext as _

from accounts import mfa
from accounts.models import User
from accounts.staff import has_staff_powers
from infrastructure.errors import NotAllowed
from tournaments.models import Championship, Entry, Match, Stage

CONFLICT_OF_INTEREST = "conflict_of_interest"


def match_players(match: Match) -> set[int]:
    """The ids of the match's players (either side may still be unknown)."""
    entries = (match.first, match.second)
    return {entry.player_id for entry in entries if entry is not None}


# The contests already read in one request, by (stage, group): a list of many games asks
# once for each.
Contests = dict[tuple[int, int | None], frozenset[int]]


def players_with_a_stake(match: Match, contests: Contests | None = None) -> set[int]:
    """The ids of the players whose standing the match's result shapes: its own players and
    everyone of the contest it belongs to (see the module's rule)."""
    key = (match.stage_id, match.group_id)
    if contests is None or key not in contests:
        contest = frozenset(_contest(match))
        if contests is not None:
            contests[key] = contest
    else:
        contest = contests[key]
    return match_players(match) | contest


def _contest(match: Match) -> set[int]:
    if match.group_id is not None:
        peers = Match.objects.filter(group_id=match.group_id)
    elif match.stage.is_knockout:
        peers = Match.objects.filter(stage_id=match.stage_id)
        unsettled = peers.exclude(status=Match.Status.FINISHED)
        # While the bracket is played, those still in it; once it is over, all who played.
        if unsettled.exists():
            peers = unsettled
    else:
        return _table(match.stage)
    return _players_of(peers)


def _table(stage: Stage) -> set[int]:
    """Everyone entered in a stage of one table: whoever was ever paired in it, and
    whoever is entered now and so still to be paired."""
    entered = Entry.objects.filter(championship_id=stage.championship_id, withdrawn_at=None)
    paired = _players_of(Match.objects.filter(stage_id=stage.pk))
    return paired | set(entered.values_list("player_id", flat=True))


def _players_of(matches) -> set[int]:
    players: set[int] = set()
    for pair in matches.values_list("first__player_id", "second__player_id"):
        players.update(player for player in pair if player is not None)
    return players


def stake_in_a_withdrawal(championship: Championship, entry: Entry) -> set[int]:
    """The ids of the players with a stake in withdrawing `entry`: the withdrawal forfeits
    the player's matches still to settle and leaves the contests they are in, so whoever
    shares any of those contests has one."""
    stake: set[int] = {entry.player_id}
    matches = Match.objects.filter(
        Q(first=entry) | Q(second=entry), stage__championship=championship
    ).select_related("stage")
    contests: Contests = {}
    for match in matches:
        stake |= players_with_a_stake(match, contests)
    running = championship.stages.order_by("-pk").first()
    if running is not None and not running.is_knockout and not running.groups.exists():
        # An entrant not yet paired (a late entry) is in the table all the same.
        stake |= _table(running)
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


def may_decide(user: User | AnonymousUser, match: Match, contests: Contests | None = None) -> bool:
    """Whether `user` may decide, correct or forfeit the games of this match."""
    championship = match.stage.championship
    return has_a_deciders_role(user, championship) and user.pk not in players_with_a_stake(
        match, contests
    )


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
                "You play in this game's group, table or bracket, so its result concerns "
                "you: a co-organiser (or staff) decides it."
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
