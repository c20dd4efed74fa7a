"""Changing a championship's settings before it starts, as its creation checks them."""

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from games import plan_rules
from infrastructure.errors import Conflict, NotAllowed
from tournaments import streams
from tournaments.models import Championship, Decision, Invitation
from tournaments.services import decision_log
from tournaments.services.co_organisers import set_co_organisers
from tournaments.services.creation import checked_settings
from tournaments.services.locking import locked_championship


def edit_championship(
    championship_id: int, *, by: User, co_organisers: list[str] | None = None, **changes
) -> Championship:
    """The organiser changes any of the settings before the start; the change is logged
    with the changed settings' values before and after. The co-organisers may be named at
    any time. A refusal changes nothing."""
    with transaction.atomic():
        championship = locked_championship(championship_id)
        if by.pk != championship.organiser_id:
            raise NotAllowed(_("Only the organiser changes the championship's settings."))
        if co_organisers is not None:
            set_co_organisers(championship, by, co_organisers)
            if not changes:
                return championship
        if championship.status != Championship.Status.REGISTRATION:
            raise Conflict(
                _("The championship has started; its settings can no longer be changed."),
                code="already_started",
            )
        values = checked_settings(championship.organiser, changes, current=championship)
        changed = [name for name, value in values.items() if getattr(championship, name) != value]
        if not changed:
            return championship
        if "game" in changed or "options" in changed:
            _check_players_may_play(championship, values["game"], values["options"])
        before = {name: _logged(getattr(championship, name)) for name in changed}
        for name in changed:
            setattr(championship, name, values[name])
        championship.save(update_fields=changed)
        if "visibility" in changed:
            streams.visibility_changed(championship)
        decision_log.record(
            championship,
            Decision.Action.EDITED,
            by=by,
            before=before,
            after={name: _logged(values[name]) for name in changed},
        )
    return championship


def _check_players_may_play(championship: Championship, game: str, options: dict) -> None:
    """Everyone entered or invited must still be allowed the game on their plan."""
    players = [entry.player for entry in championship.entries.select_related("player")]
    players += [
        invitation.player
        for invitation in championship.invitations.filter(
            status=Invitation.Status.INVITED
        ).select_related("player")
    ]
    for player in players:
        plan_rules.check_may_play(game, options, player)


def _logged(value: Any) -> Any:
    """A setting's value as the log's JSON keeps it."""
    return value.isoformat() if isinstance(value, datetime) else value
