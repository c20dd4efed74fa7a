"""What a player's plan changes in the games they create or join (Q14, Q21 and the like).

Entitlements themselves are decided in accounts/plans.py; each game's declaration says
which of its options depend on them: an option the creator's plan sets (`from_plan`), and
choices that every player needs an entitlement for (`paid_choices`).
"""

from collections.abc import Mapping
from typing import Any

from accounts import plans
from games import registry
from infrastructure.errors import NotAllowed


def options_for_creator(game: str, options: Mapping[str, Any], creator) -> dict:
    """A new game's (or championship's) options as its creator's plan sets them: an option
    set by the plan takes the creator's entitlement, whatever the request says."""
    settled = dict(options)
    for option in registry.declaration(game).options:
        if option.from_plan is not None:
            settled[option.name] = plans.has_entitlement(creator, option.from_plan)
    check_may_play(game, settled, creator)
    return settled


def check_may_play(game: str, options: Mapping[str, Any], player) -> None:
    """Refuse a player their seat in a game their plan does not open to them."""
    for option in registry.declaration(game).options:
        value = options.get(option.name)
        # Compared, not looked up: a request's value may be any JSON, lists too.
        needed = next((e for choice, e in option.paid_choices.items() if choice == value), None)
        if needed is not None and not plans.has_entitlement(player, needed):
            raise NotAllowed(
                str(option.paid_refusal) % {"player": player.username},
                code="paid_plan_needed",
                field=f"options.{option.name}",
            )
