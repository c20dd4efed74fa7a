"""The join link: whoever has it enters while entries are open, a private championship too.

Its code is the only thing that opens the way in, so it is long and random, compared in
constant time, shown to the organiser alone, and replaced on their request (the old link
stops at once).
"""

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from infrastructure.errors import NotAllowed, NotFound
from tournaments.models import Championship, Entry, new_join_code
from tournaments.selectors import join_code_matches
from tournaments.services.entries import admit
from tournaments.services.invitations import organises_entries
from tournaments.services.locking import locked_championship
from tournaments.visibility import championship_visible_to

WRONG_JOIN_CODE = "wrong_join_code"


def enter_by_code(championship_id: int, *, by: User, code: str) -> Entry:
    """The player enters by the join link's code, with every check of an entry.

    A wrong code to a championship the player cannot see answers as a missing one (404);
    to one they see, 403 `wrong_join_code`. The code is checked before anything else, so
    a wrong one learns nothing of the championship."""
    with transaction.atomic():
        championship = Championship.objects.select_for_update().filter(pk=championship_id).first()
        if championship is None or not join_code_matches(championship, code):
            if championship is None or not championship_visible_to(championship, by):
                raise NotFound(_("No such championship."))
            raise NotAllowed(
                _(
                    "This join link is wrong or has been replaced: ask the organiser for "
                    "the new one."
                ),
                code=WRONG_JOIN_CODE,
                field="code",
            )
        return admit(championship, by)


def replace_join_code(championship_id: int, *, by: User) -> Championship:
    """A new join code for the championship (organiser); the old link stops at once."""
    with transaction.atomic():
        championship = locked_championship(championship_id)
        if not organises_entries(by, championship):
            raise NotAllowed(_("Only the organiser replaces the join link."))
        championship.join_code = new_join_code()
        championship.save(update_fields=["join_code"])
    return championship
