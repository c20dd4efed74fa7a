"""What a client may ask of the games in a short time (infrastructure/throttling.py keeps the
count): a player's moves and other actions in one game, and positions replayed."""

from django.http import HttpRequest
from django.utils.translation import gettext as _
from rest_framework.request import Request

from accounts.models import User
from infrastructure import throttling


def spend_move(user: User, game_id: int) -> None:
    """One move sent by the player in the game: a burst, then a rate (TooMany beyond)."""
    throttling.spend(
        throttling.MOVES_SCOPES,
        throttling.account_ident(user),
        _("Too many moves in this game in a short time."),
        per=f"game-{game_id}",
    )


def spend_game_action(user: User, game_id: int) -> None:
    """One of the player's actions in the game that may be repeated (an undo, a draw offer,
    leaving and coming back, a rematch): each is published to everyone watching."""
    throttling.spend(
        [throttling.GAME_ACTIONS_SCOPE],
        throttling.account_ident(user),
        _("Too many requests about this game in a short time."),
        per=f"game-{game_id}",
    )


def spend_replay(request: HttpRequest | Request) -> None:
    """One position replayed for the client (`?move=N`): the engine plays the moves again."""
    throttling.spend(
        [throttling.REPLAYS_SCOPE],
        throttling.client_ident(request),
        _("Too many positions replayed in a short time."),
    )
