"""Guests' games: removed with the guests who never came back (accounts' `guests_leaving`)."""

from django.db.models import Q

from games.models import Game


def remove_games_of_leaving_guests(sender, user_ids: list[int], **kwargs) -> None:
    """guests_leaving's receiver: every game a leaving guest sits in or created."""
    Game.objects.filter(Q(seats__user__in=user_ids) | Q(created_by__in=user_ids)).delete()
