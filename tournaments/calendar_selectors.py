"""Reads behind the calendars: a championship's opened rounds, a player's games to play,
and whose private calendar a key opens. Plain data out; the words are the pages' to add."""

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Max, Min, Q

from accounts.models import User
from games import selectors as game_selectors
from games.models import Game
from tournaments import bracket, slot_names
from tournaments.bracket import PLAYOFF
from tournaments.models import CalendarFeed, Championship, Match
from tournaments.systems import registry

THIRD_PLACE = "Third place"


@dataclass(frozen=True)
class RoundTimes:
    """One opened round of a championship: a group's round, or a playoff round."""

    kind: str  # the stage's kind
    group_id: int | None
    group: str | None  # the group's name ("B"); None in the playoff
    number: int
    # The playoff round's name as the bracket names it ("Semi-finals", "Third place",
    # "Losers' round 2").
    name: str | None
    third_place: bool
    opened_at: datetime
    deadline: datetime | None
    bracket: str = ""  # a double elimination's bracket (winners, losers, final)


@dataclass(frozen=True)
class MatchToPlay:
    """A match of the player's whose round is open and which is not decided yet."""

    match_id: int
    championship_id: int
    championship: str
    game: str  # the game's registered name
    opponent: str
    kind: str
    group: str | None
    number: int
    name: str | None  # as RoundTimes.name
    opened_at: datetime
    deadline: datetime | None
    game_id: int | None  # the match's game in play, if one is


@dataclass(frozen=True)
class MoveDeadline:
    """A running game in which it is the player's move and their clock runs out at `deadline`."""

    game_id: int
    game: str
    opponents: tuple[str, ...]
    turn_started_at: datetime
    deadline: datetime
    match_id: int | None


def _playoff_sizes(stage_ids) -> dict[int, list[str]]:
    """Per playoff stage, the names of its rounds from the first to the final."""
    rows = (
        Match.objects.filter(stage_id__in=stage_ids, stage__kind=PLAYOFF)
        .values("stage_id")
        .annotate(rounds=Max("round"))
        .order_by()
    )
    return {row["stage_id"]: bracket.round_names(2 ** row["rounds"]) for row in rows}


def _bracket_rounds(stage_ids) -> dict[int, dict[str, int]]:
    """Per stage of brackets among `stage_ids`, the rounds of each bracket."""
    found: dict[int, dict[str, int]] = {}
    for declared in registry.stages():
        if declared.bracket_rounds is not None:
            found.update(declared.bracket_rounds(stage_ids))
    return found


def _round_name(names: list[str], number: int, third_place: bool) -> str | None:
    if third_place:
        return THIRD_PLACE
    return names[number - 1] if 0 < number <= len(names) else None


def opened_rounds(championship: Championship) -> list[RoundTimes]:
    """Every round that has opened, from its first opening to its latest deadline (replays
    share their match's deadline), group rounds first, in the order they are played."""
    # A stage run for a set time (an Arena) is one event of its own (timed_stages), not a
    # round after round.
    with_rounds = [declared.kind for declared in registry.stages() if declared.round_deadlines]
    rows = (
        Match.objects.filter(
            stage__championship=championship,
            opened_at__isnull=False,
            stage__kind__in=with_rounds,
        )
        .values(
            "stage_id", "stage__kind", "group_id", "group__name", "bracket", "round", "third_place"
        )
        .annotate(opened=Min("opened_at"), deadline=Max("deadline"), order=Min("group__order"))
        .order_by("stage__kind", "bracket", "round", "third_place", "order")
    )
    rows = list(rows)
    stage_ids = {row["stage_id"] for row in rows}
    names = _playoff_sizes(stage_ids)
    brackets = _bracket_rounds(stage_ids)
    return [
        RoundTimes(
            kind=row["stage__kind"],
            group_id=row["group_id"],
            group=row["group__name"],
            number=row["round"],
            name=_name_of(
                names,
                brackets,
                row["stage_id"],
                row["stage__kind"],
                row["bracket"],
                row["round"],
                row["third_place"],
            ),
            third_place=row["third_place"],
            opened_at=row["opened"],
            deadline=row["deadline"],
            bracket=row["bracket"],
        )
        for row in rows
    ]


def _name_of(
    names: dict[int, list[str]],
    brackets: dict[int, dict[str, int]],
    stage_id: int,
    kind: str,
    bracket_name: str,
    number: int,
    third_place: bool,
) -> str | None:
    """A knockout round's name (None for a group or Swiss round, named by its number)."""
    if kind == PLAYOFF:
        return _round_name(names.get(stage_id, []), number, third_place)
    if bracket_name:
        rounds = brackets.get(stage_id, {}).get(bracket_name, number)
        return slot_names.bracket_round_name(bracket_name, number, rounds)
    return None


@dataclass(frozen=True)
class TimedStage:
    """A stage that runs for a set time (an Arena): its kind, when it began and ends."""

    kind: str
    title: str
    starts_at: datetime
    ends_at: datetime


def timed_stages(championship: Championship) -> list[TimedStage]:
    return [
        TimedStage(kind, str(registry.stage(kind).title), created, ends_at)
        for kind, created, ends_at in championship.stages.filter(ends_at__isnull=False)
        .order_by("pk")
        .values_list("kind", "championship__started_at", "ends_at")
    ]


def matches_to_play(player: User) -> list[MatchToPlay]:
    """The player's championship matches in play (an open round, no result yet), soonest
    deadline first."""
    matches = list(
        Match.objects.filter(status=Match.Status.PLAYING)
        .filter(Q(first__player=player) | Q(second__player=player))
        .select_related("stage__championship", "group", "first__player", "second__player")
        .order_by("deadline", "id")
    )
    stage_ids = {match.stage_id for match in matches}
    names = _playoff_sizes(stage_ids)
    brackets = _bracket_rounds(stage_ids)
    playing = game_selectors.games_for_matches([m.pk for m in matches], Game.Status.ACTIVE)
    games = {}
    for game in playing.only("id", "match_id", "started_at"):
        games[game.match_id] = game  # the latest game of the match (a replay) wins
    found = []
    for match in matches:
        mine_first = match.first.player_id == player.pk
        other = match.second if mine_first else match.first
        game = games.get(match.pk)
        opened_at = match.opened_at or (game.started_at if game else None)
        if opened_at is None:
            continue  # a round from before rounds kept their times: nothing to show
        championship = match.stage.championship
        found.append(
            MatchToPlay(
                match_id=match.pk,
                championship_id=championship.pk,
                championship=championship.name,
                game=championship.game,
                opponent=other.player.shown_name if other else "",
                kind=match.stage.kind,
                group=match.group.name if match.group else None,
                number=match.round,
                name=_name_of(
                    names,
                    brackets,
                    match.stage_id,
                    match.stage.kind,
                    match.bracket,
                    match.round,
                    match.third_place,
                ),
                opened_at=opened_at,
                deadline=match.deadline,
                game_id=game.pk if game else None,
            )
        )
    return found


def move_deadlines(player: User) -> list[MoveDeadline]:
    """The player's running games whose clock runs on their move, soonest deadline first."""
    return [
        MoveDeadline(
            game_id=game.pk,
            game=game.game,
            opponents=tuple(
                name
                for seat, name in game_selectors.seat_names(game).items()
                if seat != game.to_move
            ),
            turn_started_at=game.turn_started_at,
            deadline=game.deadline,
            match_id=game.match_id,
        )
        for game in game_selectors.clocks_on_their_move(player)
    ]


def calendar_feed_of(player: User) -> CalendarFeed | None:
    """The player's private calendar, if they have one yet."""
    return CalendarFeed.objects.filter(player=player).first()


def calendar_owner(key: str) -> User | None:
    """Whose private calendar `key` opens (an active account's); None for any other key."""
    feeds = CalendarFeed.objects.filter(key=key, player__is_active=True)
    feed = feeds.select_related("player").first()
    return feed.player if feed else None
