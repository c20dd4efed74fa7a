"""notify(): whom it tells, once per key, inside the caller's transaction."""

import pytest
from django.db import IntegrityError, transaction

from notifications.kinds import Kind
from notifications.models import Notification
from tests.notifications.conftest import tell

pytestmark = pytest.mark.django_db


def test_each_player_is_told_once(alice, bob):
    assert tell([alice, bob, alice]) == 2
    assert Notification.objects.filter(user=alice).count() == 1


def test_a_once_key_tells_each_player_once(alice, bob):
    assert tell([alice], once_key="round:7:1") == 1
    assert tell([alice, bob], once_key="round:7:1") == 1  # only bob is new
    assert tell([alice, bob], once_key="round:7:1") == 0
    assert tell([alice, bob], once_key="round:7:2") == 2
    assert tell([alice, bob]) == 2  # no key: told again
    assert Notification.objects.filter(user=alice).count() == 3


def test_the_database_itself_keeps_a_key_once_per_player(alice, bob):
    Notification.objects.create(user=alice, kind=Kind.DECISION, url="/", once_key="k")
    Notification.objects.create(user=bob, kind=Kind.DECISION, url="/", once_key="k")
    Notification.objects.create(user=alice, kind=Kind.DECISION, url="/")
    Notification.objects.create(user=alice, kind=Kind.DECISION, url="/")  # no key: no limit
    with pytest.raises(IntegrityError), transaction.atomic():
        Notification.objects.create(user=alice, kind=Kind.DECISION, url="/", once_key="k")


def test_a_rolled_back_change_leaves_no_notification(alice):
    with pytest.raises(RuntimeError), transaction.atomic():
        assert tell([alice]) == 1
        raise RuntimeError("undone")
    assert not Notification.objects.exists()


def test_nobody_to_tell_is_nothing(alice):
    assert tell([]) == 0


def test_an_unknown_kind_is_refused(alice):
    with pytest.raises(ValueError):
        tell([alice], kind="carrier_pigeon")
