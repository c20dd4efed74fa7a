"""The API of a player's private calendar: its address, and a new one."""

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from infrastructure.api_docs import error_responses
from tournaments.services import calendar_feeds
from tournaments.views.calendars import address

CalendarAddress = inline_serializer(
    "CalendarAddress",
    {
        "url": serializers.URLField(
            help_text="Your private iCalendar feed of the games you still have to play; "
            "whoever has it may read it."
        )
    },
)


class CalendarFeedView(APIView):
    @extend_schema(
        operation_id="accounts_me_calendar",
        responses={200: CalendarAddress, **error_responses(401)},
        summary="Your private calendar's address (made on first use)",
    )
    def get(self, request: Request) -> Response:
        return Response({"url": address(request, calendar_feeds.calendar_feed(request.user))})

    @extend_schema(
        operation_id="accounts_me_calendar_replace",
        request=None,
        responses={200: CalendarAddress, **error_responses(401)},
        summary="A new address for your private calendar; the old one stops working at once",
    )
    def post(self, request: Request) -> Response:
        feed = calendar_feeds.replace_calendar_key(request.user)
        return Response({"url": address(request, feed)})
