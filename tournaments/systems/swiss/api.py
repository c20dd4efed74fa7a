"""A Swiss as a FIDE Tournament Report File, for the endorsed pairing checkers."""

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.views import APIView

from infrastructure import downloads, query_params, throttling
from infrastructure.api_docs import error_responses
from tournaments import services
from tournaments.api.lookup import championship_for
from tournaments.systems.swiss import trf_selectors

CONTENT_TYPE = "text/plain; charset=utf-8"


class TrfView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="championships_trf",
        parameters=[
            OpenApiParameter(
                "after_round",
                int,
                description="The rounds written: 1 to this one (default: the last round "
                "whose games are all decided).",
            )
        ],
        responses={
            (200, "text/plain"): OpenApiResponse(
                OpenApiTypes.STR,
                description="The Swiss as a Tournament Report File (TRF-16 with the 2026 "
                "extension lines XXR/142, XXC/152, 162 and 192), as bbpPairings and JaVaFo "
                "read it; pairing numbers are the players' numbers, the first seat is white.",
            ),
            **error_responses(400, 404, 409, 429),
        },
        summary="A Swiss as a FIDE Tournament Report File (on the client's budget of downloads)",
    )
    def get(self, request: Request, championship_id: int) -> HttpResponse:
        throttling.spend_download(request)
        championship = championship_for(request, championship_id)
        services.ask_worker_if_due(championship)
        stage = trf_selectors.swiss_stage_of(championship)
        complete = trf_selectors.rounds_complete(stage)
        after = query_params.whole_number(
            request, "after_round", default=complete, maximum=complete
        )
        text = trf_selectors.report_file(championship, stage, after)
        response = HttpResponse(text.encode(), content_type=CONTENT_TYPE)
        response["Content-Disposition"] = downloads.disposition(
            f"championship-{championship.pk}.trf"
        )
        return response
