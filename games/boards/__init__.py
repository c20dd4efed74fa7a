"""Board drawings: one module per game turns an engine's `view()` into SVG.

Every board draws into the same frame (templates/games/board_frame.html) and
declares its clickable grid on the <svg> element, so the page's script plays
any game alike: `data-grid` = {"width", "height", "cell", "left", "top",
"flip_y"}; a click or the keyboard picks a grid point (x, y) and sends it as
the move [x, y].
"""

from collections.abc import Callable

from django.utils.safestring import SafeString, mark_safe

from games.boards import kropki

BoardDrawer = Callable[..., str]

DRAWERS: dict[str, BoardDrawer] = {
    "kropki": kropki.board_svg,
}


def board_svg(game: str, position: dict, *, label: str = "", playable: bool = False) -> SafeString:
    """The board of `game` in `position` (its engine's view) as inline SVG."""
    drawer = DRAWERS.get(game)
    if drawer is None:
        raise KeyError(game)
    # The drawers write numbers and fixed names only, and escape the label.
    return mark_safe(drawer(position, label=label, playable=playable))
