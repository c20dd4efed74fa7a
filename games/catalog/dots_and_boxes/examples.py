"""Dots and Boxes' drawn examples for its rules page: short games replayed through the
engine."""

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.boards import board_svg
from games.engines import engine
from games.rule_examples import Figure


@dataclass(frozen=True)
class DotsAndBoxesExample:
    """A short Dots and Boxes game: its lines in order (the player follows from D4)."""

    rule: str
    caption: Any  # a lazy translation
    moves: tuple[tuple, ...]
    score: tuple[int, int]  # (first, second) after the last move
    to_move: str | None  # the seat to move next; None once the game is over
    columns: int = 2
    rows: int = 2


DOTS_AND_BOXES_EXAMPLES = (
    DotsAndBoxesExample(
        rule="D3",
        caption=_(
            "The first player's (blue) line between the two boxes is the fourth side of both: "
            "the first player wins both boxes, and with every box taken, the game."
        ),
        moves=(
            ("h", 0, 0),
            ("h", 1, 0),
            ("h", 0, 1),
            ("h", 1, 1),
            ("v", 0, 0),
            ("v", 2, 0),
            ("v", 1, 0),
        ),
        score=(2, 0),
        to_move=None,
        rows=1,
    ),
    DotsAndBoxesExample(
        rule="D4",
        caption=_(
            "The first player (blue) drew the third side of the lower-left box; the second "
            "(red) takes it with the fourth and draws again (the line at the bottom right). "
            "Only then is it the first player's move."
        ),
        moves=(("h", 0, 0), ("v", 0, 0), ("h", 0, 1), ("v", 1, 0), ("h", 1, 0)),
        score=(0, 1),
        to_move="first",
    ),
)


def dots_and_boxes_position(example: DotsAndBoxesExample):
    """Replay the example: (the engine's view, the score, the seat to move)."""
    rules = engine("dots_and_boxes")
    state = rules.new({"columns": example.columns, "rows": example.rows})
    for move in example.moves:
        state, _step = rules.apply(state, list(move))
    return rules.view(state), rules.score(state), rules.to_move(state)


def figures() -> list[Figure]:
    figures = []
    for example in DOTS_AND_BOXES_EXAMPLES:
        view, score, _to_move = dots_and_boxes_position(example)
        label = gettext(
            "Example for %(rule)s: %(columns)s×%(rows)s boxes, score %(first)s:%(second)s"
        ) % {"rule": example.rule, "columns": example.columns, "rows": example.rows, **score}
        figures.append(
            Figure(
                rule=example.rule,
                caption=str(example.caption),
                svg=board_svg("dots_and_boxes", view, label=label),
                note=gettext("Score %(first)s:%(second)s (first, blue : second, red).") % score,
            )
        )
    return figures
