"""The organiser's seeds, before the start: the order the groups are drawn in, the Swiss's
pairing numbers, the double elimination's bracket."""

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.usernames import canonical_username
from infrastructure.errors import Conflict, DomainError, NotAllowed
from tournaments import deciders
from tournaments.models import Championship, Decision, Entry
from tournaments.selectors import seeding_order
from tournaments.services import decision_log
from tournaments.services.locking import locked_championship


def set_seeds(championship_id: int, *, by: User, order: list[str]) -> list[Entry]:
    """Seed the entrants named in `order`, best first; the others follow by rating. An empty
    order puts every entrant back in rating order. Returns the order the draw will use. A
    change of the order is logged with the order before and after it."""
    with transaction.atomic():
        championship = locked_championship(championship_id)
        if not deciders.has_a_deciders_role(by, championship):
            raise NotAllowed(_("Only the championship's organisers set the seeds."))
        if championship.status != Championship.Status.REGISTRATION:
            raise Conflict(
                _("The championship has started: the seeds can no longer change."),
                code="already_started",
            )
        entries = list(
            championship.entries.filter(withdrawn_at__isnull=True).select_related("player")
        )
        by_name = {entry.player.username_key: entry for entry in entries}
        keys = [canonical_username(name) for name in order]
        named = list(zip(order, keys, strict=True))
        repeated = sorted({name for name, key in named if keys.count(key) > 1})
        if repeated:
            raise DomainError(
                _("Each entrant is seeded once; named more than once: %(names)s.")
                % {"names": ", ".join(repeated)},
                code="duplicate",
                field="order",
            )
        strangers = [name for name, key in named if key not in by_name]
        if strangers:
            raise DomainError(
                _("Only entrants are seeded; not entered: %(names)s.")
                % {"names": ", ".join(strangers)},
                code="not_an_entrant",
                field="order",
            )
        before = [entry.player.username for entry in seeding_order(entries, championship.game)]
        seeds = {key: position for position, key in enumerate(keys, start=1)}
        for entry in entries:
            entry.seed = seeds.get(entry.player.username_key)
        Entry.objects.bulk_update(entries, ["seed"])
        seeded = seeding_order(entries, championship.game)
        after = [entry.player.username for entry in seeded]
        if after != before:
            decision_log.record(
                championship,
                Decision.Action.EDITED,
                by=by,
                before={"seeds": before},
                after={"seeds": after},
            )
        return seeded


def move_seed(championship_id: int, *, by: User, username: str, places: int) -> list[Entry]:
    """The organise page's arrows: move one entrant `places` up (negative) or down the
    current order; every entrant is seeded from then on, in the order shown."""
    with transaction.atomic():
        championship = locked_championship(championship_id)
        current = seeding_order(
            championship.entries.filter(withdrawn_at__isnull=True).select_related("player"),
            championship.game,
        )
        names = [entry.player.username for entry in current]
        key = canonical_username(username)
        at = next(
            (index for index, entry in enumerate(current) if entry.player.username_key == key),
            None,
        )
        if at is None:
            raise DomainError(
                _("Only entrants are seeded; not entered: %(names)s.") % {"names": username},
                code="not_an_entrant",
                field="username",
            )
        to = min(max(at + places, 0), len(names) - 1)
        names.insert(to, names.pop(at))
        return set_seeds(championship_id, by=by, order=names)
