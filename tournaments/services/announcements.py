"""The organisers' announcements: written once, shown on the championship's page and told to
every entrant, on the site and by e-mail."""

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from infrastructure import text as plain_text
from infrastructure import throttling
from infrastructure.errors import DomainError, NotAllowed
from tournaments import deciders, streams
from tournaments.models import Announcement
from tournaments.services import notices
from tournaments.services.locking import locked_championship


def announce(championship_id: int, *, by: User, text: str) -> Announcement:
    """An announcement by the organiser or a co-organiser (or staff): kept, and told to every
    entrant still in the championship."""
    text = text.strip()
    if not text:
        raise DomainError(_("Write the announcement first."), code="blank", field="text")
    if len(text) > Announcement.TEXT_MAX_CHARS:
        raise DomainError(
            _("An announcement is at most %(limit)s characters.")
            % {"limit": Announcement.TEXT_MAX_CHARS},
            code="max_length",
            field="text",
        )
    plain_text.check(text, "text", multiline=True)
    with transaction.atomic():
        championship = locked_championship(championship_id)
        if not deciders.has_a_deciders_role(by, championship):
            raise NotAllowed(_("Only the championship's organisers make announcements."))
        throttling.spend(
            [throttling.ANNOUNCEMENTS_SCOPE],
            throttling.account_ident(by),
            _("Too many announcements in a short time."),
        )
        announcement = Announcement.objects.create(championship=championship, author=by, text=text)
        notices.organiser_announced(announcement)
        streams.tell_after_commit(championship, [{"type": "announcement", "id": announcement.pk}])
    return announcement
