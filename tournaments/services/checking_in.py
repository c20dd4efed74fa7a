"""Check-in: in the window before the start the entrants confirm they are there; at the start
whoever has not is withdrawn before the first round is drawn, and the log says so."""

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from infrastructure.errors import Conflict, NotAllowed
from tournaments import selectors, streams
from tournaments.models import Championship, Decision, Entry
from tournaments.services import decision_log, notices
from tournaments.services.locking import locked_championship


def check_in(championship_id: int, *, by: User) -> Entry:
    """The entrant confirms they will play; checking in again changes nothing."""
    with transaction.atomic():
        championship = locked_championship(championship_id)
        entry = championship.entries.filter(player=by, withdrawn_at__isnull=True).first()
        if entry is None:
            raise NotAllowed(_("Only entrants check in."), code="not_an_entrant")
        found = selectors.check_in_window(championship)
        if found is None:
            raise Conflict(_("This championship has no check-in."), code="no_check_in")
        now = timezone.now()
        if championship.status != Championship.Status.REGISTRATION or now >= found[1]:
            raise Conflict(_("Check-in closed at the start."), code="check_in_closed")
        if now < found[0]:
            raise Conflict(
                _("Check-in opens at %(time)s.")
                % {"time": timezone.localtime(found[0]).strftime("%Y-%m-%d %H:%M %Z")},
                code="check_in_not_open",
            )
        if entry.checked_in_at is None:
            entry.checked_in_at = now
            entry.save(update_fields=["checked_in_at"])
            streams.audience_changed(championship)
        return entry


def withdraw_absent(championship: Championship) -> list[User]:
    """At the start (the championship locked): the entrants who did not check in leave
    before the draw, each is told why, and the log names them (by the rules). Returns
    them."""
    if selectors.check_in_window(championship) is None:
        return []
    absent = list(
        championship.entries.filter(
            withdrawn_at__isnull=True, checked_in_at__isnull=True
        ).select_related("player")
    )
    if not absent:
        return []
    Entry.objects.filter(pk__in=[entry.pk for entry in absent]).delete()
    players = [entry.player for entry in absent]
    notices.missed_check_in(championship, players)
    decision_log.record(
        championship,
        Decision.Action.REMOVED,
        by=None,
        players=players,
        before={"entry": "entered"},
        after={"entry": "removed", "missed_check_in": True},
    )
    return players


def remind_open(now: datetime) -> int:
    """The sweep's part: the entrants of each championship whose check-in has opened are
    told, once, with the link to check in. Returns how many championships."""
    opened = 0
    for championship in Championship.objects.filter(
        status=Championship.Status.REGISTRATION, check_in_s__gt=0, starts_at__gt=now
    ):
        if selectors.check_in_open(championship, now):
            notices.check_in_opened(championship)
            opened += 1
    return opened
