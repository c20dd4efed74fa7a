"""Small boards of every game, for championships played through in the tests."""

from games.catalog import BUILT_IN, game_name

# Each game's quickest board that still plays like the game.
SMALL = {
    "kropki": {"width": 5, "height": 5},
    "dots_and_boxes": {"columns": 3, "rows": 3},
}
GAME_OPTIONS = {game_name(package): SMALL.get(game_name(package), {}) for package in BUILT_IN}
