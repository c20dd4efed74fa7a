"""Quadrotone's drawn examples for its rules page: the pattern catalogue in force."""

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from games.rule_examples import Figure

# Colours for the drawings: the one-colour shapes in red, two-colour parts A red and B blue.
_CATALOGUE_COLOURS = {"a": "q-red", "b": "q-blue"}


def pattern_svg(parts: list[tuple[frozenset, str]], label: str, square: int = 14) -> SafeString:
    """A catalogue shape drawn on its own small grid (parts: squares and their colour)."""
    squares = [spot for part, _colour in parts for spot in part]
    low_x = min(x for x, _y in squares)
    low_y = min(y for _x, y in squares)
    width = max(x for x, _y in squares) - low_x + 1
    height = max(y for _x, y in squares) - low_y + 1
    rects = "".join(
        f'<rect class="{_CATALOGUE_COLOURS[colour]}" x="{(x - low_x) * square + 1}" '
        f'y="{(height - 1 - (y - low_y)) * square + 1}" width="{square - 2}" '
        f'height="{square - 2}" rx="2"/>'
        for part, colour in parts
        for x, y in sorted(part)
    )
    size = f"{width * square} {height * square}"
    return mark_safe(
        f'<svg class="pattern-drawing" viewBox="0 0 {size}" width="{width * square}" '
        f'height="{height * square}" role="img" aria-label="{escape(label)}">'
        f"<title>{escape(label)}</title>{rects}</svg>"
    )


def figures() -> list[Figure]:
    """The default catalogue, drawn: one-colour shapes under Q10, two-colour under Q13."""
    from games.catalog.quadrotone.engine.catalogue import load_catalogue

    catalogue = load_catalogue(None)
    figures = []
    for pattern in catalogue.one_colour:
        label = gettext("%(name)s: %(points)s points") % {
            "name": pattern.name,
            "points": pattern.points,
        }
        svg = pattern_svg([(pattern.shape.squares, "a")], label)
        figures.append(Figure(rule="Q10", caption=label, svg=svg))
    for pair in catalogue.two_colour:
        label = gettext("%(name)s: %(points)s points") % {"name": pair.name, "points": pair.points}
        svg = pattern_svg([(pair.part_a.squares, "a"), (pair.part_b.squares, "b")], label)
        figures.append(Figure(rule="Q13", caption=label, svg=svg))
    return figures
