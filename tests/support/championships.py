"""Filling a championship the way players do: invited by the organiser, then accepting."""

from accounts.models import User
from tournaments import services
from tournaments.models import Championship, Entry


def invite_and_accept(championship: Championship, organiser: User, *players: User) -> list[Entry]:
    """Each player is invited and accepts; their entries in that order."""
    entries = []
    for player in players:
        services.invite(championship.pk, by=organiser, username=player.username)
        entries.append(services.accept_invitation(championship.pk, by=player))
    return entries
