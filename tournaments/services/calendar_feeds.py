"""A player's private calendar address: made on first use, replaced on request.

The key in the address is the only thing that opens the calendar (calendar apps cannot
log in), so it is long and random, and a new one stops the old address at once.
"""

import secrets

from django.db import IntegrityError, transaction

from accounts.models import User
from tournaments.models import CalendarFeed

KEY_BYTES = 32  # 43 URL-safe characters


def new_key() -> str:
    return secrets.token_urlsafe(KEY_BYTES)


def calendar_feed(player: User) -> CalendarFeed:
    """The player's private calendar, made on first use."""
    feed = CalendarFeed.objects.filter(player=player).first()
    if feed is not None:
        return feed
    try:
        with transaction.atomic():
            return CalendarFeed.objects.create(player=player, key=new_key())
    except IntegrityError:
        # Made at the same moment by another request of the player's.
        return CalendarFeed.objects.get(player=player)


def replace_calendar_key(player: User) -> CalendarFeed:
    """A new address for the player's calendar; the old one answers 404 from now on."""
    feed, _created = CalendarFeed.objects.update_or_create(
        player=player, defaults={"key": new_key()}
    )
    return feed


def renew_calendar_key(player: User) -> None:
    """A new address for a calendar the player has (none is made): their password changed,
    so whoever read the old address no longer can (`accounts.signals.credentials_ended`)."""
    if CalendarFeed.objects.filter(player=player).exists():
        replace_calendar_key(player)
