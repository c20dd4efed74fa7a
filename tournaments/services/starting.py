"""Starting a championship: seeding, then its system's beginning (the groups' draw and
every round robin, the Swiss's first pairing, the double-elimination bracket)."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from infrastructure.errors import Conflict, NotAllowed
from tournaments import streams
from tournaments.models import Championship, Decision
from tournaments.selectors import seeding_order
from tournaments.services import checking_in, decision_log, notices
from tournaments.services.invitations import cancel_pending_invitations
from tournaments.services.locking import locked_championship
from tournaments.systems import registry


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
        notices.championship_started(championship)
        opened = registry.system(championship.system).start(championship, entries)
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
