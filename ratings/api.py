"""Ratings API: leaderboards and players' ratings with history."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import selectors as account_selectors
from games.game_field import game_names
from infrastructure.api_docs import error_responses
from infrastructure.api_fields import StrictCharField
from infrastructure.errors import NotFound
from ratings import selectors

LeaderboardRow = inline_serializer(
    "LeaderboardRow",
    {
        "rank": serializers.IntegerField(),
        "username": StrictCharField(),
        "rating": serializers.FloatField(),
        "rd": serializers.FloatField(),
        "games": serializers.IntegerField(),
        "provisional": serializers.BooleanField(
            help_text="The rating is not settled yet (RD 110 or more): shown with a “?”."
        ),
    },
    many=True,
)

PlayerSerializer = inline_serializer(
    "Player",
    {
        "username": StrictCharField(),
        "ratings": serializers.DictField(child=serializers.DictField()),
        "page": StrictCharField(),
    },
)


class LeaderboardView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="ratings_leaderboard",
        responses={200: LeaderboardRow, **error_responses(404)},
        summary="Players rated in a game: settled ratings best first, then provisional ones",
    )
    def get(self, request: Request, game: str) -> Response:
        games = game_names()
        if game not in games:
            raise NotFound(
                _("No game called %(game)r; games: %(games)s.")
                % {"game": game, "games": ", ".join(games)}
            )
        return Response(selectors.leaderboard(game))


class PlayerView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="players_detail",
        responses={200: PlayerSerializer, **error_responses(404)},
        summary="A player's rating in every game, with its history",
    )
    def get(self, request: Request, username: str) -> Response:
        player = account_selectors.active_user_by_username(username)
        return Response(
            {
                "username": player.username,
                "ratings": selectors.player_ratings(player),
                "page": request.build_absolute_uri(player.get_absolute_url()),
            }
        )
