"""Kropki's drawn examples for its rules page: short games replayed through the engine."""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.catalog.kropki.drawing import board_svg
from games.engines import engine
from games.rule_examples import Figure

Point = tuple[int, int]


@dataclass(frozen=True)
class KropkiExample:
    """A short Kropki game and what its last position demonstrates.

    `moves` are record moves (rules/kropki.md, "Game record"): `[x, y]` for the side to
    move, `[x, y, "blue"|"red"]` to name the player, so a drawing holds only the dots that
    matter. The claims (`score`, `captured`, `free`, `territory`, `dots`, `secured`) are
    checked by tests; `secured` is shown under the drawing when it is set.
    """

    rule: str
    caption: Any  # a lazy translation
    moves: tuple[tuple, ...]
    score: tuple[int, int]  # (blue, red) after the last move
    width: int = 6
    height: int = 6
    start: str = "empty"
    captured: tuple[Point, ...] = ()  # dots standing in the other colour's territory
    free: tuple[Point, ...] = ()  # points with no dot and no owner (not territory)
    territory: Mapping[str, tuple[Point, ...]] | None = None  # points owned by a colour
    dots: Mapping[str, tuple[Point, ...]] | None = None  # exactly these dots, when given
    secured: bool | None = None  # K13 after the last move, when it is part of the example

    def game_options(self) -> dict[str, Any]:
        return {"width": self.width, "height": self.height, "start": self.start}


# Blue encloses the red dot on 3-3 (K6); the same contour without it is empty (K7).
_DIAMOND = ([3, 2, "blue"], [2, 3, "blue"], [4, 3, "blue"], [3, 4, "blue"])
_K6_CAPTURE = ([3, 3, "red"], *_DIAMOND)
# K8: blue captures the red dot on 4-4, then red closes a ring around blue's contour.
_K8_BLUE_CAPTURE = ([4, 4, "red"], [4, 3, "blue"], [3, 4, "blue"], [5, 4, "blue"], [4, 5, "blue"])
_K8_RED_RING = (
    [4, 2, "red"],
    [5, 3, "red"],
    [6, 4, "red"],
    [5, 5, "red"],
    [4, 6, "red"],
    [3, 5, "red"],
    [2, 4, "red"],
)
_K8_CLOSING_DOT = [3, 3, "red"]

KROPKI_EXAMPLES: tuple[KropkiExample, ...] = (
    KropkiExample(
        rule="K3",
        caption=_(
            "The starting cross on a 6×6 board: blue on 3-3 and 4-4, red on 4-3 and 3-4. "
            "Blue moves first."
        ),
        moves=(),
        score=(0, 0),
        start="cross",
        dots={"blue": ((3, 3), (4, 4)), "red": ((4, 3), (3, 4))},
    ),
    KropkiExample(
        rule="K6",
        caption=_(
            "Capture: blue's dot on 3-4 closes a contour around the red dot on 3-3. "
            "The red dot is captured and its point becomes blue territory."
        ),
        moves=_K6_CAPTURE,
        score=(1, 0),
        captured=((3, 3),),
        territory={"blue": ((3, 3),)},
    ),
    KropkiExample(
        rule="K7",
        caption=_(
            "An empty contour: blue encloses the point 3-3, but no red dot is inside, "
            "so nothing becomes territory."
        ),
        moves=_DIAMOND,
        score=(0, 0),
        free=((3, 3),),
    ),
    KropkiExample(
        rule="K7",
        caption=_(
            "Red then puts a dot on 3-3, inside blue's empty contour. It captures nothing "
            "itself, so it is captured at once."
        ),
        moves=(*_DIAMOND, [3, 3, "red"]),
        score=(1, 0),
        captured=((3, 3),),
    ),
    KropkiExample(
        rule="K8",
        caption=_(
            "Blue has captured the red dot on 4-4; red has played seven of the eight dots "
            "of a ring around blue's contour."
        ),
        moves=(*_K8_BLUE_CAPTURE, *_K8_RED_RING),
        score=(1, 0),
        width=7,
        height=7,
        captured=((4, 4),),
        territory={"blue": ((4, 4),)},
    ),
    KropkiExample(
        rule="K8",
        caption=_(
            "Red's dot on 3-3 closes the ring: the larger contour takes blue's four dots "
            "together with blue's territory, and blue loses the point it had."
        ),
        moves=(*_K8_BLUE_CAPTURE, *_K8_RED_RING, _K8_CLOSING_DOT),
        score=(0, 4),
        width=7,
        height=7,
        captured=((4, 3), (3, 4), (5, 4), (4, 5)),
        territory={"red": ((4, 4), (4, 3), (3, 4), (5, 4), (4, 5))},
    ),
    KropkiExample(
        rule="K10",
        caption=_(
            "Blue's dot on 3-1 stands on the border: red surrounds it on every side there "
            "is, and nothing is captured."
        ),
        moves=([3, 1, "blue"], [2, 1, "red"], [4, 1, "red"], [3, 2, "red"]),
        score=(0, 0),
        dots={"blue": ((3, 1),), "red": ((2, 1), (4, 1), (3, 2))},
    ),
    KropkiExample(
        rule="K13",
        caption=_(
            "Not secured: blue leads 1:0, but its contour touches the edge only by a "
            "diagonal link (3-2 to 2-1). Red could still take the four blue dots and win "
            "back its own."
        ),
        moves=(*_K6_CAPTURE, [2, 1, "blue"]),
        score=(1, 0),
        captured=((3, 3),),
        secured=False,
    ),
    KropkiExample(
        rule="K13",
        caption=_(
            "Secured: with the dot on 3-1 blue's contour reaches the edge by an orthogonal "
            "step, so red can capture none of it. The lead of 1 is secured and the game ends."
        ),
        moves=(*_K6_CAPTURE, [3, 1, "blue"]),
        score=(1, 0),
        captured=((3, 3),),
        secured=True,
    ),
)


def kropki_position(example: KropkiExample) -> tuple[dict, dict[str, int]]:
    """Replay the example through the engine: (the engine's view, the score)."""
    rules = engine("kropki")
    state = rules.new(example.game_options())
    for move in example.moves:
        # record=True: a move may name its player out of turn, as in imported records.
        state, _step = rules.apply(state, list(move), record=True)
    return rules.view(state), rules.score(state)


def _points(points: list[str]) -> str:
    return ", ".join(points) if points else gettext("none")


def kropki_description(view: dict, score: dict[str, int]) -> str:
    """The position in words, for the drawing's accessible name."""
    dots: dict[str, list[str]] = {"b": [], "r": []}
    captured: list[str] = []
    for y, (row, owners) in enumerate(zip(view["dots"], view["owners"], strict=True), start=1):
        for x, (dot, owner) in enumerate(zip(row, owners, strict=True), start=1):
            if dot in dots:
                dots[dot].append(f"{x}-{y}")
                if owner not in (".", dot):
                    captured.append(f"{x}-{y}")
    return gettext(
        "%(width)s×%(height)s board. Blue dots: %(blue)s. Red dots: %(red)s. "
        "Captured: %(captured)s. Score %(blue_score)s:%(red_score)s."
    ) % {
        "width": view["width"],
        "height": view["height"],
        "blue": _points(dots["b"]),
        "red": _points(dots["r"]),
        "captured": _points(captured),
        "blue_score": score["blue"],
        "red_score": score["red"],
    }


def kropki_svg(example: KropkiExample, position: tuple[dict, dict] | None = None) -> SafeString:
    """The example's final position drawn by the board renderer (replayed unless given)."""
    view, score = position or kropki_position(example)
    label = gettext("Example for %(rule)s: %(position)s") % {
        "rule": example.rule,
        "position": kropki_description(view, score),
    }
    # The game page's board alone: no "show links" box, no note under it. The drawing
    # writes numbers and fixed names only, and escapes the label.
    return mark_safe(board_svg(view, label=label, controls=False))


def figures() -> list[Figure]:
    figures = []
    for example in KROPKI_EXAMPLES:
        view, score = kropki_position(example)
        note = gettext("Score %(blue)s:%(red)s (blue:red).") % score
        if example.secured is not None:
            secured = gettext("Lead secured.") if view["secured"] else gettext("Lead not secured.")
            note = f"{note} {secured}"
        figures.append(
            Figure(
                rule=example.rule,
                caption=str(example.caption),
                svg=kropki_svg(example, (view, score)),
                note=note,
            )
        )
    return figures
