"""The form that starts a practice game against the CPU or invites players, built from the
game's declaration: its option fields, seats and clocks."""

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import registry
from games.registry import GameDeclaration, OptionField


def option_form_field(option: OptionField, *, required: bool = True) -> forms.Field:
    """The form field that offers one of a game's options."""
    common = {"label": option.label, "help_text": option.help, "initial": option.default}
    if option.kind == "flag":
        return forms.BooleanField(required=False, **common)
    if option.kind == "number":
        widget = forms.NumberInput(attrs={"min": option.minimum, "max": option.maximum})
        # The engine's own words for a number out of bounds, whichever bound it passes.
        bounds = gettext("a whole number from %(low)s to %(high)s") % {
            "low": option.minimum,
            "high": option.maximum,
        }
        return forms.IntegerField(
            min_value=option.minimum,
            max_value=option.maximum,
            required=required,
            widget=widget,
            error_messages={"invalid": bounds, "min_value": bounds, "max_value": bounds},
            **common,
        )
    values = [value for value, _label in option.choices]
    coerce = type(values[0]) if values and values[0] != "" else str
    return forms.TypedChoiceField(
        choices=[(value, label) for value, label in option.choices],
        coerce=coerce,
        empty_value="" if coerce is str else None,
        required=required and "" not in values,
        **common,
    )


def chosen_options(fields: list[tuple[OptionField, str]], data: dict) -> dict:
    """The game options a cleaned form chose, from (option, its form field) pairs; an empty
    choice leaves an option out."""
    chosen = {option.name: data.get(name) for option, name in fields}
    return {name: value for name, value in chosen.items() if value not in (None, "")}


class NewGameForm(forms.Form):
    """The settings every game shares; `for_game` adds the game's own."""

    declared: GameDeclaration

    opponent = forms.CharField(
        label=_("Opponent"),
        initial="cpu",
        max_length=150,
        help_text=_(
            '"cpu" to practise against the computer, or a player\'s username to invite them.'
        ),
    )

    @property
    def game(self) -> str:
        return self.declared.name

    def options(self) -> dict:
        offered = [(option, option.name) for option in self.declared.options if option.on_game_form]
        return chosen_options(offered, self.cleaned_data)

    def service_arguments(self) -> dict:
        """The cleaned form as the arguments of `games.services.create_game`."""
        data = self.cleaned_data
        options = self.options()
        match_format = options.pop("format", None)
        arguments = {
            "game": self.game,
            "options": options,
            "format": match_format or None,
            "opponent": data["opponent"].strip(),
            "seat": data.get("seat") or None,
            "time_control": time_control(data.get("clock", "")),
        }
        names = [name.strip() for name in arguments["opponent"].split(",") if name.strip()]
        if len(names) > 1:
            arguments["opponent"], arguments["opponents"] = "", names
        return arguments


def for_game(declared: GameDeclaration) -> type[NewGameForm]:
    """The new-game form of one game."""
    fields: dict[str, forms.Field] = {}
    if max(declared.player_counts) > 2:
        fields["opponent"] = forms.CharField(
            label=_("Opponents"),
            initial="cpu",
            max_length=500,
            help_text=_(
                '"cpu" to practise against the computer (it takes every other seat), or the '
                "username of your opponent; for four players, three usernames separated by "
                "commas."
            ),
        )
    for option in declared.options:
        if option.on_game_form:
            fields[option.name] = option_form_field(option)
    if declared.seat_choices:
        fields["seat"] = forms.ChoiceField(
            label=declared.seat_label or _("Your seat"), choices=list(declared.seat_choices)
        )
    if declared.clocks:
        fields["clock"] = forms.ChoiceField(
            label=_("Clock"),
            choices=list(declared.clocks),
            required=False,
            help_text=declared.clock_help,
        )
    return type(f"NewGameForm_{declared.name}", (NewGameForm,), {"declared": declared, **fields})


def new_game_form(game: str) -> type[NewGameForm]:
    """The new-game form of the game called `game`; KeyError when none is in play."""
    return for_game(registry.declaration(game))


def time_control(choice: str) -> dict | None:
    """'300+5' → {initial_s: 300, increment_s: 5}; 'move:60' → {move_s: 60}; '' → None."""
    if not choice:
        return None
    if choice.startswith("move:"):
        return {"move_s": int(choice.removeprefix("move:"))}
    initial, increment = choice.split("+")
    return {"initial_s": int(initial), "increment_s": int(increment)}
