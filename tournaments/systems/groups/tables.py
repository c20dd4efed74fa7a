"""The groups' reads: each group's table after a round, the places a playoff is drawn from,
the plan of the playoff before the draw, and where each entrant stands."""

from dataclasses import dataclass

from django.db.models import Count, Max, Min, Prefetch

from accounts.models import User
from games import selectors as game_selectors
from games.models import Game
from games.selectors import players_by_seat
from tournaments import bracket, bracket_marks, crosstables, playoff_selectors, tiebreaks
from tournaments.models import Championship, Group, GroupMember, Match, Stage
from tournaments.selectors import present_entrants, seeded_names
from tournaments.systems.groups import GROUPS, pairing


def group_stage(championship: Championship) -> Stage | None:
    return championship.stages.filter(kind=GROUPS).first()


@dataclass(frozen=True)
class GroupTable:
    """A group's standings after its round `after_round`; a row's `player` is the entry id,
    as text. `in_progress`: the group's round being played (shown, not counted)."""

    name: str
    rows: list[tiebreaks.StandingRow]
    usernames: dict[str, str]  # entry id → the player's name as shown ("deleted player")
    players: dict[str, User]
    after_round: int = 0
    in_progress: int | None = None
    rounds: dict[str, list[crosstables.Meeting]] | None = None


def _margin(match: Match, games_by_match: dict[int, Game]) -> int:
    """The first entry's game-score difference in the match's game (0 when none was played)."""
    game = games_by_match.get(match.pk)
    if game is None or not game.score:
        return 0
    players = players_by_seat(game)
    first_seat = next(
        (seat for seat, player in players.items() if player == match.first.player_id), None
    )
    if first_seat is None:
        return 0
    return sum(points if seat == first_seat else -points for seat, points in game.score.items())


def _result(match: Match, games_by_match: dict[int, Game]) -> tiebreaks.GameResult:
    score = 0.5 if match.drawn else 1.0 if match.winner_id == match.first_id else 0.0
    return tiebreaks.GameResult(
        first=str(match.first_id),
        second=str(match.second_id),
        first_score=score,
        first_margin=_margin(match, games_by_match),
        forfeit=match.forfeit,
        both_lost=match.forfeit and match.winner_id is None,
    )


def group_tables(stage: Stage, after_round: int | None = None) -> list[GroupTable]:
    """Every group's standings, in group order (one query per kind of row, not per group).

    Each group's table is after its own round `after_round` of its schedule, or by default
    after its last round whose games are all over; a group's round being played is shown in
    its rows' rounds but counts for nothing yet.
    """
    championship = stage.championship
    points = tiebreaks.POINT_SYSTEMS[championship.points_system]
    order = championship.tiebreaks or list(tiebreaks.DEFAULT_TIEBREAKS)
    members = GroupMember.objects.select_related("entry__player")  # see seats_with_players
    groups = list(stage.groups.prefetch_related(Prefetch("members", queryset=members)))
    matches = Match.objects.filter(stage=stage).select_related("first", "second")
    if after_round is not None:
        matches = matches.filter(round__lte=after_round)
    matches = list(matches)
    first_open: dict[int, int] = {}
    for match in matches:
        if match.status != Match.Status.FINISHED:
            first_open[match.group_id] = min(match.round, first_open.get(match.group_id, 32767))
    counted = {}
    for group in groups:
        # The rounds over: those before the first with a game not over (all, when none is).
        over = first_open.get(group.pk, group.current_round + 1) - 1
        counted[group.pk] = over if after_round is None else min(after_round, over)
    finished = [
        match
        for match in matches
        if match.status == Match.Status.FINISHED and match.round <= counted[match.group_id]
    ]
    finished_ids = {match.pk for match in finished}
    # Every decided match's game: a subquery, however many they are.
    decided = Match.objects.filter(stage=stage, status=Match.Status.FINISHED).values("pk")
    games_by_match = {game.match_id: game for game in game_selectors.games_for_matches(decided)}
    by_group: dict[int, list[Match]] = {}
    for match in matches:
        by_group.setdefault(match.group_id, []).append(match)
    tables = []
    for group in groups:
        members = list(group.members.all())
        entries = {str(member.entry_id): member.entry for member in members}
        in_group = by_group.get(group.pk, [])
        rows = tiebreaks.standings(
            list(entries),
            [_result(match, games_by_match) for match in in_group if match.pk in finished_ids],
            points=points,
            tiebreaks=order,
            lots={str(member.entry_id): member.lot for member in members},
        )
        opened = (
            group.current_round if after_round is None else min(after_round, group.current_round)
        )
        in_progress = counted[group.pk] + 1
        players = {key: entry.player for key, entry in entries.items()}
        usernames = {key: player.shown_name for key, player in players.items()}
        tables.append(
            GroupTable(
                name=group.name,
                rows=rows,
                usernames=usernames,
                players=players,
                after_round=counted[group.pk],
                in_progress=in_progress if in_progress <= opened else None,
                rounds=crosstables.meetings(
                    in_group, entries, counted=counted[group.pk], shown=opened, absences=False
                ),
            )
        )
    return tables


def _plan_basis(championship: Championship) -> tuple[list[str], list[int], int | None]:
    """The groups' names and sizes the plan is made of, and the entrants it counts on
    (during registration: the groups a start now would draw)."""
    stage = group_stage(championship)
    if stage is None:
        entrants = present_entrants(championship)
        sizes = pairing.group_sizes(entrants, championship.group_size) if entrants >= 2 else []
        return [pairing.group_name(order) for order in range(len(sizes))], sizes, entrants
    groups = stage.groups.annotate(size=Count("members")).order_by("order")
    return [group.name for group in groups], [group.size for group in groups], None


def group_places(championship: Championship) -> dict[int, tuple]:
    """Entry id → its place in the groups (its position in its group, then its points),
    for ranking those the playoff does not place. A row's position, not its rank: a shared
    place is ordered by the lots, as the playoff's seeds are."""
    stage = group_stage(championship)
    if stage is None:
        return {}
    return {
        int(row.player): (position, -row.points)
        for table in group_tables(stage)
        for position, row in enumerate(table.rows, start=1)
    }


def final_places(championship: Championship) -> list[tuple[int, int]]:
    return playoff_selectors.places_after_playoff(championship, group_places(championship))


def rounds_over(championship: Championship) -> int:
    """The furthest round a group has played to its end."""
    groups = Group.objects.filter(stage__championship=championship)
    first_open = dict(
        Match.objects.filter(group__in=groups)
        .exclude(status=Match.Status.FINISHED)
        .values("group")
        .annotate(first=Min("round"))
        .values_list("group", "first")
    )
    over = [
        first_open.get(pk, opened + 1) - 1
        for pk, opened in groups.values_list("pk", "current_round")
    ]
    return max(over, default=0)


def rounds_with_standings(championship: Championship) -> int:
    """The furthest round a group has opened."""
    groups = Group.objects.filter(stage__championship=championship)
    return groups.aggregate(furthest=Max("current_round"))["furthest"] or 0


def table(
    championship: Championship, *, with_players: bool = False, after_round: int | None = None
) -> dict:
    """The standings endpoint's `groups`: each group's rows after round `after_round`."""
    stage = group_stage(championship)
    tables = group_tables(stage, after_round) if stage else []

    def player(user: User) -> dict:
        return {"player": user} if with_players else {}

    return {
        "groups": [
            {
                "name": table.name,
                "after_round": table.after_round,
                "in_progress": table.in_progress,
                "rows": [
                    {
                        "rank": row.rank,
                        "shared": row.shared,
                        "username": table.usernames[row.player],
                        "played": row.played,
                        "won": row.won,
                        "drawn": row.drawn,
                        "lost": row.lost,
                        "forfeits": row.forfeits,
                        "points": row.points,
                        "tiebreaks": row.tiebreaks,
                        "rounds": crosstables.rounds_shown(
                            (table.rounds or {}).get(row.player, []), table.usernames
                        ),
                        **player(table.players[row.player]),
                    }
                    for row in table.rows
                ],
            }
            for table in tables
        ]
    }


def bracket_view(championship: Championship) -> dict:
    """The playoff once drawn; before, the plan its draw will follow, each slot a group's
    finish ("winner of group A"), and during registration the groups a start now would
    draw, each slot held by the entrant the snake draw would deal there."""
    drawn = playoff_selectors.drawn_bracket(championship)
    if drawn is not None:
        return drawn
    if championship.status == Championship.Status.FINISHED:
        return {"rounds": [], "planned": False, "entrants": None}
    names, sizes, entrants = _plan_basis(championship)
    advancing = [min(championship.playoff_players_per_group, size) for size in sizes]
    slots = bracket.planned_slots(advancing)
    rounds = []
    if slots:
        first = [
            {"group": names[finish[0]], "place": finish[1]} if finish else None for finish in slots
        ]
        rounds = playoff_selectors.planned_rounds(
            championship, first, bracket.third_place_played(sum(advancing))
        )
    if entrants is not None:
        seeded = seeded_names(championship)
        dealt = pairing.snake_groups(seeded, len(sizes)) if sizes else []
        holder = bracket_marks.seeded_holder(seeded, zip(names, dealt, strict=True))
        rounds = bracket_marks.with_entrants(rounds, holder)
    return {"rounds": rounds, "planned": True, "entrants": entrants}


def playing_states(championship: Championship) -> dict[int, tuple[str, str | None]]:
    """Entry id → (state, group name) while the groups are played: `playing`, or once
    their group is over `qualified` or `out`."""
    stage = group_stage(championship)
    if stage is None:
        return {}
    members = GroupMember.objects.filter(group__stage=stage).select_related("group")
    group_of = {member.entry_id: member.group for member in members}
    unfinished = set(
        Match.objects.filter(stage=stage)
        .exclude(status=Match.Status.FINISHED)
        .values_list("group_id", flat=True)
    )
    advancing = set()
    for group_table in group_tables(stage):
        advancing.update(
            int(row.player) for row in group_table.rows[: championship.playoff_players_per_group]
        )
    states = {}
    for entry_id, group in group_of.items():
        state = "playing"
        if group.pk not in unfinished:
            state = "qualified" if entry_id in advancing else "out"
        states[entry_id] = (state, group.name)
    return states
