"""Quadrotone's drawn examples for its rules page: the pattern catalogue in force.

Each pattern is drawn as it is listed; a click on one that looks different when turned
opens its turned versions (90, 180 and 270 degrees clockwise), drawn beside it. The page
uses <details> for that, so it works without any script.
"""

from django.utils.html import escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from games.catalog.quadrotone.drawing import pattern_name
from games.rule_examples import Figure

# Colours for the drawings: the one-colour shapes in red, two-colour parts A red and B blue.
_CATALOGUE_COLOURS = {"a": "q-red", "b": "q-blue"}


def pattern_svg(
    parts: list[tuple[frozenset, str]], label: str, square: int = 14, framed: bool = False
) -> SafeString:
    """A catalogue shape drawn on its own small grid (parts: squares and their colour);
    `framed` draws it in a light frame with room around it, as the turned versions are."""
    squares = [spot for part, _colour in parts for spot in part]
    low_x = min(x for x, _y in squares)
    low_y = min(y for _x, y in squares)
    width = max(x for x, _y in squares) - low_x + 1
    height = max(y for _x, y in squares) - low_y + 1
    margin = square // 2 if framed else 0
    rects = "".join(
        f'<rect class="{_CATALOGUE_COLOURS[colour]}" x="{(x - low_x) * square + 1 + margin}" '
        f'y="{(height - 1 - (y - low_y)) * square + 1 + margin}" width="{square - 2}" '
        f'height="{square - 2}" rx="2"/>'
        for part, colour in parts
        for x, y in sorted(part)
    )
    full_width, full_height = width * square + 2 * margin, height * square + 2 * margin
    # Presentation attributes, not styles: the page's style rules know nothing of frames.
    frame = (
        f'<rect x="1" y="1" width="{full_width - 2}" height="{full_height - 2}" rx="4" '
        'fill="none" stroke="currentColor" stroke-opacity=".3"/>'
        if framed
        else ""
    )
    return mark_safe(
        f'<svg class="pattern-drawing" viewBox="0 0 {full_width} {full_height}" '
        f'width="{full_width}" height="{full_height}" role="img" aria-label="{escape(label)}">'
        f"<title>{escape(label)}</title>{frame}{rects}</svg>"
    )


def _turn_label(name: str, turn: int) -> str:
    return gettext("%(name)s turned %(degrees)s° clockwise") % {"name": name, "degrees": 90 * turn}


def with_turns(base: SafeString, turns: list[SafeString]) -> SafeString:
    """The base drawing, opening on a click onto its turned drawings; as is when none."""
    if not turns:
        return base
    return format_html(
        '<details class="pattern-turns"><summary>{}</summary>'
        '<span class="pattern-turned">{}</span></details>',
        base,
        format_html_join(" ", '<span class="pattern-turn">{}</span>', ((svg,) for svg in turns)),
    )


def figures() -> list[Figure]:
    """The default catalogue, drawn: one-colour shapes under Q10, two-colour under Q13."""
    from games.catalog.quadrotone.engine.catalogue import load_catalogue

    catalogue = load_catalogue(None)
    turns_note = gettext("Click the pattern to see it turned.")
    same_note = gettext("It looks the same turned.")
    figures = []
    for pattern in catalogue.one_colour:
        name = pattern_name(pattern.name)
        label = gettext("%(name)s: %(points)s points") % {"name": name, "points": pattern.points}
        turns = [
            pattern_svg([(turned.shape.squares, "a")], _turn_label(name, turned.turn), framed=True)
            for turned in pattern.orientations(rotations=True)[1:]
        ]
        svg = with_turns(pattern_svg([(pattern.shape.squares, "a")], label), turns)
        note = turns_note if turns else same_note
        figures.append(Figure(rule="Q10", caption=label, svg=svg, note=note))
    for pair in catalogue.two_colour:
        name = pattern_name(pair.name)
        label = gettext("%(name)s: %(points)s points") % {"name": name, "points": pair.points}
        turns = [
            pattern_svg(
                [(turned.part_a.squares, "a"), (turned.part_b.squares, "b")],
                _turn_label(name, turned.turn),
                framed=True,
            )
            for turned in pair.orientations(rotations=True)[1:]
        ]
        base = pattern_svg([(pair.part_a.squares, "a"), (pair.part_b.squares, "b")], label)
        note = turns_note if turns else same_note
        figures.append(Figure(rule="Q13", caption=label, svg=with_turns(base, turns), note=note))
    return figures
