"""Small boards of every game, for championships played through in the tests."""

from games.catalog import BUILT_IN, game_name

# Each game's quickest board that still plays like the game.
SMALL = {
    "kropki": {"width": 5, "height": 5},
    "dots_and_boxes": {"columns": 3, "rows": 3},
    # The format's own limit (M20 lets a championship set another): 40 moves, not 100.
    "quadramids": {"move_limit": 40},
}
GAME_OPTIONS = {game_name(package): SMALL.get(game_name(package), {}) for package in BUILT_IN}
