"""What a plan's entitlement unlocks, in words for the account page."""

from django.utils.translation import gettext

from accounts.plans import FREE_CHAMPIONSHIP_ENTRANT_LIMIT, Entitlement
from games import registry


def description(entitlement: Entitlement) -> str:
    """What an entitlement unlocks, in words (translated when called).

    A game's own entitlements are described by its declaration (`entitlements`)."""
    for game in registry.declarations():
        if entitlement in game.entitlements:
            return str(game.entitlements[entitlement])
    descriptions = {
        Entitlement.LARGE_CHAMPIONSHIPS: gettext("Championships of more than %(limit)d entrants")
        % {"limit": FREE_CHAMPIONSHIP_ENTRANT_LIMIT},
        Entitlement.PRIVATE_CHAMPIONSHIPS: gettext(
            "Private championships, seen only by their organiser and entrants"
        ),
    }
    return descriptions.get(entitlement, entitlement.value.replace("_", " "))
