"""Dots and Boxes as the service offers it (rules.md)."""

from django.utils.translation import gettext_lazy as _

from games.registry import GameDeclaration, OptionField

BOX_SIDES = tuple((side, str(side)) for side in (3, 4, 5))  # D1: a side of 3, 4 or 5 boxes


def describe_options(options: dict) -> list:
    if options.get("columns") and options.get("rows"):
        return [_("%(c)s×%(r)s boxes") % {"c": options["columns"], "r": options["rows"]}]
    return []


GAME = GameDeclaration(
    name="dots_and_boxes",
    title=_("Dots and Boxes"),
    summary=_(
        "Players take turns drawing a line between two neighbouring dots. Whoever draws the "
        "fourth side of a box wins it and moves again. When every box is taken, the player "
        "with more boxes wins."
    ),
    player_counts=(2,),
    options=(
        OptionField(
            "columns",
            _("Boxes across"),
            "choice",
            default=5,
            choices=BOX_SIDES,
            help=_("Dots and Boxes only (D1)."),
        ),
        OptionField(
            "rows",
            _("Boxes down"),
            "choice",
            default=4,
            choices=BOX_SIDES,
            help=_("Dots and Boxes only (D1)."),
        ),
    ),
    seat_choices=(("first", _("First: blue, moves first")), ("second", _("Second: red"))),
    # D6: no limit, or 30 or 60 seconds a move; when it runs out the CPU moves for the player.
    clocks=(
        ("", _("No clock")),
        ("move:30", _("30 seconds a move")),
        ("move:60", _("60 seconds a move")),
    ),
    clock_help=_("When a player's time for a move runs out, the CPU moves for them."),
    result_reasons={
        "all_boxes_taken": _("every box is taken"),
    },
    refusals={"taken": _("That line is already drawn (D2).")},
    examples_legend=_(
        "In the drawings the first player's lines are blue and the second player's red; a "
        "won box is shaded in its owner's colour and shows its owner's sign: a circle for the "
        "first player, a triangle for the second."
    ),
    stylesheet="dots_and_boxes/board.css",
    board_help=_(
        "Click between two dots to draw a line, or focus the board, move with the arrow keys "
        "(half a box a step) and press Enter."
    ),
    describe_options=describe_options,
)
