"""The seeds: the order the groups will be drawn in, which the organisers may set before the
start."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api import USERNAME_LENGTH
from infrastructure.api_docs import error_responses
from infrastructure.api_fields import StrictCharField
from tournaments import selectors, services
from tournaments.api.lookup import championship_for
from tournaments.models import Entry

MOST_SEEDS = 2000


class SeedOrderSerializer(serializers.Serializer):
    order = serializers.ListField(
        child=StrictCharField(max_length=USERNAME_LENGTH),
        max_length=MOST_SEEDS,
        allow_empty=True,
        help_text="Entrants' usernames, the top seed first; the entrants left out follow by "
        "rating. An empty list puts everyone back in rating order.",
    )


class SeedSerializer(serializers.Serializer):
    seed = serializers.IntegerField(help_text="1 is the top seed.")
    username = StrictCharField()
    by = serializers.ChoiceField(
        choices=["organiser", "rating"],
        help_text="Whether the organisers placed this entrant, or their rating did.",
    )


def _rows(order: list[Entry]) -> dict:
    return {
        "order": [
            {
                "seed": position,
                "username": entry.player.shown_name,
                "by": "rating" if entry.seed is None else "organiser",
            }
            for position, entry in enumerate(order, start=1)
        ]
    }


class SeedsSerializer(serializers.Serializer):
    order = SeedSerializer(many=True)


class SeedsView(APIView):
    def get_permissions(self) -> list:
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated()]

    @extend_schema(
        operation_id="championships_seeds",
        responses={200: SeedsSerializer, **error_responses(404)},
        summary="The seeds: the order the groups are drawn in (before the start, as it stands)",
    )
    def get(self, request: Request, championship_id: int) -> Response:
        championship = championship_for(request, championship_id)
        return Response(_rows(selectors.seeds_of(championship)))

    @extend_schema(
        operation_id="championships_set_seeds",
        request=SeedOrderSerializer,
        responses={200: SeedsSerializer, **error_responses(400, 401, 403, 404, 409)},
        summary="(organisers, before the start) Set the seeds",
    )
    def put(self, request: Request, championship_id: int) -> Response:
        championship_for(request, championship_id)
        payload = SeedOrderSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        order = services.set_seeds(
            championship_id, by=request.user, order=payload.validated_data["order"]
        )
        return Response(_rows(order))
