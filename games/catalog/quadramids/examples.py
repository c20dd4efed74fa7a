"""Quadramids' drawn example for its rules page: the board of M1–M3."""

from django.utils.translation import gettext

from games.boards import board_svg
from games.engines import engine
from games.rule_examples import Figure


def figures() -> list[Figure]:
    """The empty board under M3: the coloured cells and the five circles."""
    rules = engine("quadramids")
    view = rules.view(rules.new({"players": 2}))
    label = gettext(
        "The board: the capital (scarlet) in the middle, the four golden cities (yellow), the "
        "entries (black), the cities (lilac) along the edge, and the five circles."
    )
    return [Figure(rule="M3", caption=label, svg=board_svg("quadramids", view, label=label))]
