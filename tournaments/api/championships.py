"""Championships: create, list, read, and edit before the start."""

from collections.abc import Mapping

from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api import USERNAME_LENGTH, GameChoiceField, TimeControlField
from games.outcomes import MatchFormat
from games.registry import MATCH_FORMATS
from infrastructure import query_params
from infrastructure.api_docs import error_responses
from infrastructure.api_fields import StrictBooleanField, StrictCharField, StrictIntegerField
from tournaments import selectors, services, tiebreaks
from tournaments.api.lookup import championship_for
from tournaments.models import (
    ABSENT_AFTER_DEFAULT_S,
    ROUND_DEADLINE_DEFAULT_S,
    ROUND_DEADLINE_MIN_S,
    Championship,
)
from tournaments.services import creation
from tournaments.services.co_organisers import CO_ORGANISERS_MAX
from tournaments.systems import registry
from tournaments.systems.arena import settings as arena_settings
from tournaments.systems.swiss import settings as swiss_settings
from tournaments.systems.swiss import standings as swiss_standings
from tournaments.visibility import visible_championships

# The settings' old names, taken for one release (docs/api.md): old → new.
OLD_NAMES = {
    "group_format": "stage_format",
    "advance": "playoff_players",
    "advance_per_group": "playoff_players_per_group",
}


class CreateChampionshipSerializer(serializers.Serializer):
    name = StrictCharField(max_length=creation.NAME_MAX_CHARS)
    description = StrictCharField(
        multiline=True,
        required=False,
        allow_blank=True,
        max_length=creation.DESCRIPTION_MAX_CHARS,
        help_text="Plain text shown on the championship's page; line breaks are kept.",
    )
    game = GameChoiceField()
    options = serializers.DictField(
        required=False, default=dict, help_text="The game's options, as its rules name them."
    )
    system = StrictCharField(
        max_length=20,
        required=False,
        default=registry.DEFAULT_SYSTEM,
        help_text="`groups`: round-robin groups, then a playoff. `swiss`: a Swiss by the FIDE "
        "Dutch system (`swiss_rounds`), then a playoff of the top `playoff_players` players (0: "
        "none). `double_elimination`: winners' and losers' brackets and a grand final "
        "(`grand_final_reset`). `arena`: for `arena_minutes`, whoever is free is paired "
        "at once with someone near them in the standings; points with streaks and berserk.",
    )
    swiss_rounds = StrictIntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=swiss_settings.SWISS_ROUNDS_MIN,
        max_value=swiss_settings.SWISS_ROUNDS_MAX,
        help_text="A Swiss's rounds; null: ⌈log2 n⌉ + 2 for n entrants. Never as many as the "
        "entrants: a Swiss of n players plays at most n − 1 rounds.",
    )
    playoff_players = StrictIntegerField(
        required=False,
        default=0,
        min_value=0,
        max_value=swiss_settings.ADVANCE_MAX,
        help_text="A Swiss's top players who go on to a playoff (with `playoff_format` and "
        "`third_place`); 0: the Swiss decides the ranking.",
    )
    grand_final_reset = StrictBooleanField(
        required=False,
        default=True,
        help_text="A double elimination: when the losers' bracket winner wins the grand "
        "final, one more match decides.",
    )
    arena_minutes = StrictIntegerField(
        required=False,
        default=60,
        min_value=arena_settings.ARENA_MINUTES_MIN,
        max_value=arena_settings.ARENA_MINUTES_MAX,
        help_text="An Arena: how long it runs from its start, in minutes.",
    )
    group_size = StrictIntegerField(
        required=False, default=4, min_value=2, max_value=16, help_text="Players in a group."
    )
    playoff_players_per_group = StrictIntegerField(
        required=False,
        default=2,
        min_value=1,
        max_value=16,
        help_text="Players of each group who go on to the playoff; at most the group size.",
    )
    stage_format = serializers.ChoiceField(
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
    check_in_s = StrictIntegerField(
        required=False,
        default=None,
        help_text="How many seconds before `starts_at` the entrants may check in (POST "
        "/check-in/); whoever has not is withdrawn at the start. 0: no check-in (the "
        "default); at most a week.",
    )
    points_system = serializers.ChoiceField(
        choices=list(tiebreaks.POINT_SYSTEMS), required=False, default="2-1-0"
    )
    tiebreaks = serializers.ListField(
        child=serializers.ChoiceField(choices=creation.all_tiebreaks()),
        required=False,
        default=None,
        allow_null=True,
        max_length=len(creation.all_tiebreaks()),
        help_text="The tie-breaks in the order they apply; left out, the system's own. "
        "Groups: "
        + ", ".join(tiebreaks.TIEBREAKS)
        + " (default "
        + ", ".join(tiebreaks.DEFAULT_TIEBREAKS)
        + "). Swiss (FIDE C.07): "
        + ", ".join(swiss_standings.SWISS_TIEBREAKS)
        + " (default "
        + ", ".join(swiss_standings.DEFAULT_SWISS_TIEBREAKS)
        + ").",
    )
    visibility = serializers.ChoiceField(
        choices=Championship.Visibility.choices, required=False, default="public"
    )
    co_organisers = serializers.ListField(
        child=StrictCharField(max_length=USERNAME_LENGTH),
        required=False,
        max_length=CO_ORGANISERS_MAX,
        help_text="Usernames of the co-organisers (referees): they decide games as the "
        "organiser does, and the games the organiser plays in. Nobody decides a game they "
        "play in.",
    )

    def to_internal_value(self, data):
        """The settings' old names are taken for one release (`OLD_NAMES`); a refusal names
        the field as it was sent."""
        if not isinstance(data, Mapping):
            return super().to_internal_value(data)
        sent_as = {}
        data = dict(data.items())
        for old, new in OLD_NAMES.items():
            if old not in data:
                continue
            if new in data:
                raise serializers.ValidationError(
                    {old: [f"`{old}` is the old name of `{new}`: give one of them."]}
                )
            data[new] = data.pop(old)
            sent_as[new] = old
        try:
            return super().to_internal_value(data)
        except serializers.ValidationError as refused:
            if isinstance(refused.detail, dict):
                refused.detail = {
                    sent_as.get(key, key): value for key, value in refused.detail.items()
                }
            raise

    def validate_system(self, value: str) -> str:
        """One of the systems in play (the settings list them)."""
        names = registry.names()
        if value not in names:
            raise serializers.ValidationError(
                f'"{value}" is not a system here; the systems: {", ".join(names)}.'
            )
        return value


class EditChampionshipSerializer(CreateChampionshipSerializer):
    """Any of the settings; the ones left out stay as they are (`time_control: null`
    removes the clock, where the game's rules allow that). `co_organisers` (the whole
    list) may be changed after the start too; the other settings only before it."""


class ChampionshipSerializer(serializers.ModelSerializer):
    game = GameChoiceField()
    organiser = StrictCharField(source="organiser.shown_name")
    time_control = TimeControlField(allow_null=True)
    winner = serializers.SerializerMethodField()
    entrants = serializers.SerializerMethodField()
    co_organisers = serializers.SerializerMethodField(
        help_text="Who decides games with the organiser, and the games the organiser plays in."
    )
    invitations = serializers.SerializerMethodField(
        help_text="The players invited who have not answered yet; only for the organiser "
        "(null for everyone else)."
    )
    join_url = serializers.SerializerMethodField(
        help_text="The join link: whoever opens it may enter while entries are open, a "
        "private championship too. Only for the organiser (null for everyone else)."
    )
    join_code = serializers.SerializerMethodField(
        help_text="The join link's secret, for `POST .../entries/ {code}`; replaced by "
        "`POST .../join-code/`. Only for the organiser (null for everyone else)."
    )
    page = serializers.SerializerMethodField()
    # The settings' old names, given for one release beside the new ones.
    group_format = serializers.CharField(
        source="stage_format", read_only=True, help_text="Old name of `stage_format`."
    )
    advance = serializers.IntegerField(
        source="playoff_players", read_only=True, help_text="Old name of `playoff_players`."
    )
    advance_per_group = serializers.IntegerField(
        source="playoff_players_per_group",
        read_only=True,
        help_text="Old name of `playoff_players_per_group`.",
    )

    class Meta:
        model = Championship
        fields = [
            "id", "name", "description", "game", "options", "system", "swiss_rounds",
            "playoff_players", "advance",
            "grand_final_reset", "arena_minutes", "group_size", "playoff_players_per_group",
            "advance_per_group", "stage_format", "group_format", "playoff_format", "third_place",
            "rated", "time_control",
            "round_deadline_s", "absent_after_s", "starts_at", "entries_close_at", "check_in_s",
            "points_system", "tiebreaks", "visibility", "organiser", "co_organisers", "status",
            "winner",
            "entrants", "invitations", "join_url", "join_code", "created_at", "started_at",
            "finished_at", "page",
        ]  # fmt: skip
        # An answer only: changes come in through the create and edit serializers.
        read_only_fields = fields

    def get_winner(self, championship: Championship) -> str | None:
        return championship.winner.shown_name if championship.winner_id else None

    def get_co_organisers(self, championship: Championship) -> list[str]:
        return [user.shown_name for user in championship.co_organisers.order_by("username")]

    def get_entrants(self, championship: Championship) -> list[str]:
        entries = championship.entries.select_related("player")
        return [entry.player.shown_name for entry in entries]

    @extend_schema_field(
        {"type": "array", "items": {"type": "string"}, "nullable": True, "readOnly": True}
    )
    def get_invitations(self, championship: Championship) -> list[str] | None:
        request = self.context.get("request")
        if request is None or request.user.pk != championship.organiser_id:
            return None
        return [
            invitation.player.shown_name
            for invitation in selectors.pending_invitations(championship)
        ]

    def _organising_entries(self, championship: Championship) -> Request | None:
        """The request, when it comes from the one who manages the entries."""
        request = self.context.get("request")
        if request is None or not services.organises_entries(request.user, championship):
            return None
        return request

    @extend_schema_field({"type": "string", "format": "uri", "nullable": True, "readOnly": True})
    def get_join_url(self, championship: Championship) -> str | None:
        request = self._organising_entries(championship)
        return request.build_absolute_uri(championship.join_path()) if request else None

    @extend_schema_field({"type": "string", "nullable": True, "readOnly": True})
    def get_join_code(self, championship: Championship) -> str | None:
        return championship.join_code if self._organising_entries(championship) else None

    def get_page(self, championship: Championship) -> str:
        request = self.context.get("request")
        url = championship.get_absolute_url()
        return request.build_absolute_uri(url) if request else url


# `?format=` of the exports: the JSON body (the default), or a CSV file of the same rows.


class ChampionshipsView(APIView):
    def get_permissions(self) -> list:
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated()]

    @extend_schema(
        operation_id="championships_list",
        parameters=[OpenApiParameter("status", str, enum=registry.status_names())],
        responses={200: ChampionshipSerializer(many=True), **error_responses(400)},
        summary="Championships, newest first",
    )
    def get(self, request: Request) -> Response:
        championships = visible_championships(request.user)
        wanted = query_params.choice(request, "status", registry.status_names())
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
        championship = championship_for(request, championship_id)
        return Response(ChampionshipSerializer(championship, context={"request": request}).data)

    @extend_schema(
        operation_id="championships_edit",
        request=EditChampionshipSerializer,
        responses={200: ChampionshipSerializer, **error_responses(400, 401, 403, 404, 409)},
        summary="Change any settings before the start, or the co-organisers at any time "
        "(organiser); the change is logged",
    )
    def patch(self, request: Request, championship_id: int) -> Response:
        championship_for(request, championship_id)
        payload = EditChampionshipSerializer(data=request.data, partial=True)
        payload.is_valid(raise_exception=True)
        championship = services.edit_championship(
            championship_id, by=request.user, **payload.validated_data
        )
        return Response(ChampionshipSerializer(championship, context={"request": request}).data)
