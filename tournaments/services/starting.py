"""Starting a championship: seeding, then its system's beginning (the groups' draw and
every round robin, the Swiss's first pairing, the double-elimination bracket)."""

from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from infrastructure.errors import Conflict, NotAllowed
from tournaments import streams
from tournaments.models import Championship, Decision, Entry
from tournaments.selectors import seeding_order
from tournaments.services import announcements, checking_in, decision_log
from tournaments.services.invitations import cancel_pending_invitations
from tournaments.services.locking import locked_championship
from tournaments.systems.double_elimination.stage import start_double_elimination
from tournaments.systems.groups.stage import start_groups
from tournaments.systems.swiss.stage import start_swiss


@dataclass(frozen=True)
class Opened:
    """What a system's start made: for the decision log, and for the championship stream."""

    logged: dict
    told: list[dict]


def _draw_groups(championship: Championship, entries: list[Entry]) -> Opened:
    stage = start_groups(championship, entries)
    groups = list(stage.groups.values_list("pk", flat=True))
    return Opened(
        logged={"groups": len(groups)},
        told=[{"type": "round_opened", "group": pk, "round": 1} for pk in groups],
    )


def _start_swiss(championship: Championship, entries: list[Entry]) -> Opened:
    start_swiss(championship, entries)
    return Opened(
        logged={"rounds": championship.swiss_rounds}, told=[{"type": "round_opened", "round": 1}]
    )


def _start_double_elimination(championship: Championship, entries: list[Entry]) -> Opened:
    start_double_elimination(championship, entries)
    return Opened(logged={}, told=[{"type": "bracket"}])


# How each system begins once the entrants are seeded (best first).
STARTS: dict[str, Callable[[Championship, list[Entry]], Opened]] = {
    Championship.System.GROUPS: _draw_groups,
    Championship.System.SWISS: _start_swiss,
    Championship.System.DOUBLE_ELIMINATION: _start_double_elimination,
}


def start(championship_id: int, *, by: User, on_schedule: bool = False) -> Championship:
    """Seed the entrants and begin the championship's system (draw the groups, pair the
    Swiss's first round, make the bracket); logged as the organiser's decision, or the
    schedule's (`on_schedule`)."""
    with transaction.atomic():
        championship = locked_championship(championship_id)
        if by.pk != championship.organiser_id:
            raise NotAllowed(_("Only the organiser starts the championship."))
        if championship.status != Championship.Status.REGISTRATION:
            raise Conflict(_("The championship has already started."), code="already_started")
        checking_in.withdraw_absent(championship)
        entries = seeding_order(championship.entries.select_related("player"), championship.game)
        if len(entries) < 2:
            raise Conflict(
                _("A championship needs at least two entrants."), code="too_few_entrants"
            )
        # Told before the first games open, which tell each player of theirs.
        announcements.championship_started(championship)
        opened = STARTS[championship.system](championship, entries)
        championship.started_at = timezone.now()
        championship.save(update_fields=["started_at"])
        decision_log.record(
            championship,
            Decision.Action.STARTED,
            by=None if on_schedule else by,
            after={"entrants": len(entries), **opened.logged},
        )
        streams.tell_after_commit(
            championship, [{"type": "status", "status": championship.status}, *opened.told]
        )
        cancel_pending_invitations(championship)
    return championship
