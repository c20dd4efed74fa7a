"""The form that starts a practice game against the CPU or invites a player."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.engines import GAMES
from games.titles import game_title

BOARD_SIZES = [
    ("39x32", _("39 × 32 (standard)")),
    ("30x30", _("30 × 30")),
    ("20x20", _("20 × 20")),
    ("15x15", _("15 × 15")),
    ("10x10", _("10 × 10 (a quick game)")),
]

FORMATS = [
    ("", _("A single game to the end of the board")),
    ("express", _("Express")),
    ("extended", _("Extended")),
    ("full", _("Full")),
]

TIME_CONTROLS = [
    ("", _("No clock")),
    ("300+5", _("5 minutes + 5 seconds a move")),
    ("600+10", _("10 minutes + 10 seconds a move")),
    ("1800+0", _("30 minutes")),
    ("move:60", _("1 minute a move")),
]


class NewGameForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"), choices=[])
    opponent = forms.CharField(
        label=_("Opponent"),
        initial="cpu",
        max_length=150,
        help_text=_(
            '"cpu" to practise against the computer, or a player\'s username to invite them.'
        ),
    )
    size = forms.ChoiceField(label=_("Board"), choices=BOARD_SIZES, initial="20x20")
    start = forms.ChoiceField(
        label=_("Start"),
        choices=[("cross", _("The cross of four dots")), ("empty", _("An empty board"))],
    )
    format = forms.ChoiceField(label=_("Format"), choices=FORMATS, required=False)
    seat = forms.ChoiceField(
        label=_("Your colour"),
        choices=[("blue", _("Blue (moves first)")), ("red", _("Red"))],
    )
    clock = forms.ChoiceField(label=_("Clock"), choices=TIME_CONTROLS, required=False)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(game, game_title(game)) for game in GAMES]

    def service_arguments(self) -> dict:
        """The cleaned form as the arguments of `games.services.create_game`."""
        data = self.cleaned_data
        width, height = (int(side) for side in data["size"].split("x"))
        return {
            "game": data["game"],
            "options": {"width": width, "height": height, "start": data["start"]},
            "format": data["format"] or None,
            "opponent": data["opponent"].strip(),
            "seat": data["seat"],
            "time_control": time_control(data["clock"]),
        }


def time_control(choice: str) -> dict | None:
    """'300+5' → {initial_s: 300, increment_s: 5}; 'move:60' → {move_s: 60}; '' → None."""
    if not choice:
        return None
    if choice.startswith("move:"):
        return {"move_s": int(choice.removeprefix("move:"))}
    initial, increment = choice.split("+")
    return {"initial_s": int(initial), "increment_s": int(increment)}
