"""The move path's hand-written statements read and write rows exactly as the ORM does."""

from datetime import UTC, datetime

import pytest
from django.db import DatabaseError, transaction

from config import rows
from games import services
from games.models import Game, Move

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(make_user) -> Game:
    alice, bob = make_user("alice"), make_user("bob")
    game = services.create_game(
        creator=alice, game="kropki", options={"width": 10, "height": 10}, format=None,
        opponent="bob",
    )  # fmt: skip
    services.accept_invitation(game.pk, bob)
    return Game.objects.get(pk=game.pk)


def test_a_row_read_by_hand_equals_the_one_the_orm_reads(game):
    by_orm = Game.objects.get(pk=game.pk)
    (by_hand,) = rows.select(Game, f"WHERE {rows.table_of(Game)}.id = %s", [game.pk])
    for field in Game._meta.concrete_fields:
        assert getattr(by_hand, field.attname) == getattr(by_orm, field.attname), field.name
    assert by_hand._state.adding is False
    assert type(by_hand.snapshot) is type(by_orm.snapshot)


def test_an_update_by_hand_writes_json_bytes_and_times_as_the_orm_reads_them(game):
    game.score = {"first": 3, "second": 1}
    game.clocks = {"first": 12.5}
    game.snapshot = b"\x00\x01state"
    game.finished_at = datetime(2026, 12, 1, 12, 30, tzinfo=UTC)
    rows.update(game, ["score", "clocks", "snapshot", "finished_at"])
    again = Game.objects.get(pk=game.pk)
    assert again.score == {"first": 3, "second": 1}
    assert again.clocks == {"first": 12.5}
    assert bytes(again.snapshot) == b"\x00\x01state"
    assert again.finished_at == datetime(2026, 12, 1, 12, 30, tzinfo=UTC)


def test_an_update_of_a_row_that_is_gone_fails_instead_of_passing_silently(game):
    Game.objects.filter(pk=game.pk).delete()
    with pytest.raises(DatabaseError):
        rows.update(game, ["score"])


def test_an_insert_by_hand_gives_the_key_and_the_defaults_the_orm_would(game):
    move = rows.insert(Move(game=game, seq=1, seat="first", payload={"x": 1, "y": 2}))
    stored = Move.objects.get(pk=move.pk)
    assert stored.payload == {"x": 1, "y": 2}
    assert stored.status == Move.Status.PENDING
    assert stored.received_at is not None and stored.received_at == move.received_at
    assert move._state.adding is False


def test_an_insert_by_hand_keeps_the_database_constraints(game):
    rows.insert(Move(game=game, seq=1, seat="first", payload={}))
    with pytest.raises(DatabaseError), transaction.atomic():
        rows.insert(Move(game=game, seq=1, seat="first", payload={}))
    assert Move.objects.filter(game=game, seq=1).count() == 1
