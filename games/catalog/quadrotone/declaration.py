"""Quadrotone as the service offers it (rules.md)."""

from django.utils.translation import gettext_lazy as _

from accounts import plans
from games.catalog.quadrotone import drawing
from games.registry import GameDeclaration, OptionField, Panel


def new_game_help(creator) -> str:
    """Q14 by the creator's plan, and the rules' own first move and clock (Q5, Q17)."""
    if plans.has_entitlement(creator, plans.Entitlement.ROTATED_PATTERNS):
        plan = _("Your paid plan: turned patterns score in this game (Q14).")
    else:
        plan = _(
            "On the free plan only patterns as drawn score; turned ones score in games "
            "created on the paid plan (Q14)."
        )
    clock = _("Who moves first is drawn by lot; each player has 3 hours, at most 6 minutes a move.")
    return f"{plan} {clock}"


def describe_options(options: dict) -> list:
    described = []
    if options.get("variant") == "reverse":
        described.append(_("reverse variant"))
    described.append(
        _("turned patterns score")
        if options.get("rotations")
        else _("only patterns as drawn score")
    )
    if options.get("chains"):
        described.append(_("chains score"))
    if options.get("enclosure"):
        described.append(_("enclosures score"))
    return described


GAME = GameDeclaration(
    name="quadrotone",
    title=_("Quadrotone"),
    summary=_(
        "Each player holds half of 256 tiles, each made of four coloured squares. Placing and "
        "rearranging tiles on a 16×16 board, players form one- and two-colour patterns from "
        "a catalogue, which score points; copies of a pattern score more, and options add "
        "points for long chains and enclosed areas."
    ),
    player_counts=(2,),
    options=(
        OptionField(
            "variant",
            _("Variant"),
            "choice",
            default="main",
            choices=(
                ("main", _("Main: tiles dealt to the players")),
                ("reverse", _("Reverse: all tiles on the board (paid plan, Q21)")),
            ),
            paid_choices={"reverse": plans.Entitlement.REVERSE_VARIANT},
            paid_refusal=_(
                "The reverse variant of Quadrotone is for paid accounts, and %(player)s's "
                "is free (Q21)."
            ),
        ),
        OptionField("chains", _("Chains score (Q15)"), "flag", default=False),
        OptionField("enclosure", _("Enclosures score (Q16)"), "flag", default=False),
        # Q14: turned patterns score in the games a paid player creates, and only there.
        OptionField(
            "rotations",
            _("Turned patterns score (Q14)"),
            "flag",
            default=False,
            from_plan=plans.Entitlement.ROTATED_PATTERNS,
        ),
    ),
    new_game_help=new_game_help,
    entitlements={
        plans.Entitlement.ROTATED_PATTERNS: _(
            "Turned (90°, 180°, 270°) Quadrotone patterns in the games you create"
        ),
        plans.Entitlement.REVERSE_VARIANT: _("The reverse Quadrotone variant"),
    },
    result_reasons={
        "passes": _("four passes in a row"),
        "lead": _("a lead of 8000 points"),
        "no_moves": _("neither player can move"),
    },
    refusals={
        "not_your_tile": _("That tile is not in your hand (Q6)."),
        "cell_taken": _("That cell is taken (Q6, Q7)."),
        "limit_reached": _("You have used every move of that size (Q8)."),
        "undo": _("That move would undo most of your opponent's last move (Q9)."),
        "no_change": _("Every tile of a rearrangement must change its cell or its turn (Q7)."),
        "tile_count": _("A move takes from 1 to 8 tiles (Q6, Q7)."),
        "bad_turn": _("A turn is 0 to 3 quarter turns."),
        "unknown_tile": _("There is no such tile."),
        "empty_cell": _("There is no tile on that cell."),
        "duplicate_tile": _("The move names a tile or a cell twice."),
        "wrong_variant": _("That move belongs to the other variant of the game."),
        "not_a_swap": _("In a swap every tile changes its cell (Q22)."),
        "too_early": _("Moves of that many tiles come later in the game (Q24)."),
        "has_moves": _("You may pass only when you have no move."),
        "not_your_seat": _("That is not your seat."),
    },
    examples_legend=_(
        "Each drawing is one pattern on the small squares of the board, drawn in red; "
        "it scores the same in any of the four colours. In a two-colour pattern the second "
        "colour is drawn in blue. Click a pattern to see it turned."
    ),
    stylesheet="quadrotone/board.css",
    board_help=_(
        "Choose one of your tiles, turn it with R, then click a free cell; up to eight tiles "
        "make one move. To rearrange, click a tile on the board, then where it goes. On the "
        "board the arrow keys move a cell at a time and Enter chooses."
    ),
    script="quadrotone/composer.js",
    panel=Panel(template="quadrotone/panel.html", build=drawing.panel),
    describe_options=describe_options,
)
