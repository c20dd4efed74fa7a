"""The schedule: every match by stage and round with its games, and the games themselves."""

from django.db.models import Prefetch, QuerySet

from games import selectors as game_selectors
from games.models import Game
from games.selectors import players_by_seat, seat_names
from tournaments.models import (
    Championship,
    Match,
)
from tournaments.systems import registry


def bracket_rounds(championship: Championship) -> dict[str, int]:
    """The rounds of each bracket of the championship's stages with brackets (a double
    elimination's winners', losers' and final)."""
    stage_ids = list(championship.stages.values_list("pk", flat=True))
    found: dict[str, int] = {}
    for declared in registry.stages():
        if declared.bracket_rounds is not None:
            for rounds in declared.bracket_rounds(stage_ids).values():
                found.update(rounds)
    return found


def championship_games(championship: Championship, status: str | None = None) -> QuerySet[Game]:
    """The championship's games (in `status` if given) by stage, round and match."""
    matches = Match.objects.filter(stage__championship=championship).values("pk")
    games = game_selectors.games_for_matches(matches, status).select_related("match__stage")
    return games.order_by("match__stage__kind", "match__round", "match__index", "id")


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

    `[{"kind": a stage kind of the registry, "rounds": [{"number",
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
    namers = {}
    for kind in {match.stage.kind for match in matches}:
        declared = registry.stage(kind)
        in_stage = [match for match in matches if match.stage.kind == kind]
        namers[kind] = declared.round_names(in_stage) if declared.round_names else None

    def round_name(match: Match) -> str | None:
        namer = namers[match.stage.kind]
        return namer(match) if namer else None

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
    for kind, stage in stages.items():
        order = registry.stage(kind).round_order
        if order is not None:
            stage["rounds"].sort(key=order)
    return sorted(stages.values(), key=lambda stage: registry.stage(stage["kind"]).schedule_order)
