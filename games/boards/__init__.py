"""Board drawings: one module per game turns an engine's `view()` into SVG.

Every board draws into the same frame (templates/games/board_frame.html) and
declares its clickable grid on the <svg> element, so the page's script plays
any game alike: `data-grid` = {"width", "height", "cell", "left", "top",
"flip_y"}; a click or the keyboard picks a grid point (x, y) and sends it as
the move [x, y], unless the board marks targets: an element with `data-target="x-y"`
and `data-move` (its move as JSON); a board with `data-targets-only` takes no other.
"""

from collections.abc import Callable

from django.utils.safestring import SafeString, mark_safe

from games.boards import dots_and_boxes, kropki, quadramids, quadrotone

BoardDrawer = Callable[..., str]

DRAWERS: dict[str, BoardDrawer] = {
    "kropki": kropki.board_svg,
    "dots_and_boxes": dots_and_boxes.board_svg,
    "quadrotone": quadrotone.board_svg,
    "quadramids": quadramids.board_svg,
}

POINT_WORDS = {
    "kropki": kropki.POINT_WORDS,
    "dots_and_boxes": dots_and_boxes.POINT_WORDS,
    "quadrotone": quadrotone.POINT_WORDS,
    "quadramids": quadramids.POINT_WORDS,
}


def point_words(game: str) -> dict[str, str]:
    """What each letter of a board's `data-points` means, for the keyboard cursor."""
    return {letter: str(word) for letter, word in POINT_WORDS.get(game, {}).items()}


def board_svg(game: str, position: dict, *, label: str = "", playable: bool = False) -> SafeString:
    """The board of `game` in `position` (its engine's view) as inline SVG."""
    drawer = DRAWERS.get(game)
    if drawer is None:
        raise KeyError(game)
    # The drawers write numbers and fixed names only, and escape the label.
    return mark_safe(drawer(position, label=label, playable=playable))
