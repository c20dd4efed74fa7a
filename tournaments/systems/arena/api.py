"""An Arena's own endpoints: a player pauses (not paired until they resume) and resumes."""

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from infrastructure.api_docs import error_responses
from infrastructure.api_fields import StrictCharField
from tournaments.api.lookup import championship_for
from tournaments.systems.arena.stage import set_paused


def _paused_view(paused: bool, summary: str, operation: str) -> type[APIView]:
    class PausedView(APIView):
        permission_classes = [IsAuthenticated]

        @extend_schema(
            operation_id=operation,
            request=None,
            responses={
                200: inline_serializer(
                    f"Arena{operation.title().replace('_', '')}",
                    {"username": StrictCharField(), "paused": serializers.BooleanField()},
                ),
                **error_responses(401, 403, 404, 409),
            },
            summary=summary,
        )
        def post(self, request: Request, championship_id: int) -> Response:
            championship_for(request, championship_id)
            entry = set_paused(championship_id, by=request.user, paused=paused)
            return Response(
                {"username": request.user.username, "paused": entry.paused_at is not None}
            )

    PausedView.__name__ = f"{operation.title().replace('_', '')}View"
    return PausedView


PauseView = _paused_view(
    True, "Pause in an Arena (entrants): not paired until you resume", "championships_pause"
)
ResumeView = _paused_view(
    False, "Resume in an Arena (entrants): paired again within seconds", "championships_resume"
)
