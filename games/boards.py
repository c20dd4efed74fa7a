"""Board drawings: each game's declaration names the drawer that turns its engine's `view()`
into SVG (its package's drawing.py).

Every board draws into the same frame and declares its clickable grid on the <svg>
element, so the page's script plays any game alike: `data-grid` = {"width", "height",
"cell", "left", "top", "flip_y"}; a click or the keyboard picks a grid point (x, y) and
sends it as the move [x, y], unless the board marks targets: an element with
`data-target="x-y"` and `data-move` (its move as JSON); a board with `data-targets-only`
takes no other.
"""

from django.utils.safestring import SafeString, mark_safe

from games import registry


def point_words(game: str) -> dict[str, str]:
    """What each letter of a board's `data-points` means, for the keyboard cursor."""
    words = registry.declaration(game).point_words
    return {letter: str(word) for letter, word in words.items()}


def board_svg(game: str, position: dict, *, label: str = "", playable: bool = False) -> SafeString:
    """The board of `game` in `position` (its engine's view) as inline SVG."""
    drawer = registry.declaration(game).drawing
    # The drawers write numbers and fixed names only, and escape the label.
    return mark_safe(drawer(position, label=label, playable=playable))
