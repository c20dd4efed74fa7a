"""Championships API: create, list, edit, enter, invite, withdraw, start, standings,
bracket, games (the standings and the games also as CSV files), decisions and their log."""

from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config import query_params
from config.api_docs import error_responses
from config.api_fields import StrictBooleanField, StrictCharField, StrictIntegerField
from config.errors import NotFound
from games.api import USERNAME_LENGTH, GameChoiceField, TimeControlField
from games.models import Game
from games.outcomes import MatchFormat
from games.registry import MATCH_FORMATS
from games.selectors import seat_names
from tournaments import csv_exports, selectors, services, tiebreaks
from tournaments.models import (
    ABSENT_AFTER_DEFAULT_S,
    ROUND_DEADLINE_DEFAULT_S,
    ROUND_DEADLINE_MIN_S,
    Championship,
    Decision,
    Entry,
    Invitation,
)
from tournaments.services import creation
from tournaments.visibility import visible_championships


class CreateChampionshipSerializer(serializers.Serializer):
    name = StrictCharField(max_length=creation.NAME_MAX_CHARS)
    description = StrictCharField(
        required=False,
        allow_blank=True,
        max_length=creation.DESCRIPTION_MAX_CHARS,
        help_text="Plain text shown on the championship's page; line breaks are kept.",
    )
    game = GameChoiceField()
    options = serializers.DictField(
        required=False, default=dict, help_text="The game's options, as its rules name them."
    )
    group_size = StrictIntegerField(
        required=False, default=4, min_value=2, max_value=16, help_text="Players in a group."
    )
    advance_per_group = StrictIntegerField(
        required=False,
        default=2,
        min_value=1,
        max_value=16,
        help_text="Players of each group who go on to the playoff; at most the group size.",
    )
    group_format = serializers.ChoiceField(
        choices=MATCH_FORMATS, required=False, default=MatchFormat.EXPRESS
    )
    playoff_format = serializers.ChoiceField(
        choices=MATCH_FORMATS, required=False, default=MatchFormat.FULL
    )
    third_place = StrictBooleanField(required=False, default=True)
    rated = StrictBooleanField(required=False, default=True)
    time_control = TimeControlField(
        required=False,
        allow_null=True,
        help_text=(
            "The games' clock. Left out: 24 hours a move where the game's rules allow any "
            "clock, the rules' own clock where they set or limit it. `null`: no clock, "
            "where the rules allow that."
        ),
    )
    round_deadline_s = StrictIntegerField(
        required=False,
        default=ROUND_DEADLINE_DEFAULT_S,
        min_value=ROUND_DEADLINE_MIN_S,
        max_value=creation.ROUND_DEADLINE_MAX_S,
        help_text="Seconds each round has from its opening; a game still running then is decided.",
    )
    absent_after_s = StrictIntegerField(
        required=False,
        default=ABSENT_AFTER_DEFAULT_S,
        min_value=creation.ABSENT_AFTER_MIN_S,
        max_value=creation.ABSENT_AFTER_MAX_S,
        help_text="The organiser's page lists players who have not moved for longer than "
        "this many seconds.",
    )
    starts_at = serializers.DateTimeField(
        required=False,
        allow_null=True,
        default=None,
        help_text="When the championship starts by itself (ISO 8601; UTC without an "
        "offset); in the future.",
    )
    entries_close_at = serializers.DateTimeField(
        required=False,
        allow_null=True,
        default=None,
        help_text="When entries close (ISO 8601; UTC without an offset); in the future, "
        "and not after `starts_at`.",
    )
    points_system = serializers.ChoiceField(
        choices=list(tiebreaks.POINT_SYSTEMS), required=False, default="2-1-0"
    )
    tiebreaks = serializers.ListField(
        child=serializers.ChoiceField(choices=list(tiebreaks.TIEBREAKS)),
        required=False,
        default=list(tiebreaks.DEFAULT_TIEBREAKS),
        max_length=len(tiebreaks.TIEBREAKS),
        help_text="The tie-breaks in the order they apply.",
    )
    visibility = serializers.ChoiceField(
        choices=Championship.Visibility.choices, required=False, default="public"
    )


class EditChampionshipSerializer(CreateChampionshipSerializer):
    """Any of the settings; the ones left out stay as they are (`time_control: null`
    removes the clock, where the game's rules allow that)."""


class ChampionshipSerializer(serializers.ModelSerializer):
    game = GameChoiceField()
    organiser = serializers.CharField(source="organiser.username")
    time_control = TimeControlField(allow_null=True)
    winner = serializers.SerializerMethodField()
    entrants = serializers.SerializerMethodField()
    invitations = serializers.SerializerMethodField(
        help_text="The players invited who have not answered yet; only for the organiser "
        "(null for everyone else)."
    )
    page = serializers.SerializerMethodField()

    class Meta:
        model = Championship
        fields = [
            "id", "name", "description", "game", "options", "group_size", "advance_per_group",
            "group_format", "playoff_format", "third_place", "rated", "time_control",
            "round_deadline_s", "absent_after_s", "starts_at", "entries_close_at",
            "points_system", "tiebreaks", "visibility", "organiser", "status", "winner",
            "entrants", "invitations", "created_at", "started_at", "finished_at", "page",
        ]  # fmt: skip

    def get_winner(self, championship: Championship) -> str | None:
        return championship.winner.username if championship.winner_id else None

    def get_entrants(self, championship: Championship) -> list[str]:
        return [entry.player.username for entry in championship.entries.select_related("player")]

    @extend_schema_field(
        {"type": "array", "items": {"type": "string"}, "nullable": True, "readOnly": True}
    )
    def get_invitations(self, championship: Championship) -> list[str] | None:
        request = self.context.get("request")
        if request is None or request.user.pk != championship.organiser_id:
            return None
        return [
            invitation.player.username for invitation in selectors.pending_invitations(championship)
        ]

    def get_page(self, championship: Championship) -> str:
        request = self.context.get("request")
        url = championship.get_absolute_url()
        return request.build_absolute_uri(url) if request else url


# `?format=` of the exports: the JSON body (the default), or a CSV file of the same rows.
EXPORT_FORMATS = ("json", "csv")


def _format_parameter(rows: str) -> OpenApiParameter:
    return OpenApiParameter(
        "format",
        str,
        enum=list(EXPORT_FORMATS),
        description=f"json (the default), or csv: a file of {rows}",
    )


def _json_or_csv(body, columns: str) -> dict:
    """The 200 answer of an export: `body` as JSON, or with format=csv the CSV file."""
    description = (
        "JSON; with format=csv a CSV file (RFC 4180, UTF-8, a header row) with the columns "
        f"{columns}. Text that starts with = + - @ is written with a leading '."
    )
    return {
        (200, "application/json"): OpenApiResponse(body, description=description),
        (200, "text/csv"): OpenApiResponse(OpenApiTypes.STR, description=description),
    }


def _wanted_format(request: Request) -> str:
    return query_params.choice(request, "format", EXPORT_FORMATS) or "json"


def _championship(request: Request, championship_id: int) -> Championship:
    championship = visible_championships(request.user).filter(pk=championship_id).first()
    if championship is None:
        raise NotFound(_("No such championship."))
    return championship


class ChampionshipsView(APIView):
    def get_permissions(self) -> list:
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated()]

    @extend_schema(
        operation_id="championships_list",
        parameters=[OpenApiParameter("status", str, enum=Championship.Status.values)],
        responses={200: ChampionshipSerializer(many=True), **error_responses(400)},
        summary="Championships, newest first",
    )
    def get(self, request: Request) -> Response:
        championships = visible_championships(request.user)
        wanted = query_params.choice(request, "status", Championship.Status.values)
        if wanted:
            championships = championships.filter(status=wanted)
        data = ChampionshipSerializer(championships[:200], many=True, context={"request": request})
        return Response(data.data)

    @extend_schema(
        operation_id="championships_create",
        request=CreateChampionshipSerializer,
        responses={201: ChampionshipSerializer, **error_responses(400, 401, 403)},
        summary="Create a championship; you are its organiser",
    )
    def post(self, request: Request) -> Response:
        payload = CreateChampionshipSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        championship = services.create_championship(
            organiser=request.user, **payload.validated_data
        )
        body = ChampionshipSerializer(championship, context={"request": request}).data
        return Response(body, status=status.HTTP_201_CREATED)


class ChampionshipView(APIView):
    def get_permissions(self) -> list:
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated()]

    @extend_schema(
        operation_id="championships_detail",
        responses={200: ChampionshipSerializer, **error_responses(404)},
        summary="A championship",
    )
    def get(self, request: Request, championship_id: int) -> Response:
        championship = _championship(request, championship_id)
        return Response(ChampionshipSerializer(championship, context={"request": request}).data)

    @extend_schema(
        operation_id="championships_edit",
        request=EditChampionshipSerializer,
        responses={200: ChampionshipSerializer, **error_responses(400, 401, 403, 404, 409)},
        summary="Change any settings before the start (organiser); the change is logged",
    )
    def patch(self, request: Request, championship_id: int) -> Response:
        _championship(request, championship_id)
        payload = EditChampionshipSerializer(data=request.data, partial=True)
        payload.is_valid(raise_exception=True)
        championship = services.edit_championship(
            championship_id, by=request.user, **payload.validated_data
        )
        return Response(ChampionshipSerializer(championship, context={"request": request}).data)


class EntrySerializer(serializers.Serializer):
    username = StrictCharField(
        required=False,
        max_length=USERNAME_LENGTH,
        help_text="The player: the organiser invites them; yourself when left out.",
    )


EntryAnswer = inline_serializer(
    "EntryAnswer",
    {
        "status": serializers.ChoiceField(choices=["entered", "invited", "declined"]),
        "username": serializers.CharField(),
    },
)


def _answer(player_entry: Entry | Invitation) -> dict:
    if isinstance(player_entry, Entry):
        state = "entered"
    elif player_entry.status == Invitation.Status.DECLINED:
        state = "declined"
    else:
        state = "invited"
    return {"status": state, "username": player_entry.player.username}


class EntriesView(APIView):
    @extend_schema(
        operation_id="championships_enter",
        request=EntrySerializer,
        responses={201: EntryAnswer, **error_responses(400, 401, 403, 404, 409)},
        summary="Enter yourself, or (organiser) invite a player, who then accepts or declines",
    )
    def post(self, request: Request, championship_id: int) -> Response:
        _championship(request, championship_id)
        payload = EntrySerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        username = payload.validated_data.get("username")
        added = services.enter_or_invite(championship_id, by=request.user, username=username)
        return Response(_answer(added), status=status.HTTP_201_CREATED)

    @extend_schema(
        operation_id="championships_withdraw",
        request=EntrySerializer,
        responses={204: None, **error_responses(400, 401, 403, 404, 409)},
        summary="Withdraw yourself, or (organiser) remove or withdraw any player, or cancel "
        "an invitation; after the start the remaining games are forfeited",
    )
    def delete(self, request: Request, championship_id: int) -> Response:
        _championship(request, championship_id)
        payload = EntrySerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        username = payload.validated_data.get("username")
        services.withdraw(championship_id, by=request.user, username=username)
        return Response(status=status.HTTP_204_NO_CONTENT)


class AcceptInvitationView(APIView):
    @extend_schema(
        operation_id="championships_accept_invitation",
        request=None,
        responses={200: EntryAnswer, **error_responses(401, 403, 404, 409)},
        summary="Accept your invitation: you enter the championship",
    )
    def post(self, request: Request, championship_id: int) -> Response:
        _championship(request, championship_id)
        entry = services.accept_invitation(championship_id, by=request.user)
        return Response(_answer(entry))


class DeclineInvitationView(APIView):
    @extend_schema(
        operation_id="championships_decline_invitation",
        request=None,
        responses={200: EntryAnswer, **error_responses(401, 404)},
        summary="Decline your invitation",
    )
    def post(self, request: Request, championship_id: int) -> Response:
        _championship(request, championship_id)
        invitation = services.decline_invitation(championship_id, by=request.user)
        return Response(_answer(invitation))


class StartView(APIView):
    @extend_schema(
        operation_id="championships_start",
        request=None,
        responses={200: ChampionshipSerializer, **error_responses(401, 403, 404, 409)},
        summary="Seed, draw the groups and schedule the games (organiser)",
    )
    def post(self, request: Request, championship_id: int) -> Response:
        _championship(request, championship_id)
        championship = services.start(championship_id, by=request.user)
        return Response(ChampionshipSerializer(championship, context={"request": request}).data)


class StandingsView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="championships_standings",
        parameters=[_format_parameter("one row per player per group, then the final ranking")],
        responses={
            **_json_or_csv(
                inline_serializer(
                    "Standings",
                    {
                        "groups": serializers.ListField(child=serializers.DictField()),
                        "final": serializers.ListField(child=serializers.DictField()),
                    },
                ),
                "stage (groups or final), group, rank, username, points, played, won, drawn, "
                "lost, forfeits, then one per tie-break in the championship's order (the "
                "names of the JSON `tiebreaks`); the final ranking's rows give rank and "
                "username only",
            ),
            **error_responses(400, 404),
        },
        summary="Group tables with tie-breaks, and the final ranking (JSON or CSV)",
    )
    def get(self, request: Request, championship_id: int) -> Response | HttpResponse:
        wanted = _wanted_format(request)
        championship = _championship(request, championship_id)
        services.ask_worker_if_due(championship)
        body = selectors.standings(championship)
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
                "Bracket", {"rounds": serializers.ListField(child=serializers.DictField())}
            ),
            **error_responses(404),
        },
        summary="The playoff bracket",
    )
    def get(self, request: Request, championship_id: int) -> Response:
        return Response(selectors.bracket_view(_championship(request, championship_id)))


class ChampionshipGamesView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="championships_games",
        parameters=[
            OpenApiParameter("status", str, enum=[Game.Status.ACTIVE, Game.Status.FINISHED]),
            _format_parameter("every game of the championship (in `status` if given)"),
        ],
        responses={
            **_json_or_csv(
                inline_serializer(
                    "ChampionshipGame",
                    {
                        "id": serializers.IntegerField(),
                        "stage": serializers.CharField(),
                        "round": serializers.IntegerField(),
                        "players": serializers.DictField(),
                        "status": serializers.CharField(),
                        "result": serializers.DictField(),
                    },
                    many=True,
                ),
                "id, stage, group, round, match, first, second (the players by seat), status, "
                "result (first, second, draw, none when both lost; empty while playing), "
                "winner, reason, first_score, second_score, started, finished (ISO 8601), page",
            ),
            **error_responses(400, 404),
        },
        summary="The championship's games (JSON or CSV)",
    )
    def get(self, request: Request, championship_id: int) -> Response | HttpResponse:
        wanted = query_params.choice(request, "status", [Game.Status.ACTIVE, Game.Status.FINISHED])
        form = _wanted_format(request)
        championship = _championship(request, championship_id)
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


class AdjudicationSerializer(serializers.Serializer):
    outcome = serializers.ChoiceField(
        choices=list(services.adjudication.OUTCOMES),
        help_text="win (give `winner`), draw, or double_forfeit (both lose; groups only).",
    )
    winner = StrictCharField(
        required=False, allow_null=True, max_length=USERNAME_LENGTH, help_text="Who wins."
    )
    reason = StrictCharField(
        max_length=services.adjudication.REASON_MAX_CHARS,
        help_text="Why: shown in the championship's log and to the players.",
    )


class DecisionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    at = serializers.DateTimeField()
    by = serializers.CharField(allow_null=True, help_text="null: decided by the rules.")
    action = serializers.ChoiceField(choices=Decision.Action.choices)
    players = serializers.ListField(child=serializers.CharField())
    game = serializers.IntegerField(allow_null=True)
    before = serializers.DictField()
    after = serializers.DictField()
    reason = serializers.CharField()


class AdjudicateView(APIView):
    @extend_schema(
        operation_id="games_adjudicate",
        request=AdjudicationSerializer,
        responses={200: DecisionSerializer, **error_responses(400, 401, 403, 404, 409)},
        summary="Decide a championship game, running or finished (its organiser)",
    )
    def post(self, request: Request, game_id: int) -> Response:
        payload = AdjudicationSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        decision = services.adjudicate(
            game_id,
            by=request.user,
            outcome=data["outcome"],
            winner=data.get("winner"),
            reason=data["reason"],
        )
        decision = selectors.decisions(decision.championship).get(pk=decision.pk)
        return Response(DecisionSerializer(selectors.decision_entry(decision)).data)


class DecisionLogView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="championships_log",
        responses={200: DecisionSerializer(many=True), **error_responses(404)},
        summary="Every decision of the organiser and of the rules, newest first",
    )
    def get(self, request: Request, championship_id: int) -> Response:
        championship = _championship(request, championship_id)
        entries = [selectors.decision_entry(d) for d in selectors.decisions(championship)]
        return Response(DecisionSerializer(entries, many=True).data)
