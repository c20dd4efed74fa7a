"""What a player's plan changes in the games they create or join (Q14, Q21).

Entitlements themselves are decided in accounts/plans.py; this module says which game
options depend on them.
"""

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from accounts import plans
from config.errors import NotAllowed


def options_for_creator(game: str, options: Mapping[str, Any], creator) -> dict:
    """A new game's (or championship's) options as its creator's plan sets them.

    Quadrotone: turned patterns score in games a paid player creates, and only there
    (Q14), whatever the request says; the reverse variant needs the paid plan (Q21).
    """
    settled = dict(options)
    if game == "quadrotone":
        settled["rotations"] = plans.has_entitlement(creator, plans.Entitlement.ROTATED_PATTERNS)
        check_may_play(game, settled, creator)
    return settled


def check_may_play(game: str, options: Mapping[str, Any], player) -> None:
    """Refuse a player their seat in a game their plan does not open to them."""
    reverse = game == "quadrotone" and options.get("variant") == "reverse"
    if reverse and not plans.has_entitlement(player, plans.Entitlement.REVERSE_VARIANT):
        raise NotAllowed(
            _(
                "The reverse variant of Quadrotone is for paid accounts, and %(player)s's "
                "is free (Q21)."
            )
            % {"player": player.username},
            code="paid_plan_needed",
            field="options.variant",
        )
