"""A championship of a thousand entrants reads on every database, SQLite included."""

import pytest

from accounts.models import Plan, User
from tournaments import services
from tournaments.models import Entry, Group, GroupMember, Stage
from tournaments.systems.groups import tables as group_tables_of

pytestmark = pytest.mark.django_db

ENTRANTS = 1100  # past the thousand terms SQLite allows in one expression


def test_the_group_tables_of_a_thousand_entrants_are_read(make_user):
    organiser = make_user("big-organiser", plan=Plan.PAID)
    championship = services.create_championship(organiser=organiser, name="Big", game="kropki")
    players = User.objects.bulk_create(
        User(username=f"big{n}", username_key=f"big{n}", password="!") for n in range(ENTRANTS)
    )
    entries = Entry.objects.bulk_create(
        Entry(championship=championship, player=player) for player in players
    )
    stage = Stage.objects.create(championship=championship, kind="groups", format="express")
    groups = Group.objects.bulk_create(
        Group(stage=stage, order=n, name=str(n), rounds=3) for n in range(ENTRANTS // 4)
    )
    GroupMember.objects.bulk_create(
        GroupMember(group=groups[n // 4], entry=entry, position=n % 4 + 1, seed=n + 1, lot=n)
        for n, entry in enumerate(entries[: len(groups) * 4])
    )
    tables = group_tables_of.group_tables(stage)
    assert len(tables) == ENTRANTS // 4
    names = {table.usernames[row.player] for table in tables for row in table.rows}
    assert len(names) == len(groups) * 4 and "big0" in names
