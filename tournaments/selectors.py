"""Reads of championships shared by the API and the pages: standings, bracket, ranking."""

from dataclasses import dataclass

from django.db.models import QuerySet

from games.models import Game
from tournaments import bracket, tiebreaks
from tournaments.models import Championship, Entry, Match, Stage


@dataclass(frozen=True)
class GroupTable:
    """A group's standings; a row's `player` is the entry id, as text."""

    name: str
    rows: list[tiebreaks.StandingRow]
    usernames: dict[str, str]


def _margin(match: Match, games_by_match: dict[int, Game]) -> int:
    """The first entry's game-score difference in the match's game (0 when none was played)."""
    game = games_by_match.get(match.pk)
    if game is None or not game.score:
        return 0
    first_seat = next(
        (seat.seat for seat in game.seats.all() if seat.user_id == match.first.player_id), None
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
    )


def group_tables(stage: Stage) -> list[GroupTable]:
    """Every group's standings, in group order (one query per kind of row, not per group)."""
    championship = stage.championship
    points = tiebreaks.POINT_SYSTEMS[championship.points_system]
    order = championship.tiebreaks or list(tiebreaks.DEFAULT_TIEBREAKS)
    groups = list(stage.groups.prefetch_related("members__entry__player"))
    finished = list(
        Match.objects.filter(stage=stage, status=Match.Status.FINISHED).select_related(
            "first", "second"
        )
    )
    games_by_match = {
        game.match_id: game
        for game in Game.objects.filter(match__in=finished).prefetch_related("seats").order_by("id")
    }
    by_group: dict[int, list[Match]] = {}
    for match in finished:
        by_group.setdefault(match.group_id, []).append(match)
    tables = []
    for group in groups:
        members = list(group.members.all())
        entries = {str(member.entry_id): member.entry for member in members}
        rows = tiebreaks.standings(
            list(entries),
            [_result(match, games_by_match) for match in by_group.get(group.pk, [])],
            points=points,
            tiebreaks=order,
            lots={str(member.entry_id): member.lot for member in members},
        )
        usernames = {key: entry.player.username for key, entry in entries.items()}
        tables.append(GroupTable(name=group.name, rows=rows, usernames=usernames))
    return tables


def final_ranking(championship: Championship) -> list[tuple[int, int]]:
    """(rank, entry id) for every entrant: playoff results first, then the group stage."""
    group_stage = championship.stages.filter(kind=Stage.Kind.GROUPS).first()
    tables = group_tables(group_stage) if group_stage else []
    group_place = {int(row.player): (row.rank, -row.points) for t in tables for row in t.rows}
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


def standings(championship: Championship) -> dict:
    """The standings endpoint's body: every group's table and the final ranking."""
    stage = championship.stages.filter(kind=Stage.Kind.GROUPS).first()
    tables = group_tables(stage) if stage else []
    final = [
        {"rank": rank.rank, "username": rank.entry.player.username}
        for rank in championship.final_ranking.select_related("entry__player")
    ]
    return {
        "groups": [
            {
                "name": table.name,
                "rows": [
                    {
                        "rank": row.rank,
                        "username": table.usernames[row.player],
                        "played": row.played,
                        "won": row.won,
                        "drawn": row.drawn,
                        "lost": row.lost,
                        "forfeits": row.forfeits,
                        "points": row.points,
                        "tiebreaks": row.tiebreaks,
                    }
                    for row in table.rows
                ],
            }
            for table in tables
        ],
        "final": final,
    }


def bracket_view(championship: Championship) -> dict:
    stage = championship.stages.filter(kind=Stage.Kind.PLAYOFF).first()
    if stage is None:
        return {"rounds": []}
    matches = list(
        stage.matches.select_related("first__player", "second__player", "winner__player")
        .prefetch_related("games")
        .order_by("round", "third_place", "index")
    )
    size = 2 ** max(match.round for match in matches) if matches else 2
    names = bracket.round_names(size)

    def name(entry: Entry | None) -> str | None:
        return entry.player.username if entry else None

    rounds = []
    for number, title in enumerate(names, start=1):
        in_round = [m for m in matches if m.round == number and not m.third_place]
        rounds.append({"name": title, "matches": [_match_view(m, name) for m in in_round]})
    third = [m for m in matches if m.third_place]
    if third:
        rounds.append({"name": "Third place", "matches": [_match_view(m, name) for m in third]})
    return {"rounds": rounds}


def _match_view(match: Match, name) -> dict:
    return {
        "id": match.pk,
        "a": name(match.first),
        "b": name(match.second),
        "winner": name(match.winner),
        "forfeit": match.forfeit,
        "games": sorted(game.pk for game in match.games.all()),
    }


def championship_games(championship: Championship, status: str | None = None) -> QuerySet[Game]:
    games = (
        Game.objects.filter(match__stage__championship=championship)
        .select_related("match__stage")
        .prefetch_related("seats__user")
    )
    if status:
        games = games.filter(status=status)
    return games.order_by("match__stage__kind", "match__round", "match__index", "id")
