"""Entering, inviting, answering an invitation, withdrawing, starting."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import (
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.usernames import canonical_username
from games.api import USERNAME_LENGTH
from infrastructure.api_docs import error_responses
from infrastructure.api_fields import StrictCharField
from tournaments import services
from tournaments.api.championships import ChampionshipSerializer
from tournaments.api.lookup import championship_for
from tournaments.models import (
    Entry,
    Invitation,
)

JOIN_CODE_LENGTH = 64
# The ways to enter one request may take: one at a time.
ONE_OF = ("username", "usernames", "code")


class EntrySerializer(serializers.Serializer):
    username = StrictCharField(
        required=False,
        max_length=USERNAME_LENGTH,
        help_text="The player: the organiser invites them; yourself when left out.",
    )


class EnterSerializer(EntrySerializer):
    """At most one of `username`, `usernames` and `code`; none enters yourself."""

    usernames = serializers.ListField(
        child=StrictCharField(max_length=USERNAME_LENGTH),
        required=False,
        allow_empty=False,
        max_length=services.USERNAMES_MAX,
        help_text="The organiser invites each player named (their own name enters them), "
        "each on its own; the answer gives every name's outcome in the order sent. Each "
        f"name once; at most {services.USERNAMES_MAX}.",
    )
    code = StrictCharField(
        required=False,
        max_length=JOIN_CODE_LENGTH,
        help_text="The join link's code (the organiser's `join_code`): you enter by it, a "
        "private championship too.",
    )

    def validate_usernames(self, usernames: list[str]) -> list[str]:
        seen: set[str] = set()
        for username in usernames:
            key = canonical_username(username)
            if not key:
                raise serializers.ValidationError(_("A name is empty."))
            if key in seen:
                raise serializers.ValidationError(
                    _("%(name)s is named twice.") % {"name": username}
                )
            seen.add(key)
        return usernames

    def validate(self, attrs: dict) -> dict:
        given = [name for name in ONE_OF if name in self.initial_data]
        if len(given) > 1:
            words = _("Send only one of username, usernames and code.")
            raise serializers.ValidationError({name: [words] for name in given[1:]})
        return attrs


EntryAnswer = inline_serializer(
    "EntryAnswer",
    {
        "status": serializers.ChoiceField(choices=["entered", "invited", "declined"]),
        "username": StrictCharField(),
    },
)

InvitationsAnswer = inline_serializer(
    "InvitationsAnswer",
    {
        "results": inline_serializer(
            "InvitationOutcome",
            {
                "username": StrictCharField(help_text="The name as sent."),
                "status": serializers.ChoiceField(choices=[o.value for o in services.Outcome]),
                "code": StrictCharField(
                    required=False, help_text="Why the name was refused (with `error`)."
                ),
                "detail": StrictCharField(
                    required=False, help_text="The refusal in words (with `error`)."
                ),
            },
            many=True,
        ),
    },
)


def _answer(player_entry: Entry | Invitation) -> dict:
    if isinstance(player_entry, Entry):
        state = "entered"
    elif player_entry.status == Invitation.Status.DECLINED:
        state = "declined"
    else:
        state = "invited"
    return {"status": state, "username": player_entry.player.username}


def _outcomes_answer(outcomes: list[services.NameOutcome]) -> Response:
    """201 when every name went through, 207 when any was refused (with `Retry-After` when
    the budget of invitations refused some)."""
    results = []
    for outcome in outcomes:
        row = {"username": outcome.username, "status": outcome.status.value}
        if outcome.status is services.Outcome.ERROR:
            row |= {"code": outcome.code, "detail": outcome.detail}
        results.append(row)
    refused = any(outcome.status is services.Outcome.ERROR for outcome in outcomes)
    waits = [outcome.retry_after for outcome in outcomes if outcome.retry_after]
    return Response(
        {"results": results},
        status=status.HTTP_207_MULTI_STATUS if refused else status.HTTP_201_CREATED,
        headers={"Retry-After": str(max(waits))} if waits else None,
    )


class EntriesView(APIView):
    @extend_schema(
        operation_id="championships_enter",
        request=EnterSerializer,
        responses={
            201: PolymorphicProxySerializer(
                component_name="EntriesAnswer",
                serializers=[EntryAnswer, InvitationsAnswer],
                resource_type_field_name=None,
            ),
            207: OpenApiResponse(
                InvitationsAnswer, description="`usernames`: some of the names were refused."
            ),
            **error_responses(400, 401, 403, 404, 409),
        },
        summary="Enter yourself (by the join link's `code` too), or (organiser) invite a "
        "player or a list of players, who then accept or decline",
    )
    def post(self, request: Request, championship_id: int) -> Response:
        payload = EnterSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        if "code" in data:
            # The code opens a championship the player may not see yet: no look-up first.
            entry = services.enter_by_code(championship_id, by=request.user, code=data["code"])
            return Response(_answer(entry), status=status.HTTP_201_CREATED)
        championship_for(request, championship_id)
        if "usernames" in data:
            outcomes = services.invite_many(
                championship_id, by=request.user, usernames=data["usernames"]
            )
            return _outcomes_answer(outcomes)
        added = services.enter_or_invite(
            championship_id, by=request.user, username=data.get("username")
        )
        return Response(_answer(added), status=status.HTTP_201_CREATED)

    @extend_schema(
        operation_id="championships_withdraw",
        request=EntrySerializer,
        responses={204: None, **error_responses(400, 401, 403, 404, 409)},
        summary="Withdraw yourself, or (organiser) remove or withdraw any player, or cancel "
        "an invitation; after the start the remaining games are forfeited",
    )
    def delete(self, request: Request, championship_id: int) -> Response:
        championship_for(request, championship_id)
        payload = EntrySerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        username = payload.validated_data.get("username")
        services.withdraw(championship_id, by=request.user, username=username)
        return Response(status=status.HTTP_204_NO_CONTENT)


JoinLinkAnswer = inline_serializer(
    "JoinLinkAnswer",
    {
        "join_code": StrictCharField(help_text="The new code; the old one no longer works."),
        "join_url": serializers.URLField(help_text="The join link's page, with the new code."),
    },
)


class JoinCodeView(APIView):
    @extend_schema(
        operation_id="championships_replace_join_code",
        request=None,
        responses={200: JoinLinkAnswer, **error_responses(401, 403, 404)},
        summary="Replace the join link's code (organiser): the old link stops working at once",
    )
    def post(self, request: Request, championship_id: int) -> Response:
        championship_for(request, championship_id)
        championship = services.replace_join_code(championship_id, by=request.user)
        return Response(
            {
                "join_code": championship.join_code,
                "join_url": request.build_absolute_uri(championship.join_path()),
            }
        )


class AcceptInvitationView(APIView):
    @extend_schema(
        operation_id="championships_accept_invitation",
        request=None,
        responses={200: EntryAnswer, **error_responses(401, 403, 404, 409)},
        summary="Accept your invitation: you enter the championship",
    )
    def post(self, request: Request, championship_id: int) -> Response:
        championship_for(request, championship_id)
        entry = services.accept_invitation(championship_id, by=request.user)
        return Response(_answer(entry))


class DeclineInvitationView(APIView):
    @extend_schema(
        operation_id="championships_decline_invitation",
        request=None,
        responses={200: EntryAnswer, **error_responses(401, 404)},
        summary="Decline your invitation",
    )
    def post(self, request: Request, championship_id: int) -> Response:
        championship_for(request, championship_id)
        invitation = services.decline_invitation(championship_id, by=request.user)
        return Response(_answer(invitation))


class StartView(APIView):
    @extend_schema(
        operation_id="championships_start",
        request=None,
        responses={200: ChampionshipSerializer, **error_responses(401, 403, 404, 409)},
        summary="Seed, draw the groups and schedule the games (organiser)",
    )
    def post(self, request: Request, championship_id: int) -> Response:
        championship_for(request, championship_id)
        championship = services.start(championship_id, by=request.user)
        return Response(ChampionshipSerializer(championship, context={"request": request}).data)


class CheckInView(APIView):
    @extend_schema(
        operation_id="championships_check_in",
        request=None,
        responses={
            200: inline_serializer(
                "CheckedIn",
                {"username": StrictCharField(), "checked_in_at": serializers.DateTimeField()},
            ),
            **error_responses(401, 403, 404, 409),
        },
        summary="Check in (entrants, in the window before the start): you are in the draw",
    )
    def post(self, request: Request, championship_id: int) -> Response:
        championship_for(request, championship_id)
        entry = services.check_in(championship_id, by=request.user)
        return Response(
            {
                "username": entry.player.username,
                "checked_in_at": serializers.DateTimeField().to_representation(entry.checked_in_at),
            }
        )
