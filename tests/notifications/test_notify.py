"""notify() and its batch form notify_each(): whom they tell, once per key, inside the
caller's transaction."""

import pytest
from django.db import IntegrityError, transaction

from notifications import services
from notifications.kinds import Kind
from notifications.models import Notification
from notifications.services import Notice
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


def test_a_batch_tells_each_reader_their_own_notice_once_per_key(alice, bob, make_user):
    gone = make_user("gone")
    gone.deleted_at = gone.date_joined
    gone.save(update_fields=["deleted_at"])
    Notification.objects.create(user=bob, kind=Kind.ROUND_STARTED, url="/games/1/", once_key="g1")

    told = services.notify_each(
        Kind.ROUND_STARTED,
        [
            Notice(alice, "/games/1/", {"opponent": "bob"}, "g1"),
            Notice(bob, "/games/1/", {"opponent": "alice"}, "g1"),  # told already
            Notice(alice, "/games/2/", {"opponent": "gone"}, "g2"),
            Notice(alice, "/games/2/", {"opponent": "gone"}, "g2"),  # twice in the batch
            Notice(gone, "/games/2/", {"opponent": "alice"}, "g2"),  # a deleted account
        ],
    )

    assert told == 2
    mine = Notification.objects.filter(user=alice).order_by("once_key")
    assert [(n.url, n.params["opponent"], n.once_key) for n in mine] == [
        ("/games/1/", "bob", "g1"),
        ("/games/2/", "gone", "g2"),
    ]
    assert Notification.objects.filter(user=bob).count() == 1
    assert not Notification.objects.filter(user=gone).exists()


def test_a_batch_leading_off_the_site_is_refused_whole(alice, bob):
    with pytest.raises(ValueError):
        services.notify_each(
            Kind.ROUND_STARTED,
            [Notice(alice, "/games/1/", {}, "g1"), Notice(bob, "https://elsewhere.example/", {})],
        )
    assert not Notification.objects.exists()
