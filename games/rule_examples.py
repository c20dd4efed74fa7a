"""Drawn examples for the rules pages: short games replayed through the real engines.

Each example is data: the rule it illustrates, a caption, the options and moves of a tiny
game, and what the final position shows (score, captured dots, a secured lead...). Tests
replay every example and check those claims, so a wrong drawing fails a test.

Each game's examples are its package's `examples.py`, named by its declaration
(`examples`: a function returning the game's figures); a game without any gets a
text-only page.
"""

from dataclasses import dataclass

from django.utils.safestring import SafeString

from games import registry


@dataclass(frozen=True)
class Figure:
    """One drawn example as the rules page shows it, right after its rule."""

    rule: str
    caption: str
    svg: SafeString
    note: str = ""


def figures(game: str) -> dict[str, list[Figure]]:
    """The game's drawn examples by rule id, in their listed order; {} for a game without any."""
    builder = registry.declaration(game).examples
    grouped: dict[str, list[Figure]] = {}
    for figure in builder() if builder else []:
        grouped.setdefault(figure.rule, []).append(figure)
    return grouped
