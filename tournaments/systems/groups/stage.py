"""The round-robin groups: the draw, each group's next round, then the playoff."""

import random

from django.db.models import Exists, F, OuterRef, Q

from tournaments import bracket
from tournaments.models import Championship, Entry, Group, GroupMember, Match, Stage
from tournaments.services.match_play import open_round
from tournaments.services.playoff import start_playoff
from tournaments.systems.groups import GROUPS, pairing
from tournaments.systems.groups.tables import group_tables


def start_groups(championship: Championship, entries: list[Entry]) -> Stage:
    """Seed `entries` (best first) into groups by the snake draw, schedule every round robin,
    draw the lots that break the last ties, and open round one."""
    seeds = {entry.pk: seed for seed, entry in enumerate(entries, start=1)}
    lots = list(range(1, len(entries) + 1))
    random.SystemRandom().shuffle(lots)
    lot_of = dict(zip(seeds, lots, strict=True))
    stage = Stage.objects.create(
        championship=championship, kind=GROUPS, format=championship.stage_format
    )
    count = pairing.group_count_for(len(entries), championship.group_size)
    members, matches = [], []
    for order, seeded in enumerate(pairing.snake_groups(entries, count)):
        schedule = pairing.round_robin(seeded)
        group = Group.objects.create(
            stage=stage, order=order, name=pairing.group_name(order), rounds=len(schedule)
        )
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
    championship.status = GROUPS
    championship.save(update_fields=["status"])
    open_round(championship, stage.matches.filter(round=1))
    return stage


def advance_groups(championship: Championship) -> None:
    """Open the next round of every group whose current round is over; then the playoff."""
    stage = championship.stages.get(kind=GROUPS)
    while True:
        unfinished_now = Match.objects.filter(
            group=OuterRef("pk"), round=OuterRef("current_round")
        ).exclude(status=Match.Status.FINISHED)
        ready = list(
            stage.groups.filter(current_round__lt=F("rounds")).exclude(Exists(unfinished_now))
        )
        if not ready:
            break
        opening = Q()
        for group in ready:
            group.current_round += 1
            opening |= Q(group=group, round=group.current_round)
        Group.objects.bulk_update(ready, ["current_round"])
        # Every ready group's next round at once: their games made and told together.
        open_round(championship, Match.objects.filter(opening))
    if not Match.objects.filter(stage=stage).exclude(status=Match.Status.FINISHED).exists():
        start_playoff_after_groups(championship, stage)


def start_playoff_after_groups(championship: Championship, group_stage: Stage) -> None:
    """Draw the playoff by the plan the bracket showed from the draw of the groups: each
    slot is a group's finish (winner of group A, ...), filled by whoever finished there."""
    tables = group_tables(group_stage)
    advancing = [min(championship.playoff_players_per_group, len(table.rows)) for table in tables]
    slots = bracket.planned_slots(advancing)
    entries = {str(entry.pk): entry for entry in championship.entries.all()}
    # A table's rows are in finishing order, so place p of group g is row p - 1.
    start_playoff(
        championship,
        [entries[tables[finish[0]].rows[finish[1] - 1].player] if finish else None
         for finish in slots],
    )  # fmt: skip
