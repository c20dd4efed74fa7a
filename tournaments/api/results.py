"""Standings, bracket and games, the standings and the games also as CSV files."""

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.models import Game
from games.selectors import seat_names
from infrastructure import query_params, throttling
from infrastructure.api_docs import error_responses
from infrastructure.api_fields import StrictCharField
from tournaments import csv_exports, round_selectors, selectors, services
from tournaments.api.lookup import championship_for
from tournaments.systems import registry as systems_registry

EXPORT_FORMATS = ("json", "csv")
ROUNDS_MAX = 1000


def format_parameter(rows: str) -> OpenApiParameter:
    return OpenApiParameter(
        "format",
        str,
        enum=list(EXPORT_FORMATS),
        description=f"json (the default), or csv: a file of {rows}",
    )


def json_or_csv(body, columns: str) -> dict:
    """The 200 answer of an export: `body` as JSON, or with format=csv the CSV file."""
    description = (
        "JSON; with format=csv a CSV file (RFC 4180, UTF-8, a header row) with the columns "
        f"{columns}. Text that starts with = + - @ is written with a leading '."
    )
    return {
        (200, "application/json"): OpenApiResponse(body, description=description),
        (200, "text/csv"): OpenApiResponse(OpenApiTypes.STR, description=description),
    }


def wanted_format(request: Request) -> str:
    return query_params.choice(request, "format", EXPORT_FORMATS) or "json"


class StandingsView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="championships_standings",
        parameters=[
            format_parameter("one row per player per group, then the final ranking"),
            OpenApiParameter(
                "after_round",
                int,
                description="The standings after this round (0: before the first), from 0 "
                "to `rounds_paired`; each group's after its own round of that number. "
                "Without it: after the last round whose games are all over. A round still "
                "being played counts for nothing, so asking for it gives the rounds over "
                "before it (`after_round` in the answer says which). Anything else is a 400 "
                "naming after_round.",
            ),
        ],
        responses={
            **json_or_csv(
                inline_serializer(
                    "Standings",
                    {
                        "after_round": serializers.IntegerField(
                            allow_null=True,
                            help_text="The round the Swiss's table is after (null without "
                            "a Swiss; each group gives its own).",
                        ),
                        "in_progress": serializers.IntegerField(
                            allow_null=True,
                            help_text="The Swiss's round being played: its games are in "
                            "the rows' `rounds`, not counted.",
                        ),
                        "rounds_paired": serializers.IntegerField(
                            help_text="The largest `after_round` that may be asked for."
                        ),
                        # Each system's own tables, described by the system.
                        **{
                            key: field
                            for system in systems_registry.systems()
                            if system.table_fields is not None
                            for key, field in system.table_fields().items()
                        },
                        "final": serializers.ListField(child=serializers.DictField()),
                    },
                ),
                "stage (the system's table, or final), group (a group's name, a Swiss's "
                "pairing number), rank (a "
                "shared place as 4–5), username, points, played, won, drawn, lost, forfeits, "
                "then one per tie-break in the championship's order (the names of the JSON "
                "`tiebreaks`); the final ranking's rows give rank and username only",
            ),
            **error_responses(400, 404, 429),
        },
        summary="The system's tables with tie-breaks and each player's rounds (after any "
        "round), and the final ranking (JSON or CSV; a CSV file is on the client's "
        "budget of downloads)",
    )
    def get(self, request: Request, championship_id: int) -> Response | HttpResponse:
        wanted = wanted_format(request)
        championship = championship_for(request, championship_id)
        after_round = None
        if "after_round" in request.query_params:
            after_round = query_params.whole_number(
                request,
                "after_round",
                default=0,
                maximum=selectors.rounds_with_standings(championship),
            )
        if wanted == "csv":
            # Spent once the request is known to be good: a refused one changes nothing.
            throttling.spend_download(request)
        services.ask_worker_if_due(championship)
        body = selectors.standings(championship, after_round=after_round)
        if wanted == "csv":
            return csv_exports.download(
                csv_exports.standings_csv(championship, body),
                f"championship-{championship.pk}-standings.csv",
            )
        return Response(body)


class BracketView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="championships_bracket",
        responses={
            200: inline_serializer(
                "Bracket",
                {
                    "rounds": serializers.ListField(child=serializers.DictField()),
                    "planned": serializers.BooleanField(
                        help_text="The plan the playoff draw will follow (before the playoff)."
                    ),
                    "entrants": serializers.IntegerField(
                        allow_null=True,
                        help_text="During registration, the entrants the plan counts on.",
                    ),
                },
            ),
            **error_responses(404),
        },
        summary="The playoff bracket, and before the playoff the plan it follows",
    )
    def get(self, request: Request, championship_id: int) -> Response:
        return Response(selectors.bracket_view(championship_for(request, championship_id)))


class RoundsView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="championships_rounds",
        parameters=[
            OpenApiParameter(
                "round", int, description="Only this round (of every stage that has one)."
            )
        ],
        responses={
            200: inline_serializer(
                "ChampionshipRound",
                {
                    "round": serializers.IntegerField(),
                    "stage": StrictCharField(
                        help_text="groups, swiss, playoff, double_elimination"
                    ),
                    "bracket": StrictCharField(
                        allow_null=True,
                        help_text="A double elimination's: winners, losers, final.",
                    ),
                    "pairings": serializers.ListField(
                        child=serializers.DictField(),
                        help_text="{game, players: {seat: username}, score_group (a Swiss's), "
                        "floats: {username: up|down}, why: in the reader's language, result: "
                        "{winner: username|null, drawn, forfeit} once decided, else null}",
                    ),
                    "byes": serializers.ListField(
                        child=serializers.DictField(), help_text="{username, why}"
                    ),
                },
                many=True,
            ),
            **error_responses(400, 404),
        },
        summary="Every round paired so far with its pairings; a Swiss's say why each is so "
        "(score group, floats, seats, the bye)",
    )
    def get(self, request: Request, championship_id: int) -> Response:
        # 0 (the default): every round; a big Swiss's whole history is long to read.
        number = query_params.whole_number(request, "round", default=0, maximum=ROUNDS_MAX)
        championship = championship_for(request, championship_id)
        services.ask_worker_if_due(championship)
        return Response(round_selectors.rounds(championship, number or None))


class ChampionshipGamesView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="championships_games",
        parameters=[
            OpenApiParameter("status", str, enum=[Game.Status.ACTIVE, Game.Status.FINISHED]),
            format_parameter("every game of the championship (in `status` if given)"),
        ],
        responses={
            **json_or_csv(
                inline_serializer(
                    "ChampionshipGame",
                    {
                        "id": serializers.IntegerField(),
                        "stage": StrictCharField(),
                        "round": serializers.IntegerField(),
                        "players": serializers.DictField(),
                        "status": StrictCharField(),
                        "result": serializers.DictField(),
                    },
                    many=True,
                ),
                "id, stage, group, round, match, first, second (the players by seat), status, "
                "result (first, second, draw, none when both lost; empty while playing), "
                "winner, reason, first_score, second_score, started, finished (ISO 8601), page",
            ),
            **error_responses(400, 404, 429),
        },
        summary="The championship's games (JSON or CSV; a CSV file is on the client's "
        "budget of downloads)",
    )
    def get(self, request: Request, championship_id: int) -> Response | HttpResponse:
        wanted = query_params.choice(request, "status", [Game.Status.ACTIVE, Game.Status.FINISHED])
        form = wanted_format(request)
        if form == "csv":
            throttling.spend_download(request)
        championship = championship_for(request, championship_id)
        games = selectors.championship_games(championship, wanted)
        if form == "csv":
            # Every game of the championship, not one page of them.
            text = csv_exports.games_csv(
                games.select_related("match__group"),
                lambda game: request.build_absolute_uri(game.get_absolute_url()),
            )
            return csv_exports.download(text, f"championship-{championship.pk}-games.csv")
        body = []
        for game in games:
            names = seat_names(game)
            body.append(
                {
                    "id": game.pk,
                    "stage": game.match.stage.kind,
                    "round": game.match.round,
                    "players": names,
                    "status": game.status,
                    "result": {
                        "winner": names.get(game.winner) if game.winner else None,
                        "reason": game.result_reason or None,
                        "score": game.score,
                    },
                    "page": request.build_absolute_uri(game.get_absolute_url()),
                }
            )
        return Response(body)
