"""The API's answers that read many apps: a player's own account with their notices'
e-mail choices (`/api/accounts/me/`)."""

from django.conf import settings
from django.db import transaction
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import emails, services
from accounts.api import (
    AccountSerializer,
    DeleteAccountSerializer,
    OptionalEmailField,
    count_own_password_attempt,
)
from accounts.models import User
from accounts.services import preferences
from infrastructure import time_zones
from infrastructure.api_docs import error_responses
from infrastructure.api_fields import StrictBooleanField, StrictCharField, StrictEmailField
from notifications import selectors as notification_selectors
from notifications import services as notification_services
from notifications.api import EmailPreferencesField


class MeSerializer(AccountSerializer):
    email = OptionalEmailField()
    is_staff = StrictBooleanField()
    notifications = EmailPreferencesField()

    email_verified = StrictBooleanField(
        help_text="Whether `email` is confirmed; e-mails go only to a confirmed address."
    )
    email_pending = StrictEmailField(
        allow_null=True,
        help_text="The address being changed to, until the link e-mailed to it is followed.",
    )

    language = serializers.ChoiceField(
        choices=[("", ""), *settings.LANGUAGES],
        help_text="The site's language you chose; empty: your browser's.",
    )
    time_zone = StrictCharField(
        allow_blank=True,
        help_text="The time zone you chose for dates on the pages and in e-mails (an IANA "
        "name, e.g. Europe/Warsaw); empty: your browser's. The API's own dates are in UTC.",
    )

    def to_representation(self, user: User) -> dict:
        pending = emails.pending_address(user)
        return {
            **super().to_representation(user),
            "language": user.language,
            "time_zone": user.time_zone,
            "email": user.email,
            "email_verified": bool(emails.verified_address(user)),
            "email_pending": pending if pending and pending != user.email.lower() else None,
            "is_staff": user.is_staff,
            "notifications": notification_selectors.email_preferences(user),
        }


class MeChangeSerializer(serializers.Serializer):
    """What a player may change of their own account; what is left out stays."""

    email = StrictEmailField(
        required=False,
        max_length=254,
        help_text=(
            "A new address: a link is e-mailed to it, and it replaces the current one once "
            "the link is followed."
        ),
    )
    notifications = EmailPreferencesField(required=False)
    language = StrictCharField(
        required=False,
        allow_blank=True,
        max_length=16,
        help_text="The site's language: "
        + ", ".join(dict(settings.LANGUAGES))
        + "; empty follows your browser.",
    )
    time_zone = StrictCharField(
        required=False,
        allow_blank=True,
        max_length=time_zones.NAME_LENGTH,
        help_text="An IANA time zone name (Europe/Warsaw, Asia/Tokyo); empty follows your browser.",
    )
    password = StrictCharField(
        write_only=True,
        required=False,
        trim_whitespace=False,
        max_length=128,
        help_text="Your password, asked for with a new `email` (as for deleting the account).",
    )


class MeView(APIView):
    @extend_schema(
        operation_id="accounts_me",
        responses={200: MeSerializer, **error_responses(401)},
        summary="Your account: plan, its end and what it entitles you to",
    )
    def get(self, request: Request) -> Response:
        return Response(MeSerializer(request.user, context={"request": request}).data)

    @extend_schema(
        operation_id="accounts_me_change",
        request=MeChangeSerializer,
        responses={200: MeSerializer, **error_responses(400, 401, 429)},
        summary="Change your account: its e-mail address (your password confirms it), your "
        "language and time zone, which notifications are also e-mailed",
    )
    def patch(self, request: Request) -> Response:
        change = MeChangeSerializer(data=request.data)
        change.is_valid(raise_exception=True)
        changes = change.validated_data
        if "email" in changes:
            count_own_password_attempt(request)
        # All or nothing: one value refused leaves every other as it was. The e-mail address
        # comes last, since starting its change sends a link that no rollback takes back.
        with transaction.atomic():
            if "language" in changes:
                preferences.set_language(request.user, changes["language"])
            if "time_zone" in changes:
                preferences.set_time_zone(request.user, changes["time_zone"])
            if changes.get("notifications"):
                notification_services.set_email_preferences(
                    request.user, changes["notifications"], field="notifications"
                )
            if "email" in changes:
                emails.change_address(
                    request._request,
                    request.user,
                    changes["email"],
                    password=changes.get("password", ""),
                )
        return Response(MeSerializer(request.user, context={"request": request}).data)

    @extend_schema(
        operation_id="accounts_me_delete",
        request=DeleteAccountSerializer,
        responses={
            204: OpenApiResponse(description="The account is deleted; its tokens end now."),
            **error_responses(400, 401, 429),
        },
        summary="Delete your account: your personal data go, your games and results stay",
    )
    def delete(self, request: Request) -> Response:
        confirmation = DeleteAccountSerializer(data=request.data)
        confirmation.is_valid(raise_exception=True)
        count_own_password_attempt(request)
        services.delete_account(request.user, password=confirmation.validated_data["password"])
        if hasattr(request._request, "session"):
            request._request.session.flush()  # a browser's session ends with this answer
        return Response(status=status.HTTP_204_NO_CONTENT)
