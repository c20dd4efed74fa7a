"""The games this service plays, one package each.

A game's package holds everything about it: `engine/` (its rules, pure Python),
`declaration.py` (what the service needs to know: titles, options, seats, formats, refusal
texts, its board and rules page), `drawing.py` (the board as SVG), `examples.py` (the
rules page's drawn examples) and `rules.md` with its translations. The settings' `GAMES`
lists the packages in play; this is the list of the built-in ones.
"""

BUILT_IN = (
    "games.catalog.kropki",
    "games.catalog.dots_and_boxes",
    "games.catalog.quadrotone",
    "games.catalog.quadramids",
)


def game_name(package: str) -> str:
    """A game's API name is its package's last part (`games.catalog.kropki` → kropki)."""
    return package.rsplit(".", 1)[-1]
