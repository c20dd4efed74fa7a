"""Entering, inviting, answering an invitation, withdrawing, starting."""

from drf_spectacular.utils import (
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

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


class EntrySerializer(serializers.Serializer):
    username = StrictCharField(
        required=False,
        max_length=USERNAME_LENGTH,
        help_text="The player: the organiser invites them; yourself when left out.",
    )


EntryAnswer = inline_serializer(
    "EntryAnswer",
    {
        "status": serializers.ChoiceField(choices=["entered", "invited", "declined"]),
        "username": StrictCharField(),
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


class EntriesView(APIView):
    @extend_schema(
        operation_id="championships_enter",
        request=EntrySerializer,
        responses={201: EntryAnswer, **error_responses(400, 401, 403, 404, 409)},
        summary="Enter yourself, or (organiser) invite a player, who then accepts or declines",
    )
    def post(self, request: Request, championship_id: int) -> Response:
        championship_for(request, championship_id)
        payload = EntrySerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        username = payload.validated_data.get("username")
        added = services.enter_or_invite(championship_id, by=request.user, username=username)
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
