"""Games API: create, accept or decline, read, move, resign, draw, record."""

from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
    extend_schema_field,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import budgets, publishing, selectors, services, streams
from games.engines import CPU_LEVELS, DEFAULT_CPU_LEVEL, engine
from games.game_field import game_names
from games.models import CPU_PLAYER, Game, Move
from games.refusals import translated_reason
from games.registry import MATCH_FORMATS
from infrastructure import downloads, query_params, throttling
from infrastructure.api_docs import error_responses
from infrastructure.api_fields import StrictBooleanField, StrictCharField, StrictIntegerField
from infrastructure.database_pool import lend_connection_back
from infrastructure.errors import DomainError, NotFound

MAX_WAIT_SECONDS = 10.0
# Move numbers fit the moves table's column on every database; no game comes near it.
MAX_SEQ = 2**31 - 1
USERNAME_LENGTH = 150


def _seconds(low: int) -> dict:
    return {"type": "number", "minimum": low, "maximum": 86_400, "nullable": True}


@extend_schema_field(
    {
        "type": "object",
        "nullable": True,
        "description": "The clock; null or {} for an untimed game. Give initial_s (a clock "
        "for the whole game, with increment_s added after each move), move_s (a limit for "
        "each move), or both. Some games allow only some clocks (see their rules).",
        "properties": {
            "initial_s": _seconds(1),
            "increment_s": _seconds(0),
            "move_s": _seconds(1),
        },
        "additionalProperties": False,
        "anyOf": [
            {"maxProperties": 0},
            {"required": ["initial_s"], "properties": {"initial_s": {"type": "number"}}},
            {"required": ["move_s"], "properties": {"move_s": {"type": "number"}}},
        ],
    }
)
class TimeControlField(serializers.DictField):
    """A time control as given; games/clocks.py checks it and names the key at fault."""


@extend_schema_field(
    {
        "oneOf": [
            {"type": "array", "items": {}},
            {"type": "object", "additionalProperties": {}},
        ],
        "description": "The move as the game's record writes it: docs/api.md (each "
        "game's part of Playing) gives every game's shapes, e.g. [x, y] for a point of "
        "a grid; a downloaded record (GET /api/games/{id}/record/) shows a real game's. "
        f"At most {services.MAX_MOVE_CHARS} characters of JSON.",
    }
)
class MovePayloadField(serializers.JSONField):
    """A move's payload: its size and shape are the game service's to judge (a refusal
    names `move`), before anything is stored."""


class GameChoiceField(serializers.ChoiceField):
    """A registered game's API name; the registry is read each time a serializer is made
    (DRF builds a serializer's fields anew from their arguments), not at import."""

    def __init__(self, **kwargs) -> None:
        super().__init__(choices=game_names(), **kwargs)


class CreateGameSerializer(serializers.Serializer):
    game = GameChoiceField()
    options = serializers.DictField(
        required=False, default=dict, help_text="The game's options, as its rules name them."
    )
    format = serializers.ChoiceField(
        choices=MATCH_FORMATS, required=False, allow_null=True, default=None
    )
    opponent = StrictCharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=USERNAME_LENGTH,
        help_text='"cpu" for a practice game (every other seat the CPU\'s), or a username.',
    )
    opponents = serializers.ListField(
        child=StrictCharField(max_length=USERNAME_LENGTH),
        required=False,
        allow_null=True,
        default=None,
        max_length=3,
        help_text="The usernames to invite to a game of more than two players.",
    )
    seat = StrictCharField(
        required=False,
        allow_null=True,
        default=None,
        max_length=10,
        help_text="Your seat, one of the game's seats (the keys of a game's `players`); "
        "the first when left out.",
    )
    rated = StrictBooleanField(required=False, default=False)
    time_control = TimeControlField(required=False, allow_null=True, default=None)
    cpu_level = serializers.ChoiceField(
        choices=CPU_LEVELS,
        required=False,
        allow_null=True,
        default=None,
        help_text=f'How strongly the CPU plays, with opponent "cpu" only: '
        f"{', '.join(CPU_LEVELS)} (weakest first; {DEFAULT_CPU_LEVEL} when left out).",
    )


class MoveSerializer(serializers.Serializer):
    seq = StrictIntegerField(
        min_value=1, max_value=MAX_SEQ, help_text="1-based number of this move (move_count + 1)."
    )
    move = MovePayloadField()


class RematchSerializer(serializers.Serializer):
    swap = StrictBooleanField(
        required=False, default=True, help_text="Change who moves first (the default)."
    )


class GameSerializer(serializers.Serializer):
    """The game as `games.selectors.game_detail` shows it."""

    id = serializers.IntegerField()
    game = GameChoiceField()
    kind = serializers.ChoiceField(choices=Game.Kind.choices)
    options = serializers.DictField()
    format = serializers.ChoiceField(choices=MATCH_FORMATS, allow_null=True)
    rated = serializers.BooleanField()
    cpu_level = serializers.ChoiceField(
        choices=CPU_LEVELS,
        allow_null=True,
        help_text="How strongly the CPU plays its seats; null in a game between players.",
    )
    players = serializers.DictField(
        child=StrictCharField(),
        help_text='seat → username ("cpu" for the CPU, "deleted player" for a deleted account)',
    )
    status = serializers.ChoiceField(choices=Game.Status.choices)
    to_move = StrictCharField(allow_null=True)
    to_move_seat = StrictCharField(allow_null=True)
    move_count = serializers.IntegerField()
    score = serializers.DictField(child=serializers.IntegerField())
    result = inline_serializer(
        "GameResult",
        {
            "winner": StrictCharField(allow_null=True),
            "winner_seat": StrictCharField(allow_null=True),
            "reason": StrictCharField(allow_null=True),
        },
    )
    clocks = serializers.DictField(child=serializers.FloatField())
    time_control = TimeControlField(allow_null=True)
    berserk_allowed = serializers.BooleanField(
        help_text="Whether a player may go berserk (halve their own clock before their "
        "first move: an Arena's games)."
    )
    berserk = serializers.ListField(
        child=StrictCharField(), help_text="The seats whose players went berserk."
    )
    secured = serializers.BooleanField()
    draw_offer = StrictCharField(allow_null=True)
    position = serializers.DictField()
    version = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    page = StrictCharField()
    watching = serializers.IntegerField(
        required=False, help_text="open live streams of the game now (its detail only)"
    )

    def to_representation(self, game: Game) -> dict:
        detail = selectors.game_detail(game)
        detail["cpu_level"] = game.cpu_level or None
        request = self.context.get("request")
        if request is not None:
            detail["page"] = request.build_absolute_uri(detail["page"])
        detail["created_at"] = serializers.DateTimeField().to_representation(detail["created_at"])
        return detail


class MoveRowSerializer(serializers.ModelSerializer):
    player = serializers.SerializerMethodField()
    move = serializers.JSONField(source="payload")
    reason = serializers.SerializerMethodField()

    class Meta:
        model = Move
        fields = ["seq", "seat", "player", "move", "status", "reason", "points", "score_after"]
        fields += ["received_at", "processed_at"]
        # An answer only: nothing here is ever written through it.
        read_only_fields = fields

    def get_player(self, move: Move) -> str:
        return move.player.shown_name if move.player_id else CPU_PLAYER

    def get_reason(self, move: Move) -> dict | None:
        if move.status != Move.Status.REFUSED:
            return None
        reason = {"code": move.refusal_code, "message": move.refusal_message}
        return translated_reason(self.context.get("game", ""), reason)


MoveResultSerializer = inline_serializer(
    "MoveResult",
    {
        "seq": serializers.IntegerField(),
        "status": serializers.ChoiceField(choices=Move.Status.choices),
        "url": StrictCharField(),
        "reason": serializers.DictField(required=False),
        "score": serializers.DictField(required=False),
        "game_over": serializers.BooleanField(required=False),
    },
)


def _seen_game(request: Request, game_id: int) -> Game:
    """The game, if the requester may see it (otherwise 404, as for a game that does not
    exist). Every request of a seated player about the game shows them present (S5, S3):
    an API bot that only reads the game while it thinks is not disconnected."""
    game = selectors.visible_game(game_id, request.user)
    if game is None:
        raise NotFound(_("No such game."))
    if request.user.is_authenticated:
        services.touch_presence(game, request.user)
    return game


def _game(request: Request, game_id: int) -> Game:
    """The game as it stands, for a reader; a read changes nothing (a clock that has run
    out is the worker's to decide: the read hands the game to it)."""
    return services.ask_worker_if_due(_seen_game(request, game_id))


class GamesView(APIView):
    @extend_schema(
        operation_id="games_list",
        parameters=[OpenApiParameter("status", str, enum=Game.Status.values)],
        responses={200: GameSerializer(many=True), **error_responses(400, 401)},
        summary="Your games, newest first",
    )
    def get(self, request: Request) -> Response:
        status_wanted = query_params.choice(request, "status", Game.Status.values)
        games = selectors.games_of(request.user, status_wanted, viewer=request.user)[:100]
        return Response(GameSerializer(games, many=True, context={"request": request}).data)

    @extend_schema(
        operation_id="games_create",
        request=CreateGameSerializer,
        responses={201: GameSerializer, **error_responses(400, 401, 429)},
        summary="Start a practice game against the CPU, or invite a player (each has a "
        "budget per account: beyond it 429 with Retry-After)",
    )
    def post(self, request: Request) -> Response:
        payload = CreateGameSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        game = services.create_game(creator=request.user, **payload.validated_data)
        body = GameSerializer(game, context={"request": request}).data
        return Response(body, status=status.HTTP_201_CREATED)


class GameView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="games_detail",
        responses={200: GameSerializer, **error_responses(404)},
        summary="A game: players, position, score, clocks, result",
    )
    def get(self, request: Request, game_id: int) -> Response:
        game = _game(request, game_id)
        detail = GameSerializer(game, context={"request": request}).data
        detail["watching"] = streams.watching(game.pk)
        return Response(detail)


def _action(operation_id: str, summary: str, service, *, budgeted: bool = False):
    """A POST endpoint that runs one game service for the requesting player; `budgeted`:
    one the player may repeat, on the player's budget of actions in the game."""
    errors = (401, 403, 404, 409, 429) if budgeted else (401, 403, 404, 409)

    class ActionView(APIView):
        @extend_schema(
            operation_id=operation_id,
            request=None,
            responses={200: GameSerializer, **error_responses(*errors)},
            summary=summary,
        )
        def post(self, request: Request, game_id: int) -> Response:
            if budgeted:
                budgets.spend_game_action(request.user, game_id)
            _seen_game(request, game_id)
            game = service(game_id, request.user)
            return Response(GameSerializer(game, context={"request": request}).data)

    ActionView.__name__ = ActionView.__qualname__ = f"{operation_id.title().replace('_', '')}View"
    return ActionView


AcceptView = _action("games_accept", "Accept an invitation", services.accept_invitation)
DeclineView = _action(
    "games_decline", "Decline (or withdraw) an invitation", services.decline_invitation
)
ResignView = _action("games_resign", "Resign the game", services.resign)
DrawView = _action(
    "games_draw",
    "Offer a draw, or accept the opponent's offer",
    services.offer_draw,
    budgeted=True,
)
UndoView = _action(
    "games_undo",
    "Take back your last move (where the rules allow): at once against the CPU; against a "
    "person the first call asks and the opponent's call consents",
    services.undo,
    budgeted=True,
)
AwayView = _action(
    "games_away",
    "Leave the game for now; the CPU plays for you (where the rules allow)",
    lambda game_id, user: services.set_away(game_id, user, True),
    budgeted=True,
)
BackView = _action(
    "games_back",
    "Come back to your seat",
    lambda game_id, user: services.set_away(game_id, user, False),
    budgeted=True,
)
BerserkView = _action(
    "games_berserk",
    "Go berserk: halve your own clock before your first move, in a game that allows it "
    "(an Arena's: a win so played scores one point more)",
    services.go_berserk,
)


class RematchView(APIView):
    @extend_schema(
        operation_id="games_rematch",
        request=RematchSerializer,
        responses={201: GameSerializer, **error_responses(400, 401, 403, 404, 409, 429)},
        summary="Another game with the same opponent and settings; `swap` (default) changes "
        "who moves first",
    )
    def post(self, request: Request, game_id: int) -> Response:
        budgets.spend_game_action(request.user, game_id)
        _seen_game(request, game_id)
        payload = RematchSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        game = services.another_game(game_id, request.user, swap=payload.validated_data["swap"])
        body = GameSerializer(game, context={"request": request}).data
        return Response(body, status=status.HTTP_201_CREATED)


class MovesView(APIView):
    def get_permissions(self) -> list:
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated()]

    @extend_schema(
        operation_id="games_moves_list",
        parameters=[
            OpenApiParameter(
                "after",
                {"type": "integer", "minimum": 0, "maximum": MAX_SEQ},
                description="Only moves numbered above this.",
            )
        ],
        responses={200: MoveRowSerializer(many=True), **error_responses(400, 404)},
        summary="The moves of a game, with their status and result",
    )
    def get(self, request: Request, game_id: int) -> Response:
        after = query_params.whole_number(request, "after", default=0, maximum=MAX_SEQ)
        game = _game(request, game_id)
        rows = selectors.move_rows(game, after)
        return Response(MoveRowSerializer(rows, many=True, context={"game": game.game}).data)

    @extend_schema(
        operation_id="games_moves_submit",
        request=MoveSerializer,
        parameters=[
            OpenApiParameter(
                "wait",
                {"type": "number", "minimum": 0, "maximum": MAX_WAIT_SECONDS},
                description="Wait up to this many seconds (≤ 10) for the result.",
            )
        ],
        responses={
            200: MoveResultSerializer,
            202: MoveResultSerializer,
            **error_responses(400, 401, 403, 404, 409, 429),
        },
        summary="Play a move; it is checked by a worker. A player's moves in one game have "
        "a budget (a burst, then a rate) and only so many may wait for the worker at once: "
        "beyond either the answer is 429 with Retry-After",
    )
    def post(self, request: Request, game_id: int) -> Response:
        # Counted before anything is read: a flood of moves, good or bad, costs one look
        # at the cache each.
        budgets.spend_move(request.user, game_id)
        payload = MoveSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        wait = _wait_seconds(request)
        move, _created = services.submit_move(
            game_id=game_id,
            user=request.user,
            seq=payload.validated_data["seq"],
            payload=payload.validated_data["move"],
        )
        url = request.build_absolute_uri(f"/api/games/{game_id}/moves/?after={move.seq - 1}")
        result = None
        if wait > 0 and move.status == Move.Status.PENDING:
            lend_connection_back()
            result = publishing.wait_for_move(move.pk, wait)
            if result is None:
                move.refresh_from_db()  # embedded, or the wait ran out
        if result is None and move.status != Move.Status.PENDING:
            result = services.move_result(move)
        if result is None:
            body = {"seq": move.seq, "status": move.status, "url": url}
            return Response(body, status=status.HTTP_202_ACCEPTED)
        if result.get("reason"):
            game = move.game.game if move.game_id else ""
            result = {**result, "reason": translated_reason(game, result["reason"])}
        return Response({**result, "url": url}, status=status.HTTP_200_OK)


def _wait_seconds(request: Request) -> float:
    raw = request.query_params.get("wait")
    if raw is None:
        return 0.0
    try:
        seconds = float(raw)
    except ValueError:
        raise DomainError(_("seconds, a number from 0 to 10"), field="wait") from None
    if not 0 <= seconds <= MAX_WAIT_SECONDS:
        raise DomainError(_("seconds, a number from 0 to 10"), field="wait")
    return seconds


# The media type of each record format an engine may write.
# The record formats the API serves, and how; a game writes some of them (record_formats).
RECORD_CONTENT_TYPES = {"json": "application/json", "sgf": "application/x-go-sgf"}


class RecordView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="games_record",
        parameters=[
            OpenApiParameter(
                "format",
                str,
                enum=list(RECORD_CONTENT_TYPES),
                description="json (default), or another of the game's record formats",
            )
        ],
        responses={
            **{
                (200, content_type): OpenApiTypes.OBJECT if form == "json" else OpenApiTypes.STR
                for form, content_type in RECORD_CONTENT_TYPES.items()
            },
            **error_responses(400, 404, 429),
        },
        summary="The game record (JSON, or the game's own format such as SGF); downloads "
        "have a budget per client (beyond it 429 with Retry-After)",
    )
    def get(self, request: Request, game_id: int) -> HttpResponse:
        throttling.spend_download(request)
        game = _game(request, game_id)
        form = request.query_params.get("format", "json")
        formats = engine(game.game).record_formats
        if form not in formats:
            raise DomainError(_("one of %(names)s") % {"names": ", ".join(formats)}, field="format")
        text = services.game_record(game, form)
        content_type = RECORD_CONTENT_TYPES[form]
        response = HttpResponse(text, content_type=f"{content_type}; charset=utf-8")
        response["Content-Disposition"] = downloads.disposition(f"{game.game}-{game.pk}.{form}")
        return response
