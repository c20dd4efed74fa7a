"""Accounts API: register, token (and its rotation), me (its export and deletion), passwords,
the staff-only plan change, and the search for players by name."""

from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
    inline_serializer,
)
from rest_framework import exceptions, serializers, status
from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from accounts import (
    emails,
    guests,
    logins,
    mfa,
    passwords,
    plans,
    selectors,
    services,
    staff,
    tokens,
)
from accounts.models import Plan, User
from accounts.usernames import canonical_username
from infrastructure import downloads, throttling
from infrastructure.api_docs import error_responses
from infrastructure.api_fields import (
    PasswordField,
    StrictCharField,
    StrictEmailField,
)


class InvalidCredentials(exceptions.AuthenticationFailed):
    default_detail = "Wrong username or password."
    default_code = "invalid_credentials"


class SecondFactorRequired(exceptions.AuthenticationFailed):
    default_detail = "This account asks for a code from its authenticator app."
    default_code = "mfa_required"


class TooManyLogInAttempts(exceptions.Throttled):
    """Over the budget of failed log-ins the pages and the API share (allauth's)."""

    default_code = "throttled"


@extend_schema_field(
    {
        "type": "string",
        "anyOf": [{"format": "email"}, {"maxLength": 0}],
        "description": 'An e-mail address, or "" for none.',
    }
)
class OptionalEmailField(StrictEmailField):
    """An e-mail address or the empty string: an account need not give one."""

    def __init__(self, **kwargs) -> None:
        super().__init__(allow_blank=True, **kwargs)


class RegisterSerializer(serializers.Serializer):
    username = StrictCharField(max_length=30, trim_whitespace=True)
    password = PasswordField()
    email = OptionalEmailField(required=False, default="")


class CredentialsSerializer(serializers.Serializer):
    username = StrictCharField(max_length=150)
    password = PasswordField()
    code = StrictCharField(
        write_only=True,
        required=False,
        max_length=32,
        help_text=(
            "With two-factor authentication on: the authenticator app's current code, "
            "or one of the account's recovery codes. Staff accounts must have it on and "
            "send it: a staff token is issued only with it."
        ),
    )


class PasswordChangeSerializer(serializers.Serializer):
    old_password = PasswordField()
    new_password = PasswordField()


class PasswordResetSerializer(serializers.Serializer):
    email = StrictEmailField(max_length=254)


class TokenSerializer(serializers.Serializer):
    token = StrictCharField()


class PlanChangeSerializer(serializers.Serializer):
    plan = serializers.ChoiceField(choices=Plan.choices)
    until = serializers.DateTimeField(
        required=False,
        allow_null=True,
        default=None,
        help_text="When the paid plan ends (ISO 8601); absent or null: it does not end.",
    )


class AccountSerializer(serializers.Serializer):
    """A user's plan as it stands now."""

    username = StrictCharField()
    plan = serializers.ChoiceField(choices=Plan.choices, help_text="The plan in force now.")
    plan_until = serializers.DateTimeField(allow_null=True)
    entitlements = serializers.ListField(
        child=serializers.ChoiceField(choices=[e.value for e in plans.Entitlement])
    )
    championship_entrant_limit = serializers.IntegerField(
        allow_null=True, help_text="Most entrants in a championship you organise; null: no limit."
    )
    page = StrictCharField()

    def to_representation(self, user: User) -> dict:
        request = self.context.get("request")
        page = user.get_absolute_url()
        until = plans.paid_until(user)
        return {
            "username": user.username,
            "plan": plans.effective_plan(user).value,
            "plan_until": serializers.DateTimeField().to_representation(until) if until else None,
            "entitlements": sorted(e.value for e in plans.entitlements(user)),
            "championship_entrant_limit": plans.championship_entrant_limit(user),
            "page": request.build_absolute_uri(page) if request else page,
        }


class DeleteAccountSerializer(serializers.Serializer):
    password = PasswordField(
        help_text="Your password, to confirm that you are deleting your own account.",
    )


class RegisteredSerializer(AccountSerializer):
    token = StrictCharField()


class RegisterView(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list = []
    throttle_classes = [throttling.AddressRateThrottle]
    throttle_scope = throttling.REGISTER_SCOPE

    @extend_schema(
        operation_id="accounts_register",
        request=RegisterSerializer,
        responses={201: RegisteredSerializer, **error_responses(400, 429)},
        summary="Create a free account and get its API token",
    )
    def post(self, request: Request) -> Response:
        payload = RegisterSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        user = services.register_user(**payload.validated_data)
        emails.record_new_account_address(request._request, user)
        body = AccountSerializer(user, context={"request": request}).data
        body["token"] = services.api_token(user).key
        return Response(body, status=status.HTTP_201_CREATED)


class TokenView(APIView):
    permission_classes = [AllowAny]
    # The log-in counts against the budgets every password attempt shares (see `post`).
    throttle_classes: list = []

    def get_authenticators(self) -> list:
        # Logging in takes a password, not a token or a session (and so needs no CSRF token);
        # logging out (DELETE) needs to know who is asking.
        if self.request is not None and self.request.method == "DELETE":
            return super().get_authenticators()
        return []

    def get_authenticate_header(self, request: Request) -> str:
        # Wrong credentials are a 401 that points at token authentication, even
        # though this endpoint itself takes a password.
        return "Token"

    def get_permissions(self) -> list:
        if self.request is not None and self.request.method == "DELETE":
            return [IsAuthenticated()]
        return super().get_permissions()

    @extend_schema(
        operation_id="accounts_token",
        request=CredentialsSerializer,
        responses={
            200: inline_serializer("TokenResponse", {"token": StrictCharField()}),
            **error_responses(400, 401, 403, 429),
        },
        summary="Exchange a username and password (and the second factor's code) for the API token",
    )
    def post(self, request: Request) -> Response:
        # The address's budget is spent before the body is read: a client over it costs the
        # server no parsing, whatever it sends.
        wait = throttling.password_address_wait(request)
        if wait is not None:
            raise exceptions.Throttled(wait)
        credentials = CredentialsSerializer(data=request.data)
        credentials.is_valid(raise_exception=True)
        username = credentials.validated_data["username"]
        # Counted for the name the log-in gets, in the canonical form it looks it up by.
        wait = throttling.password_attempt_wait(None, canonical_username(username))
        if wait is not None:
            raise exceptions.Throttled(wait)
        try:
            user = logins.account_for(
                request._request, username=username, password=credentials.validated_data["password"]
            )
            if user is None:
                raise InvalidCredentials(_("Wrong username or password."))
            second_factor = mfa.has_totp(user)
            if second_factor:
                self._check_second_factor(request, user, credentials.validated_data.get("code"))
        except logins.TooManyAttempts:
            raise TooManyLogInAttempts(
                detail=_("Too many failed log-in attempts. Try again later.")
            ) from None
        return Response({"token": tokens.issue_api_token(user, second_factor=second_factor).key})

    @staticmethod
    def _check_second_factor(request: Request, user: User, code: str | None) -> None:
        if not code:
            raise SecondFactorRequired(
                _("This account asks for a code from its authenticator app; send it as code.")
            )
        if not logins.second_factor_ok(request._request, user, code):
            raise InvalidCredentials(_("Wrong code from the authenticator app."))

    @extend_schema(
        operation_id="accounts_token_revoke",
        request=None,
        responses={204: OpenApiResponse(description="Token revoked"), **error_responses(401)},
        summary="Revoke your API token (log out everywhere)",
    )
    def delete(self, request: Request) -> Response:
        services.revoke_api_token(request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TokenRotateView(APIView):
    @extend_schema(
        operation_id="accounts_token_rotate",
        request=None,
        responses={200: TokenSerializer, **error_responses(401, 403)},
        summary="Replace your API token with a new one; the old one stops working at once",
    )
    def post(self, request: Request) -> Response:
        second_factor = staff.credential_passed_second_factor(request)
        return Response(
            {"token": tokens.rotate_api_token(request.user, second_factor=second_factor).key}
        )


def count_own_password_attempt(request: Request) -> None:
    """A password the account's holder types to confirm a change is a password attempt like
    any log-in, on the same budget; over it the request is refused (429)."""
    wait = throttling.password_attempt_wait(
        request, canonical_username(request.user.get_username())
    )
    if wait is not None:
        raise exceptions.Throttled(wait)


class PasswordView(APIView):
    @extend_schema(
        operation_id="accounts_password_change",
        request=PasswordChangeSerializer,
        responses={
            204: OpenApiResponse(
                description="Changed; the account's tokens and other sessions have ended"
            ),
            **error_responses(400, 401, 429),
        },
        summary="Change your password (the current one is asked for)",
    )
    def post(self, request: Request) -> Response:
        change = PasswordChangeSerializer(data=request.data)
        change.is_valid(raise_exception=True)
        count_own_password_attempt(request)
        passwords.change_password(
            request._request,
            request.user,
            **change.validated_data,
            keep_session=isinstance(request.successful_authenticator, SessionAuthentication),
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class PasswordResetView(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list = []
    throttle_classes = [throttling.AddressRateThrottle]
    throttle_scope = throttling.PASSWORD_RESET_SCOPE

    @extend_schema(
        operation_id="accounts_password_reset",
        request=PasswordResetSerializer,
        responses={
            202: inline_serializer("PasswordResetAccepted", {"message": StrictCharField()}),
            **error_responses(400, 429),
        },
        summary="E-mail a link to choose a new password (the same answer for any address)",
    )
    def post(self, request: Request) -> Response:
        payload = PasswordResetSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        email = payload.validated_data["email"]
        wait = throttling.email_wait(email, throttling.PASSWORD_RESET_EMAIL_SCOPE)
        if wait is not None:
            raise exceptions.Throttled(wait)
        passwords.request_password_reset(request._request, email)
        message = _(
            "If an account has this address, a link to choose a new password is on its way to it."
        )
        return Response({"message": message}, status=status.HTTP_202_ACCEPTED)


class AccountRateThrottle(ScopedRateThrottle):
    """The view's `throttle_scope` per account, its rate read from the settings each time."""

    def get_rate(self) -> str | None:
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)


class ExportView(APIView):
    # Every game's record is written: a few downloads an hour are plenty for a person.
    throttle_classes = [AccountRateThrottle]
    throttle_scope = "personal_data_export"

    @extend_schema(
        operation_id="accounts_me_export",
        responses={
            200: OpenApiResponse(
                OpenApiTypes.OBJECT,
                description="A JSON file (an attachment) of everything the site keeps of you: "
                "`format`, `version`, `exported_at`, then one section per kind of data "
                "(`profile`, `plan_changes`, `games` with their records, `championships`, "
                "`ratings`, `notifications`, ...).",
            ),
            **error_responses(401, 429),
        },
        summary="Download your own data as a JSON file",
    )
    def get(self, request: Request) -> Response:
        body = services.personal_data_export(request.user)
        name = services.export_filename(request.user)
        return Response(
            body,
            headers={
                "Content-Disposition": downloads.disposition(name),
                # Personal data: no shared cache keeps it.
                "Cache-Control": "private, no-store",
            },
        )


class PlanView(APIView):
    permission_classes = [staff.HasStaffPowers]

    @extend_schema(
        operation_id="accounts_plan_change",
        request=PlanChangeSerializer,
        responses={200: AccountSerializer, **error_responses(400, 401, 403, 404)},
        summary="Change a user's plan (staff only)",
    )
    def post(self, request: Request, username: str) -> Response:
        user = selectors.active_user_by_username(username)
        change = PlanChangeSerializer(data=request.data)
        change.is_valid(raise_exception=True)
        services.change_plan(
            user=user,
            plan=change.validated_data["plan"],
            until=change.validated_data["until"],
            changed_by=request.user,
        )
        return Response(AccountSerializer(user, context={"request": request}).data)


# A search is for the start of a username, which is at most this long.
SEARCH_MAX_CHARS = 150


class PlayerSearchSerializer(serializers.Serializer):
    search = StrictCharField(max_length=SEARCH_MAX_CHARS)


PlayerNameSerializer = inline_serializer(
    "PlayerName",
    {"username": StrictCharField(), "page": StrictCharField()},
    many=True,
)


class PlayerSearchView(APIView):
    """Players by the start of their name, to pick one to invite: names and pages only, the
    same as every player's profile shows; never a guest or a deleted account."""

    # A search runs as the player types: a budget per account keeps it to people typing.
    throttle_classes = [AccountRateThrottle]
    throttle_scope = "player_search"

    @extend_schema(
        operation_id="players_search",
        parameters=[
            OpenApiParameter(
                "search",
                {"type": "string", "minLength": 1, "maxLength": SEARCH_MAX_CHARS},
                required=True,
                description="The start of the name, in any letter case.",
            )
        ],
        responses={200: PlayerNameSerializer, **error_responses(400, 401, 403, 429)},
        summary=f"Up to {selectors.PLAYER_SEARCH_LIMIT} players whose names begin so, "
        "alphabetically",
    )
    def get(self, request: Request) -> Response:
        guests.refuse_guest(request.user, guests.GuestRefusal.OTHER_GAMES)
        query = PlayerSearchSerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        text = query.validated_data["search"]
        return Response(
            [
                {
                    "username": name,
                    "page": request.build_absolute_uri(reverse("player", args=[name])),
                }
                for name in selectors.players_named_like(text, asker=request.user)
            ]
        )
