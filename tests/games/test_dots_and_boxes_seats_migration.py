"""Dots and Boxes games stored with the old seats `blue` and `red` keep working: the data
migration renames them `first` and `second` in every stored place, and back."""

import json

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from accounts.models import User
from games.catalog.dots_and_boxes.engine import ENGINE

BEFORE = [("games", "0007_quadramids")]
AFTER = [("games", "0008_dots_and_boxes_first_and_second")]

# Blue drew h 0-0, red is to move; clocks, offers and scores keyed by the old seats.
OLD_SNAPSHOT = {
    "options": {"columns": 2, "rows": 2},
    "drawn": "1",
    "red_lines": "0",
    "blue_boxes": "0",
    "red_boxes": "0",
    "turn": 1,
    "moves": 1,
    "last": 0,
}


def migrate(targets):
    """Migrate to `targets`; the models as they were there."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def store_old_games(apps):
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    Move = apps.get_model("games", "Move")
    alice = User.objects.create_user(username="alice").pk  # accounts is not migrated here
    bob = User.objects.create_user(username="bob").pk
    boxes = Game.objects.create(
        game="dots_and_boxes", kind="friendly", created_by_id=alice, status="active",
        options={"columns": 2, "rows": 2}, to_move="red", move_count=1,
        score={"blue": 0, "red": 0}, clocks={"blue": 30.0, "red": 30.0},
        draw_offer="blue", draw_offers={"blue": "2026-01-01T00:00:00+00:00"},
        undo_request="blue", snapshot=json.dumps(OLD_SNAPSHOT).encode(),
    )  # fmt: skip
    Seat.objects.create(game=boxes, seat="blue", order=0, user_id=alice)
    Seat.objects.create(game=boxes, seat="red", order=1, user_id=bob)
    Move.objects.create(
        game=boxes, seq=1, seat="blue", player_id=alice, payload=["h", 0, 0], status="accepted",
        score_after={"blue": 0, "red": 0},
    )  # fmt: skip
    kropki = Game.objects.create(
        game="kropki", kind="friendly", created_by_id=alice, status="finished", winner="red",
        score={"blue": 0, "red": 1}, snapshot=b"kept as it is",
    )  # fmt: skip
    Seat.objects.create(game=kropki, seat="blue", order=0, user_id=alice)
    return boxes.pk, kropki.pk


def stored(apps, game_id: int) -> dict:
    game = apps.get_model("games", "Game").objects.get(pk=game_id)
    return {
        "seats": sorted(game.seats.values_list("seat", flat=True)),
        "moves": [(m.seat, m.score_after) for m in game.moves.all()],
        "columns": [game.to_move, game.winner, game.draw_offer, game.undo_request],
        "keys": [sorted(game.score), sorted(game.clocks), sorted(game.draw_offers)],
        "snapshot": bytes(game.snapshot),
    }


# Transactional: migrating the schema back and forth needs the schema editor outside a
# transaction (SQLite's refuses to work inside one).
@pytest.mark.django_db(transaction=True)
def test_stored_dots_and_boxes_games_are_renamed_first_and_second_and_back():
    try:
        boxes, kropki = store_old_games(migrate(BEFORE))
        apps = migrate(AFTER)
        after = stored(apps, boxes)
        assert after["seats"] == ["first", "second"]
        assert after["moves"] == [("first", {"first": 0, "second": 0})]
        assert after["columns"] == ["second", "", "first", "first"]
        assert after["keys"] == [["first", "second"], ["first", "second"], ["first"]]
        state = ENGINE.load(after["snapshot"])  # the engine reads the renamed snapshot
        assert ENGINE.to_move(state) == "second" and ENGINE.view(state)["h"][0] == "f."
        assert stored(apps, kropki)["columns"][1] == "red"  # other games keep their seats
        assert stored(apps, kropki)["snapshot"] == b"kept as it is"

        apps = migrate(BEFORE)
        back = stored(apps, boxes)
        assert back["seats"] == ["blue", "red"]
        assert back["columns"] == ["red", "", "blue", "blue"]
        assert back["moves"] == [("blue", {"blue": 0, "red": 0})]
        assert json.loads(back["snapshot"]) == OLD_SNAPSHOT
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
