"""Reads of championships shared by the API and the pages: standings, bracket, ranking."""

import hmac
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Count, Max, Min, Prefetch, Q, QuerySet
from django.utils import timezone

from accounts.models import User
from accounts.shown_names import shown_username
from games import selectors as game_selectors
from games.models import Game
from games.selectors import players_by_seat, seat_names
from ratings.selectors import ratings_of
from tournaments import bracket, bracket_marks, crosstables, deciders, slot_names, tiebreaks
from tournaments.models import (
    Announcement,
    Championship,
    Decision,
    Entry,
    Group,
    GroupMember,
    Invitation,
    Match,
    Stage,
)
from tournaments.systems.double_elimination import selectors as double_elimination_selectors
from tournaments.systems.groups import pairing
from tournaments.systems.swiss import selectors as swiss_selectors


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


def _first_stage_places(championship: Championship) -> dict[int, tuple]:
    """Entry id → its place in the first stage (groups: rank in its group, then points;
    Swiss: its rank), for ranking those the playoff does not place."""
    group_stage = championship.stages.filter(kind=Stage.Kind.GROUPS).first()
    # A row's position, not its rank: a shared place is ordered by the lots or the pairing
    # number, as the playoff's seeds are.
    if group_stage is not None:
        tables = group_tables(group_stage)
        return {
            int(row.player): (position, -row.points)
            for t in tables
            for position, row in enumerate(t.rows, start=1)
        }
    swiss = swiss_selectors.swiss_stage(championship)
    if swiss is not None:
        table = swiss_selectors.swiss_table(championship, swiss)
        return {int(row.player): (position, 0) for position, row in enumerate(table, start=1)}
    return {}


def final_ranking(championship: Championship) -> list[tuple[int, int]]:
    """(rank, entry id) for every entrant: the playoff's places first, then the first
    stage's (groups or Swiss); a double elimination's places as its bracket gives them
    (players knocked out in the same round share one)."""
    if championship.system == Championship.System.DOUBLE_ELIMINATION:
        return double_elimination_selectors.final_places(championship)
    group_place = _first_stage_places(championship)
    playoff = championship.stages.filter(kind=Stage.Kind.PLAYOFF).first()
    placed: list[int] = []
    if playoff is not None:
        matches = list(playoff.matches.all())
        if matches:
            last = max(match.round for match in matches)
            final = next(m for m in matches if m.round == last and not m.third_place)
            third = next((m for m in matches if m.third_place), None)
            for match in (final, third):
                if match is not None and match.winner_id:
                    loser = match.second_id if match.winner_id == match.first_id else match.first_id
                    placed += [e for e in (match.winner_id, loser) if e and e not in placed]
            # Then by the round they went out in (later is better), then by the groups.
            for round_number in range(last - 1 if third else last, 0, -1):
                out = [
                    (m.second_id if m.winner_id == m.first_id else m.first_id)
                    for m in matches
                    if m.round == round_number and not m.third_place and m.winner_id
                ]
                out = [e for e in out if e and e not in placed]
                placed += sorted(out, key=lambda e: group_place.get(e, (99, 0)))
    rest = [
        entry_id
        for entry_id in Entry.objects.filter(championship=championship).values_list("pk", flat=True)
        if entry_id not in placed
    ]
    placed += sorted(rest, key=lambda e: group_place.get(e, (99, 0)))
    return [(rank, entry_id) for rank, entry_id in enumerate(placed, start=1)]


def rounds_over_anywhere(championship: Championship) -> int:
    """The last round whose games are all over: the Swiss's, or the furthest group's."""
    swiss = swiss_selectors.swiss_stage(championship)
    if swiss is not None:
        return swiss_selectors.rounds_over(swiss)
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
    """The last round standings may be asked after: the Swiss's rounds paired, or the
    furthest round a group has opened; 0 for a system without a table by rounds."""
    swiss = swiss_selectors.swiss_stage(championship)
    if swiss is not None:
        return swiss_selectors.rounds_paired(swiss)
    groups = Group.objects.filter(stage__championship=championship)
    return groups.aggregate(furthest=Max("current_round"))["furthest"] or 0


def standings(
    championship: Championship, *, with_players: bool = False, after_round: int | None = None
) -> dict:
    """The standings endpoint's body: the Swiss's table or every group's, and the final
    ranking.

    The tables are after round `after_round` (each group after its own round of that
    number), by default after the last round whose games are all over; a round being
    played counts for nothing yet and is shown in the rows' `rounds`. `with_players` adds
    each row's `player` (the User), for the page's links; the API's body has the names only.
    """
    stage = championship.stages.filter(kind=Stage.Kind.GROUPS).first()
    tables = group_tables(stage, after_round) if stage else []

    def player(user: User) -> dict:
        return {"player": user} if with_players else {}

    final = [
        {"rank": rank.rank, "username": rank.entry.player.shown_name, **player(rank.entry.player)}
        for rank in championship.final_ranking.select_related("entry__player")
    ]
    swiss = _swiss_standings(championship, with_players, after_round)
    return {
        "after_round": swiss["after_round"],
        "in_progress": swiss["in_progress"],
        "rounds_paired": rounds_with_standings(championship),
        "swiss": swiss["rows"],
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
                        "rounds": _rounds_shown(
                            (table.rounds or {}).get(row.player, []), table.usernames
                        ),
                        **player(table.players[row.player]),
                    }
                    for row in table.rows
                ],
            }
            for table in tables
        ],
        "final": final,
    }


def _rounds_shown(
    meetings: list[crosstables.Meeting],
    usernames: dict[str, str],
    pairing_numbers: dict[str, int | None] | None = None,
) -> list[dict]:
    """A row's rounds as the API gives them: the opponent by name (and pairing number in a
    Swiss), the seat, the result (null while being played) and whether it is counted."""
    shown = []
    for meeting in meetings:
        entry = {
            "round": meeting.round,
            "opponent": usernames.get(meeting.opponent) if meeting.opponent else None,
            "seat": meeting.seat,
            "result": meeting.result,
            "counted": meeting.counted,
        }
        if pairing_numbers is not None:
            number = pairing_numbers.get(meeting.opponent) if meeting.opponent else None
            entry["opponent_pairing_number"] = number
        shown.append(entry)
    return shown


def _swiss_standings(championship: Championship, with_players: bool, after_round: int | None):
    """A Swiss's standings rows and the round they are after (rows None for a championship
    of another system)."""
    stage = swiss_selectors.swiss_stage(championship)
    if stage is None:
        return {"rows": None, "after_round": None, "in_progress": None}
    entries = {str(entry.pk): entry for entry in championship.entries.select_related("player")}
    counted = swiss_selectors.counted_rounds(stage, after_round)
    paired = swiss_selectors.rounds_paired(stage)
    shown = paired if after_round is None else min(after_round, paired)
    table = swiss_selectors.swiss_table(championship, stage, counted)
    meetings = crosstables.meetings(
        stage.matches.filter(round__lte=shown),
        [row.player for row in table],
        counted=counted,
        shown=shown,
        absences=True,
    )
    usernames = {key: entry.player.shown_name for key, entry in entries.items()}
    numbers = {key: entry.pairing_number for key, entry in entries.items()}
    rows = []
    for row in table:
        player = entries[row.player].player
        rows.append(
            {
                "rank": row.rank,
                "shared": row.shared,
                "username": player.shown_name,
                "pairing_number": entries[row.player].pairing_number,
                "points": row.points,
                "played": row.played,
                "won": row.won,
                "drawn": row.drawn,
                "lost": row.lost,
                "tiebreaks": row.tiebreaks,
                "withdrawn": entries[row.player].withdrawn_at is not None,
                "rounds": _rounds_shown(meetings[row.player], usernames, numbers),
                **({"player": player} if with_players else {}),
            }
        )
    in_progress = counted + 1 if counted < shown else None
    return {"rows": rows, "after_round": counted, "in_progress": in_progress}


def bracket_view(championship: Championship) -> dict:
    """The playoff bracket: `{"rounds": [{"name", "matches": [{"id", "a", "b", "winner",
    "forfeit", "bye", "games", "from": {"a", "b"}}]}], "planned", "entrants"}`.

    Before the bracket is drawn (`planned`) it is the plan the draw will follow: every slot
    says where its player comes from ("winner of group A", "place 3 in the Swiss", "seed
    5"); during registration the plan counts on the players entered so far (`entrants`). A
    side with no player yet gives its source in `from`, a side with one gives `from: null`.
    Every match has its letter in the order of play (`label`), and a side waiting on a
    match says which (`match_label`, `short_label`: "Winner of C"); a match gives its
    `score` by side once a game has one; a plan made during registration names the entrant
    who holds each seeded slot as the seeding stands (`entrant`).
    """
    if championship.system == Championship.System.DOUBLE_ELIMINATION:
        return _double_elimination_view(championship)
    stage = championship.stages.filter(kind=Stage.Kind.PLAYOFF).first()
    if stage is not None:
        rounds = bracket_marks.letter_knockout(_drawn_rounds(championship, stage))
        return {"rounds": rounds, "planned": False, "entrants": None}
    if championship.status == Championship.Status.FINISHED:
        return {"rounds": [], "planned": False, "entrants": None}
    if championship.system == Championship.System.SWISS:
        return _swiss_playoff_plan(championship)
    names, sizes, entrants = _plan_basis(championship)
    advancing = [min(championship.advance_per_group, size) for size in sizes]
    slots = bracket.planned_slots(advancing)
    rounds = []
    if slots:
        first = [
            {"group": names[finish[0]], "place": finish[1]} if finish else None for finish in slots
        ]
        rounds = _planned_rounds(championship, first, bracket.third_place_played(sum(advancing)))
    if entrants is not None:
        # In registration: group places held by the players the snake draw would deal there.
        seeded = _seeded_names(championship)
        dealt = pairing.snake_groups(seeded, len(sizes)) if sizes else []
        holder = bracket_marks.seeded_holder(seeded, zip(names, dealt, strict=True))
        rounds = bracket_marks.with_entrants(rounds, holder)
    return {"rounds": rounds, "planned": True, "entrants": entrants}


def _seeded_names(championship: Championship) -> list[str]:
    """The entrants' names in the order the start would seed them now."""
    return [entry.player.shown_name for entry in seeds_of(championship)]


def _present_entrants(championship: Championship) -> int:
    return championship.entries.filter(withdrawn_at__isnull=True).count()


def _double_elimination_view(championship: Championship) -> dict:
    """The drawn brackets, or during registration the plan for the players entered so far."""
    if double_elimination_selectors.stage_of(championship) is not None:
        rounds = double_elimination_selectors.bracket_rounds(championship)
        return {"rounds": rounds, "planned": False, "entrants": None}
    if championship.status != Championship.Status.REGISTRATION:
        return {"rounds": [], "planned": False, "entrants": None}
    entrants = _present_entrants(championship)
    rounds = []
    if entrants >= 2:
        rounds = double_elimination_selectors.planned_bracket_rounds(
            entrants, championship.grand_final_reset
        )
        holder = bracket_marks.seeded_holder(_seeded_names(championship))
        rounds = bracket_marks.with_entrants(rounds, holder)
    return {"rounds": rounds, "planned": True, "entrants": entrants}


def _swiss_playoff_plan(championship: Championship) -> dict:
    """A Swiss's playoff as it will be drawn: its top `advance` players by their place in
    the Swiss's final ranking (fewer when fewer are left to play)."""
    if championship.advance < 2:
        return {"rounds": [], "planned": False, "entrants": None}
    present = _present_entrants(championship)
    advancing = min(championship.advance, present)
    rounds = []
    if advancing >= 2:
        size = bracket.bracket_size(advancing)
        first = [
            {"swiss_place": seed} if seed <= advancing else None
            for seed in bracket.seed_order(size)
        ]
        rounds = _planned_rounds(championship, first, bracket.third_place_played(advancing))
    registration = championship.status == Championship.Status.REGISTRATION
    if registration:
        # Before the first round the Swiss's places stand as the seeds do.
        holder = bracket_marks.seeded_holder(_seeded_names(championship))
        rounds = bracket_marks.with_entrants(rounds, holder)
    return {"rounds": rounds, "planned": True, "entrants": present if registration else None}


def _plan_basis(championship: Championship) -> tuple[list[str], list[int], int | None]:
    """The groups' names and sizes the plan is made of, and the entrants it counts on
    (during registration: the groups a start now would draw)."""
    stage = championship.stages.filter(kind=Stage.Kind.GROUPS).first()
    if stage is None:
        entrants = championship.entries.filter(withdrawn_at__isnull=True).count()
        sizes = pairing.group_sizes(entrants, championship.group_size) if entrants >= 2 else []
        return [pairing.group_name(order) for order in range(len(sizes))], sizes, entrants
    groups = stage.groups.annotate(size=Count("members")).order_by("order")
    return [group.name for group in groups], [group.size for group in groups], None


def _source(
    names: list[str], round_number: int, index: int, side: int, first: list[dict | None] | None
) -> dict | None:
    """Where side `side` (0 top) of match `index` of round `round_number` (from 1) comes
    from; `first`: the first round's slots when the bracket is a plan."""
    if round_number == 1:
        return first[2 * index + side] if first is not None else None
    feeder = 2 * index + side
    if round_number == 2 and first is not None:
        top, bottom = first[2 * feeder], first[2 * feeder + 1]
        if top is None or bottom is None:
            return top or bottom  # a bye: the seed goes straight through
    return {"round": names[round_number - 2], "match": feeder + 1, "result": "winner"}


def _labelled(source: dict | None) -> dict | None:
    return None if source is None else {**source, "label": slot_names.source_label(source)}


def _planned_rounds(
    championship: Championship, first: list[dict | None], third_place: bool
) -> list[dict]:
    return bracket_marks.letter_knockout(_unlettered_plan(championship, first, third_place))


def _unlettered_plan(
    championship: Championship, first: list[dict | None], third_place: bool
) -> list[dict]:
    names = bracket.round_names(len(first))
    rounds = []
    for number, title in enumerate(names, start=1):
        matches = []
        for index in range(len(first) >> number):
            sources = [_source(names, number, index, side, first) for side in (0, 1)]
            match = bracket_marks.match_to_come(
                {"a": _labelled(sources[0]), "b": _labelled(sources[1])}
            )
            match["bye"] = number == 1 and None in sources
            matches.append(match)
        rounds.append({"name": title, "matches": matches})
    if championship.third_place and third_place:
        losers = [{"round": names[-2], "match": side + 1, "result": "loser"} for side in (0, 1)]
        third = bracket_marks.match_to_come({"a": _labelled(losers[0]), "b": _labelled(losers[1])})
        rounds.append({"name": "Third place", "matches": [third]})
    return rounds


def _drawn_rounds(championship: Championship, stage: Stage) -> list[dict]:
    matches = list(
        stage.matches.select_related("first__player", "second__player", "winner__player")
        .prefetch_related(Prefetch("games", queryset=game_selectors.games_with_players()))
        .order_by("round", "third_place", "index")
    )
    size = 2 ** max(match.round for match in matches) if matches else 2
    names = bracket.round_names(size)

    def name(entry: Entry | None) -> str | None:
        return entry.player.shown_name if entry else None

    def sources(match: Match) -> list[dict | None]:
        if match.third_place:
            return [{"round": names[-2], "match": side + 1, "result": "loser"} for side in (0, 1)]
        return [_source(names, match.round, match.index, side, None) for side in (0, 1)]

    rounds = []
    for number, title in enumerate(names, start=1):
        in_round = [m for m in matches if m.round == number and not m.third_place]
        rounds.append(
            {"name": title, "matches": [_match_view(m, name, sources(m)) for m in in_round]}
        )
    third = [m for m in matches if m.third_place]
    if third:
        rounds.append(
            {"name": "Third place", "matches": [_match_view(m, name, sources(m)) for m in third]}
        )
    return rounds


def _match_view(match: Match, name, sources: list[dict | None]) -> dict:
    """A drawn match; a side still waiting for its player gives where it comes from."""
    sides = (match.first, match.second)
    return {
        "id": match.pk,
        "a": name(match.first),
        "b": name(match.second),
        "winner": name(match.winner),
        "forfeit": match.forfeit,
        "bye": match.round == 1
        and not match.third_place
        and match.status == Match.Status.FINISHED
        and None in sides,
        "games": sorted(game.pk for game in match.games.all()),
        "from": {
            key: _labelled(source) if entry is None else None
            for key, entry, source in zip(("a", "b"), sides, sources, strict=True)
        },
        "score": bracket_marks.score_of(match),
        "if_necessary": False,
    }


def championship_games(championship: Championship, status: str | None = None) -> QuerySet[Game]:
    """The championship's games (in `status` if given) by stage, round and match."""
    matches = Match.objects.filter(stage__championship=championship).values("pk")
    games = game_selectors.games_for_matches(matches, status).select_related("match__stage")
    return games.order_by("match__stage__kind", "match__round", "match__index", "id")


# -- reads for the championship pages ----------------------------------------------------


def entrant_counts(championship_ids: list[int]) -> dict[int, int]:
    """Entrants (withdrawn ones included) of each championship, in one query."""
    rows = (
        Entry.objects.filter(championship_id__in=championship_ids)
        .values("championship_id")
        .annotate(count=Count("id"))
    )
    return {row["championship_id"]: row["count"] for row in rows}


def entries_of(championship: Championship) -> list[Entry]:
    """The championship's entries in entry order, with their players."""
    return list(championship.entries.select_related("player").order_by("entered_at", "id"))


def entries_closed(championship: Championship, now: datetime | None = None) -> bool:
    """Whether the championship's entries closed at its `entries_close_at`."""
    closes = championship.entries_close_at
    return closes is not None and (now or timezone.now()) >= closes


def late_entry_open(championship: Championship) -> bool:
    """Whether a Swiss under way still takes entrants: no closing time was set for its
    entries, and its last round is not paired yet."""
    if championship.status != Championship.Status.SWISS or championship.entries_close_at:
        return False
    stage = swiss_selectors.swiss_stage(championship)
    return stage is not None and swiss_selectors.rounds_paired(stage) < championship.swiss_rounds


def join_code_matches(championship: Championship, code: str) -> bool:
    """Whether `code` is the championship's join code, compared in constant time: how long
    a wrong one takes tells nothing of the right one."""
    return hmac.compare_digest(championship.join_code.encode(), code.encode())


def championship_by_join_code(championship_id: int, code: str) -> Championship | None:
    """The championship whose join link this is, or None for a wrong or replaced code,
    whoever asks: the code is what lets them see it."""
    championship = (
        Championship.objects.select_related("organiser").filter(pk=championship_id).first()
    )
    if championship is None or not join_code_matches(championship, code):
        return None
    return championship


def pending_invitations(championship: Championship) -> list[Invitation]:
    """The invitations the invited players have not answered yet, oldest first."""
    return list(
        championship.invitations.filter(status=Invitation.Status.INVITED).select_related("player")
    )


def invitation_of(championship: Championship, user) -> Invitation | None:
    """The user's unanswered invitation to the championship, if any."""
    if not user.is_authenticated:
        return None
    return championship.invitations.filter(status=Invitation.Status.INVITED, player=user).first()


def invitations_for(user) -> list[Invitation]:
    """The user's unanswered invitations to championships, newest first."""
    if not user.is_authenticated:
        return []
    pending = Invitation.objects.filter(player=user, status=Invitation.Status.INVITED)
    return list(pending.select_related("championship__organiser").order_by("-invited_at", "-id"))


def _game_line(game: Game, first: int | None, second: int | None) -> dict:
    """A game as the schedule shows it: the score and result read from the match's sides
    (`first`, `second`: their players' ids)."""
    names = seat_names(game)
    seat_of = {player: seat for seat, player in players_by_seat(game).items() if player}
    score = game.score or {}

    def points(player: int | None) -> int | None:
        seat = seat_of.get(player)
        return score.get(seat) if seat is not None else None

    finished = game.status == Game.Status.FINISHED
    return {
        "id": game.pk,
        "url": game.get_absolute_url(),
        "status": game.status,
        "live": game.status == Game.Status.ACTIVE,
        "players": names,
        "to_move": names.get(game.to_move) if game.to_move else None,
        "score_a": points(first),
        "score_b": points(second),
        "winner": names.get(game.winner) if finished and game.winner else None,
        "reason": game.result_reason or None,
    }


def match_schedule(championship: Championship) -> list[dict]:
    """Every match by stage and round, with its games: the schedule and results.

    `[{"kind": "groups"|"swiss"|"playoff"|"double_elimination", "rounds": [{"number",
    "name", "bracket", "third_place", "matches": [{"id", "group", "a", "b", "status",
    "winner", "drawn", "forfeit", "deadline", "games": [...]}]}]}]`, the stages in the order
    they are played. A playoff round's `name` is its bracket name, a double elimination's
    its bracket's round name ("Losers' round 2"; `bracket`: winners, losers or final, its
    rounds bracket by bracket); a group or Swiss round's `name` is None. A Swiss bye is a
    match without `b`.
    """
    matches = list(
        Match.objects.filter(stage__championship=championship)
        .select_related("stage", "group", "first__player", "second__player", "winner__player")
        .prefetch_related(Prefetch("games", queryset=game_selectors.games_with_players()))
        .order_by("stage__kind", "bracket", "round", "third_place", "group__order", "index")
    )
    stages: dict[str, dict] = {}
    playoff_rounds = max(
        (m.round for m in matches if m.stage.kind == Stage.Kind.PLAYOFF), default=0
    )
    names = bracket.round_names(2**playoff_rounds) if playoff_rounds else []
    double = next((m.stage for m in matches if m.stage.kind == Stage.Kind.DOUBLE_ELIMINATION), None)
    bracket_rounds = (
        double_elimination_selectors.rounds_per_bracket(double) if double is not None else {}
    )

    def round_name(match: Match) -> str | None:
        if match.stage.kind == Stage.Kind.PLAYOFF:
            return "Third place" if match.third_place else names[match.round - 1]
        if match.stage.kind == Stage.Kind.DOUBLE_ELIMINATION:
            rounds = bracket_rounds.get(match.bracket, match.round)
            return slot_names.bracket_round_name(match.bracket, match.round, rounds)
        return None

    for match in matches:
        kind = match.stage.kind
        stage = stages.setdefault(kind, {"kind": kind, "rounds": []})
        key = (match.bracket, match.round, match.third_place)
        if not stage["rounds"] or stage["rounds"][-1]["key"] != key:
            stage["rounds"].append(
                {
                    "key": key,
                    "number": match.round,
                    "name": round_name(match),
                    "bracket": match.bracket or None,
                    "third_place": match.third_place,
                    "matches": [],
                }
            )
        first = match.first.player if match.first else None
        second = match.second.player if match.second else None
        stage["rounds"][-1]["matches"].append(
            {
                "id": match.pk,
                "group": match.group.name if match.group else None,
                "a": first.shown_name if first else None,
                "b": second.shown_name if second else None,
                "status": match.status,
                "winner": match.winner.player.shown_name if match.winner else None,
                "drawn": match.drawn,
                "forfeit": match.forfeit,
                "deadline": match.deadline,
                "games": [
                    _game_line(game, first and first.pk, second and second.pk)
                    for game in match.games.all()
                ],
            }
        )
    if Stage.Kind.DOUBLE_ELIMINATION in stages:
        brackets = {"winners": 0, "losers": 1, "final": 2}
        stages[Stage.Kind.DOUBLE_ELIMINATION]["rounds"].sort(
            key=lambda round_: (brackets.get(round_["bracket"], 3), round_["number"])
        )
    order = [Stage.Kind.GROUPS, Stage.Kind.SWISS, Stage.Kind.PLAYOFF, Stage.Kind.DOUBLE_ELIMINATION]
    return [stages[kind] for kind in order if kind in stages]


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


def seeds_of(championship: Championship) -> list[Entry]:
    """The entrants in the order the groups would be drawn in now: the organisers' seeds,
    then by rating."""
    from_rating = championship.entries.filter(withdrawn_at__isnull=True).select_related("player")
    return seeding_order(from_rating, championship.game)


def seeding_order(entries: Iterable[Entry], game: str) -> list[Entry]:
    """Entries best first: those the organiser seeded in their order, then rated players by
    their rating in the game, then the unrated ones in entry order."""
    entries = list(entries)
    ratings = ratings_of([entry.player_id for entry in entries], game)

    def key(entry: Entry) -> tuple:
        rating = ratings.get(entry.player_id)
        return (
            entry.seed is None,
            entry.seed or 0,
            rating is None,
            -(rating or 0.0),
            entry.entered_at,
            entry.pk,
        )

    return sorted(entries, key=key)


@dataclass(frozen=True)
class EntrantState:
    """Where an entrant stands: `state` is `entered` or `checked_in` (registration),
    `playing` (in a group, named, or the playoff), `qualified` (their group is over and they
    go on), `out` (their group or a playoff match is over for them), `withdrawn`, and at the
    end `champion` or `placed` (with `rank`; `withdrawn` then says whether they left on the
    way)."""

    state: str
    withdrawn: bool = False
    group: str | None = None
    rank: int | None = None
    # Where a `playing` entrant plays: "groups", "playoff", "swiss", "double_elimination".
    stage: str | None = None


def entrant_states(championship: Championship) -> dict[int, EntrantState]:
    """Each entry's state (by entry id), read from the stage the championship is in."""
    entries = list(championship.entries.all())
    status = championship.status
    if status == Championship.Status.REGISTRATION:
        # With a check-in, whoever has confirmed reads so (the others are withdrawn at the start).
        return {
            e.pk: EntrantState(
                "checked_in" if championship.check_in_s and e.checked_in_at else "entered",
                e.withdrawn_at is not None,
            )
            for e in entries
        }
    if status == Championship.Status.FINISHED:
        ranks = dict(championship.final_ranking.values_list("entry_id", "rank"))
        return {
            e.pk: EntrantState(
                "champion" if ranks.get(e.pk) == 1 else "placed",
                e.withdrawn_at is not None,
                rank=ranks.get(e.pk),
            )
            for e in entries
        }
    group_stage = championship.stages.filter(kind=Stage.Kind.GROUPS).first()
    group_of, group_over, advancing = {}, {}, set()
    if group_stage is not None:
        members = GroupMember.objects.filter(group__stage=group_stage).select_related("group")
        group_of = {member.entry_id: member.group for member in members}
        unfinished = set(
            Match.objects.filter(stage=group_stage)
            .exclude(status=Match.Status.FINISHED)
            .values_list("group_id", flat=True)
        )
        group_over = {group.pk: group.pk not in unfinished for group in group_of.values()}
        for table in group_tables(group_stage):
            advancing.update(
                int(row.player) for row in table.rows[: championship.advance_per_group]
            )
    playoff = championship.stages.filter(kind=Stage.Kind.PLAYOFF).first()
    in_playoff, knocked_out = set(), set()
    if playoff is not None:
        bracket_matches = list(playoff.matches.all())
        for match in bracket_matches:
            sides = {match.first_id, match.second_id} - {None}
            in_playoff |= sides
            if match.status == Match.Status.FINISHED and not match.third_place:
                knocked_out |= sides - {match.winner_id}
        # A semi-final's loser still plays for third place until that match is over.
        third = next((m for m in bracket_matches if m.third_place), None)
        if third is not None and third.status != Match.Status.FINISHED:
            knocked_out -= {third.first_id, third.second_id}
    out_of_the_brackets = double_elimination_selectors.knocked_out(championship)
    states = {}
    for entry in entries:
        group = group_of.get(entry.pk)
        stage = Stage.Kind.GROUPS if group is not None else championship.system
        if entry.withdrawn_at is not None:
            state = "withdrawn"
        elif entry.pk in out_of_the_brackets:
            state = "out"
        elif playoff is not None:
            state = "playing" if entry.pk in in_playoff - knocked_out else "out"
            group = None  # the groups are behind them
            stage = Stage.Kind.PLAYOFF
        elif group is not None and group_over.get(group.pk):
            state = "qualified" if entry.pk in advancing else "out"
        else:
            state = "playing"
        states[entry.pk] = EntrantState(
            state,
            entry.withdrawn_at is not None,
            group=group.name if group else None,
            stage=stage,
        )
    return states


def check_in_window(championship: Championship) -> tuple[datetime, datetime] | None:
    """When check-in opens and closes (at the start), or None without a check-in."""
    if not championship.check_in_s or championship.starts_at is None:
        return None
    return (
        championship.starts_at - timedelta(seconds=championship.check_in_s),
        championship.starts_at,
    )


def check_in_open(championship: Championship, now: datetime | None = None) -> bool:
    found = check_in_window(championship)
    now = now or timezone.now()
    return (
        found is not None
        and championship.status == Championship.Status.REGISTRATION
        and found[0] <= now < found[1]
    )
