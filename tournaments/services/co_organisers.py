"""The organiser names co-organisers (referees): they decide the championship's games as
the organiser does, and the ones the organiser plays in. Naming them is the organiser's
alone, at any time (a game the organiser plays in may need one after the start), and is
logged."""

from django.db import transaction
from django.utils.translation import gettext as _

from accounts import selectors as account_selectors
from accounts.models import User
from infrastructure.errors import DomainError, NotAllowed
from tournaments import streams
from tournaments.models import Championship, Decision
from tournaments.services import decision_log
from tournaments.services.locking import locked_championship

CO_ORGANISERS_MAX = 10
FIELD = "co_organisers"


def checked_co_organisers(organiser: User, usernames: list[str]) -> list[User]:
    """The accounts named, in the order given (each once); a wrong name is refused,
    naming the field."""
    if len(usernames) > CO_ORGANISERS_MAX:
        raise DomainError(
            _("Name at most %(count)s co-organisers.") % {"count": CO_ORGANISERS_MAX}, field=FIELD
        )
    named: dict[int, User] = {}
    for username in usernames:
        # A guest or a closed account is nobody to name: as if there were no such player.
        user = account_selectors.player_named(username)
        if user is None:
            raise DomainError(
                _("There is no player called %(name)s.") % {"name": username}, field=FIELD
            )
        if user.pk == organiser.pk:
            raise DomainError(
                _("The organiser decides already: name others to decide with you."), field=FIELD
            )
        named.setdefault(user.pk, user)
    return list(named.values())


def set_co_organisers(championship: Championship, by: User, usernames: list[str]) -> None:
    """Name the locked championship's co-organisers (all of them: the list replaces the one
    before); a change is logged."""
    if by.pk != championship.organiser_id:
        raise NotAllowed(_("Only the organiser names the co-organisers."))
    chosen = checked_co_organisers(championship.organiser, usernames)
    before = sorted(user.username for user in championship.co_organisers.all())
    after = sorted(user.username for user in chosen)
    if before == after:
        return
    championship.co_organisers.set(chosen)
    # Co-organisers see a private championship: one named or dropped changes who may.
    streams.audience_changed(championship)
    decision_log.record(
        championship,
        Decision.Action.EDITED,
        by=by,
        before={FIELD: before},
        after={FIELD: after},
    )


def name_co_organisers(championship_id: int, *, by: User, usernames: list[str]) -> Championship:
    """The organiser names the co-organisers, before or after the start."""
    with transaction.atomic():
        championship = locked_championship(championship_id)
        set_co_organisers(championship, by, usernames)
    return championship
