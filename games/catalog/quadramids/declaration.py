"""Quadramids as the service offers it (rules.md)."""

from django.utils.translation import gettext_lazy as _

from games.registry import GameDeclaration, OptionField

GAME = GameDeclaration(
    name="quadramids",
    title=_("Quadramids"),
    summary=_(
        "On an 8×8 board players bring figures in, step and jump, and remove enemy figures "
        "by hopping over them. Four figures on a 2×2 square with a fifth on its centre make "
        "a pyramid, which scores at the start of every turn until an enemy blocks it."
    ),
    player_counts=(2, 4),
    options=(
        # A championship's games are between two players.
        OptionField(
            "players",
            _("Players"),
            "choice",
            default=2,
            choices=((2, "2"), (4, "4")),
            in_championships=False,
        ),
        OptionField(
            "figures",
            _("Figures each"),
            "choice",
            default=16,
            choices=((16, "16"), (32, _("32 (the long game, two players only)"))),
        ),
    ),
    seat_choices=(
        ("1", _("1 (moves first)")),
        ("2", "2"),
        ("3", _("3 (four players)")),
        ("4", _("4 (four players)")),
    ),
    result_reasons={
        "move_limit": _("the format's move limit was reached"),
        "all_passed": _("every player passed in a row"),
        "players_out": _("fewer than two players are left"),
    },
    refusals={
        "bad_move": _("That is not a move of this game (M1)."),
        "put_not_allowed": _("A figure is put on a free entry or next to one of yours (M5)."),
        "empty_hand": _("You have no figure left in hand (M5)."),
        "not_your_figure": _("That is not one of your figures."),
        "move_not_allowed": _("That figure cannot go there (M6–M17)."),
    },
    examples_legend=_(
        "The drawing is the empty board: files a–h left to right, ranks 1–8 from the bottom; "
        "the coloured cells are the capital, the golden cities, the entries and the cities, "
        "and the rings on the grid's crossings are the five circles."
    ),
    stylesheet="quadramids/board.css",
    board_help=_(
        "Click a free cell to put a figure there. To move, click one of your figures (or your "
        "apex or blocker on a centre), then where it goes; the dots show where it may go."
    ),
    script="quadramids/composer.js",
)
