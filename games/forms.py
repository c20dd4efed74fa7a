"""The form that starts a practice game against the CPU or invites a player, per game."""

from django import forms
from django.utils.translation import gettext_lazy as _

KROPKI_SIZES = [
    ("39x32", _("39 × 32 (standard)")),
    ("30x30", _("30 × 30")),
    ("20x20", _("20 × 20")),
    ("15x15", _("15 × 15")),
    ("10x10", _("10 × 10 (a quick game)")),
]
BOX_SIDES = [(side, str(side)) for side in (3, 4, 5)]  # D1: a side of 3, 4 or 5 boxes

FORMATS = [
    ("", _("A single game to the end of the board")),
    ("express", _("Express")),
    ("extended", _("Extended")),
    ("full", _("Full")),
]

KROPKI_CLOCKS = [
    ("", _("No clock")),
    ("300+5", _("5 minutes + 5 seconds a move")),
    ("600+10", _("10 minutes + 10 seconds a move")),
    ("1800+0", _("30 minutes")),
    ("move:60", _("1 minute a move")),
]
# D6: no limit, or 30 or 60 seconds a move; when it runs out the CPU moves for the player.
DOTS_AND_BOXES_CLOCKS = [
    ("", _("No clock")),
    ("move:30", _("30 seconds a move")),
    ("move:60", _("60 seconds a move")),
]


class NewGameForm(forms.Form):
    """The settings every game shares; a game's own form adds its board."""

    game = ""
    opponent = forms.CharField(
        label=_("Opponent"),
        initial="cpu",
        max_length=150,
        help_text=_(
            '"cpu" to practise against the computer, or a player\'s username to invite them.'
        ),
    )
    seat = forms.ChoiceField(
        label=_("Your colour"),
        choices=[("blue", _("Blue (moves first)")), ("red", _("Red"))],
    )

    def options(self) -> dict:
        return {}

    def service_arguments(self) -> dict:
        """The cleaned form as the arguments of `games.services.create_game`."""
        data = self.cleaned_data
        return {
            "game": self.game,
            "options": self.options(),
            "format": data.get("format") or None,
            "opponent": data["opponent"].strip(),
            "seat": data.get("seat") or None,
            "time_control": time_control(data.get("clock", "")),
        }


class KropkiGameForm(NewGameForm):
    game = "kropki"
    size = forms.ChoiceField(label=_("Board"), choices=KROPKI_SIZES, initial="20x20")
    start = forms.ChoiceField(
        label=_("Start"),
        choices=[("cross", _("The cross of four dots")), ("empty", _("An empty board"))],
    )
    format = forms.ChoiceField(label=_("Format"), choices=FORMATS, required=False)
    clock = forms.ChoiceField(label=_("Clock"), choices=KROPKI_CLOCKS, required=False)

    def options(self) -> dict:
        width, height = (int(side) for side in self.cleaned_data["size"].split("x"))
        return {"width": width, "height": height, "start": self.cleaned_data["start"]}


class DotsAndBoxesGameForm(NewGameForm):
    game = "dots_and_boxes"
    columns = forms.TypedChoiceField(
        label=_("Boxes across"), choices=BOX_SIDES, coerce=int, initial=5
    )
    rows = forms.TypedChoiceField(label=_("Boxes down"), choices=BOX_SIDES, coerce=int, initial=4)
    seat = forms.ChoiceField(
        label=_("Your seat"),
        choices=[("first", _("First: blue, moves first")), ("second", _("Second: red"))],
    )
    clock = forms.ChoiceField(
        label=_("Clock"),
        choices=DOTS_AND_BOXES_CLOCKS,
        required=False,
        help_text=_("When a player's time for a move runs out, the CPU moves for them."),
    )

    def options(self) -> dict:
        return {"columns": self.cleaned_data["columns"], "rows": self.cleaned_data["rows"]}


class QuadrotoneGameForm(NewGameForm):
    """Who moves first is drawn by lot (Q5) and the clock is the rules' own (Q17)."""

    game = "quadrotone"
    seat = None
    variant = forms.ChoiceField(
        label=_("Variant"),
        choices=[
            ("main", _("Main: tiles dealt to the players")),
            ("reverse", _("Reverse: all tiles on the board (paid plan, Q21)")),
        ],
    )
    chains = forms.BooleanField(label=_("Chains score (Q15)"), required=False)
    enclosure = forms.BooleanField(label=_("Enclosures score (Q16)"), required=False)

    def options(self) -> dict:
        data = self.cleaned_data
        return {
            "variant": data["variant"],
            "chains": data["chains"],
            "enclosure": data["enclosure"],
        }


class QuadramidsGameForm(NewGameForm):
    """Two or four players (M4); for four, name your three opponents, or play the CPU."""

    game = "quadramids"
    opponent = forms.CharField(
        label=_("Opponents"),
        initial="cpu",
        max_length=500,
        help_text=_(
            '"cpu" to practise against the computer (it takes every other seat), or the '
            "username of your opponent; for four players, three usernames separated by commas."
        ),
    )
    players = forms.TypedChoiceField(
        label=_("Players"), choices=[(2, "2"), (4, "4")], coerce=int, initial=2
    )
    figures = forms.TypedChoiceField(
        label=_("Figures each"),
        choices=[(16, "16"), (32, _("32 (the long game, two players only)"))],
        coerce=int,
        initial=16,
    )
    seat = forms.ChoiceField(
        label=_("Your seat"),
        choices=[
            ("1", _("1 (moves first)")),
            ("2", "2"),
            ("3", _("3 (four players)")),
            ("4", _("4 (four players)")),
        ],
    )

    def options(self) -> dict:
        return {"players": self.cleaned_data["players"], "figures": self.cleaned_data["figures"]}

    def service_arguments(self) -> dict:
        arguments = super().service_arguments()
        names = [name.strip() for name in arguments["opponent"].split(",") if name.strip()]
        if len(names) > 1:
            arguments["opponent"], arguments["opponents"] = "", names
        return arguments


FORMS: dict[str, type[NewGameForm]] = {
    "kropki": KropkiGameForm,
    "dots_and_boxes": DotsAndBoxesGameForm,
    "quadrotone": QuadrotoneGameForm,
    "quadramids": QuadramidsGameForm,
}


def time_control(choice: str) -> dict | None:
    """'300+5' → {initial_s: 300, increment_s: 5}; 'move:60' → {move_s: 60}; '' → None."""
    if not choice:
        return None
    if choice.startswith("move:"):
        return {"move_s": int(choice.removeprefix("move:"))}
    initial, increment = choice.split("+")
    return {"initial_s": int(initial), "increment_s": int(increment)}
