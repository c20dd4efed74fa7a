"""Kropki (Dots) as the service offers it (rules.md)."""

from django.utils.translation import gettext_lazy as _

from games.catalog.kropki.engine import ENGINE
from games.catalog.kropki.engine.board import MAX_SIZE, MIN_SIZE
from games.catalog.kropki.engine.options import DEFAULT_HEIGHT, DEFAULT_WIDTH
from games.registry import GameDeclaration, OptionField


def describe_options(options: dict) -> list:
    if options.get("width") and options.get("height"):
        return [_("%(w)s×%(h)s board") % {"w": options["width"], "h": options["height"]}]
    return []


GAME = GameDeclaration(
    name="kropki",
    title=_("Kropki (Dots)"),
    summary=_(
        "Players take turns putting dots of their colour on the points of a grid. Dots that "
        "a closed chain of the opponent's dots surrounds are captured, one point each; a "
        "larger contour can take over smaller ones. The game ends when the board is full or "
        "the lead can no longer be caught up, and the higher score wins."
    ),
    player_counts=(2,),
    options=(
        OptionField(
            "width",
            _("Board width"),
            "number",
            default=DEFAULT_WIDTH,
            minimum=MIN_SIZE,
            maximum=MAX_SIZE,
            help=_("Points across, from 4 to 60."),
        ),
        OptionField(
            "height",
            _("Board height"),
            "number",
            default=DEFAULT_HEIGHT,
            minimum=MIN_SIZE,
            maximum=MAX_SIZE,
            help=_("Points down, from 4 to 60."),
        ),
        OptionField(
            "start",
            _("Start"),
            "choice",
            default="cross",
            choices=(("cross", _("The cross of four dots")), ("empty", _("An empty board"))),
        ),
        # A championship's stages set the format of their games.
        OptionField(
            "format",
            _("Format"),
            "choice",
            default="",
            choices=(
                ("", _("A single game to the end of the board")),
                ("express", _("Express")),
                ("extended", _("Extended")),
                ("full", _("Full")),
            ),
            in_championships=False,
        ),
    ),
    seat_choices=(("blue", _("Blue (moves first)")), ("red", _("Red"))),
    seat_label=_("Your colour"),
    clocks=(
        ("", _("No clock")),
        ("300+5", _("5 minutes + 5 seconds a move")),
        ("600+10", _("10 minutes + 10 seconds a move")),
        ("1800+0", _("30 minutes")),
        ("move:60", _("1 minute a move")),
    ),
    format_help={
        "express": _("Short games: in Kropki the game stops after 80 moves."),
        "extended": _("Longer games: in Kropki the game stops after 160 moves."),
        "full": _(
            "Kropki: 240 moves, then play goes on until one side's lead is secured or the "
            "board is full."
        ),
    },
    playoff_extra_time=True,  # K14: a level playoff game gets extra moves
    result_reasons={
        "board_full": _("the board is full"),
        "move_limit": _("the format's move limit was reached"),
        "secured_lead": _("the lead is secured: the other side can no longer catch up (rule K13)"),
    },
    stylesheet="kropki/board.css",
    script="kropki/board.js",  # keeps the board's "show links" choice
    refusals={
        "occupied": _("That place is taken."),
        "owned": _("That point lies in captured territory (K9)."),
    },
    examples_legend=_(
        "In the drawings blue and red discs are the players' dots, points are named "
        "column-row from the lower left, a captured area is outlined and shaded in the "
        "colour of the player who captured it, pale dots are captured, and a ring marks the "
        "last dot put."
    ),
    board_help=_(
        "Click a free point to put your dot there, or focus the board and use the arrow keys "
        "(Shift moves five points) and Enter."
    ),
    describe_options=describe_options,
    demo_options={"width": 12, "height": 12},
    # The CPU never loses a dot against itself: a random point now and then gives captures,
    # winners and losers.
    demo_move=lambda state, chooser: chooser.choice(ENGINE.free_points(state)),
)
