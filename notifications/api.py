"""Notifications API: the list, marking read, the counts the pages poll, e-mail choices."""

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.selectors import games_to_move_count
from infrastructure import query_params
from infrastructure.api_docs import error_responses
from infrastructure.api_fields import StrictCharField
from infrastructure.converters import MAX_ID
from notifications import selectors, services
from notifications.kinds import Kind

DEFAULT_LIMIT = 50
MAX_LIMIT = 200
# The most ids one request marks read (a page shows far fewer).
MAX_IDS = 1000


class NotificationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=[kind.value for kind in Kind])
    text = StrictCharField(help_text="In your language and time zone; plain text.")
    url = StrictCharField(help_text="The page it is about: a path on this site.")
    created = serializers.DateTimeField()
    read = serializers.BooleanField()


@extend_schema_field(
    {
        "oneOf": [
            {
                "type": "array",
                "items": {"type": "integer", "minimum": 1, "maximum": MAX_ID},
                "maxItems": MAX_IDS,
            },
            {"type": "string", "enum": ["all"]},
        ],
        "description": 'The ids to mark read, or "all". Ids of notifications that are not '
        "yours are ignored, as are ids of none.",
    }
)
class IdsOrAllField(serializers.Field):
    default_error_messages = {
        "invalid": _('a list of notification ids (whole numbers), or "all"'),
        "too_many": _("at most {limit} ids at a time"),
    }

    def to_internal_value(self, data):
        if data == "all":
            return "all"
        if not isinstance(data, list):
            self.fail("invalid")
        if len(data) > MAX_IDS:
            self.fail("too_many", limit=MAX_IDS)
        for item in data:
            if isinstance(item, bool) or not isinstance(item, int) or not 1 <= item <= MAX_ID:
                self.fail("invalid")
        return data

    def to_representation(self, value):
        return value


class MarkReadSerializer(serializers.Serializer):
    ids = IdsOrAllField()


class UnreadSerializer(serializers.Serializer):
    unread = serializers.IntegerField(help_text="Your notifications still unread.")


class StatusSerializer(UnreadSerializer):
    your_move = serializers.IntegerField(help_text="Your games in play that wait for your move.")
    latest = serializers.IntegerField(
        allow_null=True,
        help_text="The id of your newest notification (null without one): when it changes, "
        "something new happened (an invitation, say).",
    )


@extend_schema_field(
    {
        "type": "object",
        "properties": {kind.value: {"type": "boolean"} for kind in Kind},
        "additionalProperties": False,
        "description": "Per kind of notification, whether it is also sent by e-mail "
        "(every kind is on unless turned off).",
    }
)
class EmailPreferencesField(serializers.Field):
    """{kind: true|false}: the kinds named are turned on or off, the others stay."""

    default_error_messages = {"invalid": _("an object of kinds, each true or false")}

    def to_internal_value(self, data) -> dict[str, bool]:
        if not isinstance(data, dict):
            self.fail("invalid")
        known = {kind.value for kind in Kind}
        errors = {}
        for kind, wanted in data.items():
            if kind not in known:
                errors[kind] = [_("no such kind of notification")]
            elif not isinstance(wanted, bool):
                errors[kind] = [_("true or false")]
        if errors:
            raise serializers.ValidationError(errors)
        return dict(data)

    def to_representation(self, value) -> dict[str, bool]:
        return value


class NotificationsView(APIView):
    @extend_schema(
        operation_id="notifications_list",
        parameters=[
            OpenApiParameter("unread", str, enum=["0", "1"], description="1: unread ones only"),
            OpenApiParameter(
                "limit", int, description=f"How many (default {DEFAULT_LIMIT}, at most {MAX_LIMIT})"
            ),
            OpenApiParameter("before", int, description="Only those older than this id (paging)"),
        ],
        responses={200: NotificationSerializer(many=True), **error_responses(400, 401)},
        summary="Your notifications, newest first",
    )
    def get(self, request: Request) -> Response:
        unread_only = query_params.choice(request, "unread", ["0", "1"]) == "1"
        limit = query_params.whole_number(
            request, "limit", default=DEFAULT_LIMIT, maximum=MAX_LIMIT
        )
        before = query_params.whole_number(request, "before", default=0, maximum=MAX_ID) or None
        found = selectors.notifications_of(request.user, unread_only=unread_only, before=before)
        rows = selectors.notification_rows(request.user, found[:limit])
        return Response(NotificationSerializer(rows, many=True).data)


class MarkReadView(APIView):
    @extend_schema(
        operation_id="notifications_read",
        request=MarkReadSerializer,
        responses={200: UnreadSerializer, **error_responses(400, 401)},
        summary="Mark notifications read (yours only; others' ids are ignored)",
    )
    def post(self, request: Request) -> Response:
        payload = MarkReadSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        services.mark_read(request.user, payload.validated_data["ids"])
        return Response({"unread": selectors.unread_count(request.user)})


class StatusView(APIView):
    @extend_schema(
        operation_id="notifications_status",
        responses={200: StatusSerializer, **error_responses(401)},
        summary="Your unread notifications and the games waiting for your move",
    )
    def get(self, request: Request) -> Response:
        return Response(
            {
                "unread": selectors.unread_count(request.user),
                "your_move": games_to_move_count(request.user),
                "latest": selectors.latest_id(request.user),
            }
        )
