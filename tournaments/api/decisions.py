"""The organiser's decision on a game, and the championship's log of decisions."""

from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
)
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api import USERNAME_LENGTH
from infrastructure import query_params
from infrastructure.api_docs import error_responses
from infrastructure.api_fields import StrictCharField
from tournaments import selectors, services
from tournaments.api.lookup import championship_for
from tournaments.models import (
    Decision,
)


class AdjudicationSerializer(serializers.Serializer):
    outcome = serializers.ChoiceField(
        choices=list(services.adjudication.OUTCOMES),
        help_text="win (give `winner`), draw, or double_forfeit (both lose; groups only).",
    )
    winner = StrictCharField(
        required=False, allow_null=True, max_length=USERNAME_LENGTH, help_text="Who wins."
    )
    reason = StrictCharField(
        multiline=True,
        max_length=services.adjudication.REASON_MAX_CHARS,
        help_text="Why: shown in the championship's log and to the players.",
    )


class DecisionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    at = serializers.DateTimeField()
    by = StrictCharField(allow_null=True, help_text="null: decided by the rules.")
    action = serializers.ChoiceField(choices=Decision.Action.choices)
    players = serializers.ListField(child=StrictCharField())
    game = serializers.IntegerField(allow_null=True)
    before = serializers.DictField()
    after = serializers.DictField()
    reason = StrictCharField()


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


# The log of a big championship holds an entry for every game decided at a deadline.
LOG_PAGE = 200
LOG_PAGE_MAX = 1000


class DecisionLogView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="championships_log",
        parameters=[
            OpenApiParameter(
                "limit",
                int,
                description=f"At most this many (default {LOG_PAGE}, at most {LOG_PAGE_MAX}).",
            ),
            OpenApiParameter("before", int, description="Only decisions older than this id."),
        ],
        responses={200: DecisionSerializer(many=True), **error_responses(400, 404)},
        summary="Every decision of the organiser and of the rules, newest first",
    )
    def get(self, request: Request, championship_id: int) -> Response:
        limit = query_params.whole_number(request, "limit", default=LOG_PAGE, maximum=LOG_PAGE_MAX)
        before = query_params.whole_number(request, "before", default=0, maximum=2**63 - 1)
        championship = championship_for(request, championship_id)
        decisions = selectors.decisions(championship)
        if before:
            decisions = decisions.filter(pk__lt=before)
        entries = [selectors.decision_entry(d) for d in decisions[:limit]]
        return Response(DecisionSerializer(entries, many=True).data)
