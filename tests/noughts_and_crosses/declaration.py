"""Noughts and Crosses as the service offers it (rules.md)."""

from pathlib import Path

from django.utils.translation import gettext_lazy as _

from games.registry import GameDeclaration
from tests.noughts_and_crosses import drawing
from tests.noughts_and_crosses.engine import ENGINE

GAME = GameDeclaration(
    name="noughts_and_crosses",
    title=_("Noughts and Crosses"),
    summary=_(
        "Two players take turns marking the squares of a 3×3 board, x first. Three marks in "
        "a row, a column or a diagonal win; a full board without one is a draw."
    ),
    player_counts=(2,),
    drawing=drawing.board_svg,
    point_words=drawing.POINT_WORDS,
    rules_dir=Path(__file__).parent,
    seat_choices=(("x", _("X (moves first)")), ("o", _("O"))),
    seat_titles={"x": _("Crosses"), "o": _("Noughts")},
    seat_label=_("Your mark"),
    refusals={"occupied": _("That square is already marked (N2).")},
    result_reasons={"three_in_a_row": _("three in a row")},
    board_help=_(
        "Click an empty square to put your mark there, or focus the board, move with the "
        "arrow keys and press Enter."
    ),
    # The CPU never loses and never lets a game be lost: a random square now and then
    # gives the demo players (and the tests' championships) winners.
    demo_move=lambda state, chooser: chooser.choice(ENGINE.free_squares(state)),
)
