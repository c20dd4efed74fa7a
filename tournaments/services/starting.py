"""Starting a championship: seeding, the groups' draw, every round robin, round one."""

import random

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from infrastructure.errors import Conflict, NotAllowed
from tournaments import pairing, streams
from tournaments.models import Championship, Decision, Group, GroupMember, Match, Stage
from tournaments.pairing import group_name
from tournaments.selectors import seeding_order
from tournaments.services import announcements, checking_in, decision_log
from tournaments.services.invitations import cancel_pending_invitations
from tournaments.services.locking import locked_championship
from tournaments.services.progress import open_round


def start(championship_id: int, *, by: User, on_schedule: bool = False) -> Championship:
    """Seed, draw the groups, schedule every round robin and open round one; logged as the
    organiser's decision, or the schedule's (`on_schedule`)."""
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
        seeds = {entry.pk: seed for seed, entry in enumerate(entries, start=1)}
        lots = list(range(1, len(entries) + 1))
        random.SystemRandom().shuffle(lots)
        lot_of = dict(zip(seeds, lots, strict=True))

        stage = Stage.objects.create(
            championship=championship, kind=Stage.Kind.GROUPS, format=championship.group_format
        )
        count = pairing.group_count_for(len(entries), championship.group_size)
        members, matches, groups = [], [], []
        for order, seeded in enumerate(pairing.snake_groups(entries, count)):
            schedule = pairing.round_robin(seeded)
            group = Group.objects.create(
                stage=stage, order=order, name=group_name(order), rounds=len(schedule)
            )
            groups.append(group.pk)
            members += [
                GroupMember(
                    group=group, entry=entry, position=position,
                    seed=seeds[entry.pk], lot=lot_of[entry.pk],
                )
                for position, entry in enumerate(seeded, start=1)
            ]  # fmt: skip
            for round_number, pairs in enumerate(schedule, start=1):
                for index, (first, second) in enumerate(pairs):
                    if second is None:
                        continue  # a bye: no match
                    matches.append(
                        Match(stage=stage, group=group, round=round_number, index=index,
                              first=first, second=second)
                    )  # fmt: skip
        GroupMember.objects.bulk_create(members)
        Match.objects.bulk_create(matches, batch_size=2000)
        championship.status = Championship.Status.GROUPS
        championship.started_at = timezone.now()
        championship.save(update_fields=["status", "started_at"])
        decision_log.record(
            championship,
            Decision.Action.STARTED,
            by=None if on_schedule else by,
            after={"entrants": len(entries), "groups": count},
        )
        announcements.championship_started(championship)
        open_round(championship, stage.matches.filter(round=1))
        streams.tell_after_commit(
            championship,
            [{"type": "status", "status": championship.status}]
            + [{"type": "round_opened", "group": pk, "round": 1} for pk in groups],
        )
        cancel_pending_invitations(championship)
    return championship
