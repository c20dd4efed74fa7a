"""The organisers' announcements to a championship's entrants."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from infrastructure.api_docs import error_responses
from infrastructure.api_fields import StrictCharField
from tournaments import selectors, services
from tournaments.api.lookup import championship_for
from tournaments.models import Announcement


class NewAnnouncementSerializer(serializers.Serializer):
    text = StrictCharField(
        multiline=True,
        max_length=Announcement.TEXT_MAX_CHARS,
        help_text="Plain text, line breaks kept; every entrant gets it on the site and by e-mail.",
    )


class AnnouncementSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    text = StrictCharField(multiline=True)
    by = StrictCharField(source="author.shown_name")
    created_at = serializers.DateTimeField()


class AnnouncementsView(APIView):
    def get_permissions(self) -> list:
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated()]

    @extend_schema(
        operation_id="championships_announcements",
        responses={200: AnnouncementSerializer(many=True), **error_responses(404)},
        summary="The organisers' announcements, newest first",
    )
    def get(self, request: Request, championship_id: int) -> Response:
        championship = championship_for(request, championship_id)
        found = selectors.announcements_of(championship)
        return Response(AnnouncementSerializer(found, many=True).data)

    @extend_schema(
        operation_id="championships_announce",
        request=NewAnnouncementSerializer,
        responses={201: AnnouncementSerializer, **error_responses(400, 401, 403, 404, 429)},
        summary="(organisers) Tell every entrant something, on the site and by e-mail",
    )
    def post(self, request: Request, championship_id: int) -> Response:
        championship_for(request, championship_id)
        payload = NewAnnouncementSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        announcement = services.announce(
            championship_id, by=request.user, text=payload.validated_data["text"]
        )
        return Response(AnnouncementSerializer(announcement).data, status=status.HTTP_201_CREATED)
