"""Dots and Boxes seats are `first` and `second` (the API's names), no longer `blue` and `red`.

Every place a game stores a seat name is renamed, for Dots and Boxes games only: the seats,
the moves, the side to move, the winner, the draw offer and the undo request, the keys of
the score, the clocks, the draw offers, the places and each move's score, and the engine's
snapshot (whose line and box sets were named after the colours). Reversible.
"""

import json

from django.db import migrations

GAME = "dots_and_boxes"
FORWARD = {"blue": "first", "red": "second"}
SNAPSHOT_FORWARD = {
    "red_lines": "second_lines",
    "blue_boxes": "first_boxes",
    "red_boxes": "second_boxes",
}
BATCH = 500

SEAT_COLUMNS = ("to_move", "winner", "draw_offer", "undo_request")
KEYED_COLUMNS = ("score", "clocks", "draw_offers", "places")


def _keys_renamed(value, names: dict):
    if not isinstance(value, dict):
        return value
    return {names.get(key, key): item for key, item in value.items()}


def _snapshot_renamed(snapshot, keys: dict):
    data = json.loads(bytes(snapshot))
    renamed = {keys.get(key, key): value for key, value in data.items()}
    return json.dumps(renamed, separators=(",", ":")).encode()


def _rename(apps, names: dict, snapshot_keys: dict) -> None:
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    Move = apps.get_model("games", "Move")
    for old, new in names.items():
        Seat.objects.filter(game__game=GAME, seat=old).update(seat=new)
        Move.objects.filter(game__game=GAME, seat=old).update(seat=new)
        for column in SEAT_COLUMNS:
            Game.objects.filter(game=GAME, **{column: old}).update(**{column: new})

    changed = []
    for game in Game.objects.filter(game=GAME).only("pk", "snapshot", *KEYED_COLUMNS).iterator(
        chunk_size=BATCH
    ):
        for column in KEYED_COLUMNS:
            setattr(game, column, _keys_renamed(getattr(game, column), names))
        game.snapshot = _snapshot_renamed(game.snapshot, snapshot_keys)
        changed.append(game)
        if len(changed) >= BATCH:
            Game.objects.bulk_update(changed, ["snapshot", *KEYED_COLUMNS])
            changed = []
    Game.objects.bulk_update(changed, ["snapshot", *KEYED_COLUMNS])

    moves = Move.objects.filter(game__game=GAME, score_after__isnull=False).only("pk", "score_after")
    changed = []
    for move in moves.iterator(chunk_size=BATCH):
        move.score_after = _keys_renamed(move.score_after, names)
        changed.append(move)
        if len(changed) >= BATCH:
            Move.objects.bulk_update(changed, ["score_after"])
            changed = []
    Move.objects.bulk_update(changed, ["score_after"])


def forward(apps, schema_editor) -> None:
    _rename(apps, FORWARD, SNAPSHOT_FORWARD)


def backward(apps, schema_editor) -> None:
    _rename(
        apps,
        {new: old for old, new in FORWARD.items()},
        {new: old for old, new in SNAPSHOT_FORWARD.items()},
    )


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0007_quadramids"),
    ]

    operations = [
        migrations.RunPython(forward, backward, elidable=False),
    ]
