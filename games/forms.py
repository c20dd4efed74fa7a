"""The form that starts a practice game against the CPU or invites players, built from the
game's declaration: its option fields, seats and clocks."""

from django import forms
from django.urls import reverse_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts import guests
from games import registry
from games.engines import CPU_LEVELS, DEFAULT_CPU_LEVEL
from games.models import CPU_PLAYER, cpu_level_title, cpu_title
from games.registry import GameDeclaration, OptionField
from games.services import guest_practice_refusal
from infrastructure import text


def option_form_field(
    option: OptionField, *, required: bool = True, widget: forms.Widget | None = None
) -> forms.Field:
    """The form field that offers one of a game's options (a choice with `widget` if
    given, a list to pick from if not)."""
    common = {"label": option.label, "help_text": option.help, "initial": option.default}
    if option.kind == "flag":
        return forms.BooleanField(required=False, **common)
    if option.kind == "number":
        box = forms.NumberInput(attrs={"min": option.minimum, "max": option.maximum})
        # The engine's own words for a number out of bounds, whichever bound it passes.
        bounds = gettext("a whole number from %(low)s to %(high)s") % {
            "low": option.minimum,
            "high": option.maximum,
        }
        return forms.IntegerField(
            min_value=option.minimum,
            max_value=option.maximum,
            required=required,
            widget=box,
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
        widget=widget,
        **common,
    )


def chosen_options(fields: list[tuple[OptionField, str]], data: dict) -> dict:
    """The game options a cleaned form chose, from (option, its form field) pairs; an empty
    choice leaves an option out."""
    chosen = {option.name: data.get(name) for option, name in fields}
    return {name: value for name, value in chosen.items() if value not in (None, "")}


# The opponent's choices: the CPU at one of its levels ("cpu-strong"), or a player invited.
CPU_CHOICE_PREFIX = "cpu-"
PLAYER_CHOICE = "player"


def cpu_choices() -> list[tuple[str, str]]:
    """The CPU at each of its levels, weakest first, as the form offers them."""
    return [(CPU_CHOICE_PREFIX + level, cpu_title(level)) for level in CPU_LEVELS]


def quick_play(user: object, game_names: list[str] | tuple[str, ...]) -> dict:
    """What the guest's quick play offers (templates/games/guest_quick_play.html): a button
    per game, the CPU's levels to choose from, and why the buttons are disabled, if they are
    (a guest at their limit of unfinished games)."""
    return {
        "games": list(game_names),
        "cpu_levels": [
            {"value": level, "title": cpu_level_title(level), "default": level == DEFAULT_CPU_LEVEL}
            for level in CPU_LEVELS
        ],
        "refusal": guest_practice_refusal(user),
    }


def two_player_opponents() -> list[tuple[str, str]]:
    return [*cpu_choices(), (PLAYER_CHOICE, gettext("A player"))]


def more_player_opponents() -> list[tuple[str, str]]:
    return [*cpu_choices(), (PLAYER_CHOICE, gettext("Invited players"))]


def player_name_input() -> forms.TextInput:
    """A name field that suggests players' names as one types (static/js/player-names.js);
    without the script it is a plain text field."""
    return forms.TextInput(
        attrs={
            "autocomplete": "off",
            "autocapitalize": "none",
            "spellcheck": "false",
            "list": "player-names",
            "data-player-search": reverse_lazy("api-player-search"),
        }
    )


class NewGameForm(forms.Form):
    """The settings every game shares; `for_game` adds the game's own."""

    declared: GameDeclaration
    # field name → {choice: what it means}, shown beside each choice.
    choice_help: dict[str, dict] = {}

    opponent = forms.ChoiceField(
        label=_("Opponent"),
        choices=two_player_opponents,
        initial=CPU_CHOICE_PREFIX + DEFAULT_CPU_LEVEL,
        widget=forms.RadioSelect,
        help_text=_(
            "A game against the CPU begins at once, at the strength you choose; a game with an "
            "invited player begins when they accept it."
        ),
    )
    player = forms.CharField(
        label=_("Player to invite"),
        required=False,
        max_length=150,
        validators=[text.single_line],
        widget=player_name_input(),
        help_text=_("Their username; names are suggested as you type."),
    )

    @property
    def game(self) -> str:
        return self.declared.name

    def options(self) -> dict:
        offered = [(option, option.name) for option in self.declared.options if option.on_game_form]
        return chosen_options(offered, self.cleaned_data)

    def player_names(self) -> list[str]:
        """The names typed in the player field (several, separated by commas)."""
        typed = self.cleaned_data.get("player") or ""
        return [name.strip() for name in typed.split(",") if name.strip()]

    def clean(self) -> dict:
        data = super().clean()
        choice = data.get("opponent")
        if choice == PLAYER_CHOICE and not self.player_names():
            self.add_error("player", gettext("Type the username of the player to invite."))
        elif choice and choice != PLAYER_CHOICE and self.player_names():
            self.add_error(
                "player",
                gettext(
                    "To invite this player choose “%(choice)s” above; to play the CPU leave "
                    "this empty."
                )
                % {"choice": dict(self.fields["opponent"].choices)[PLAYER_CHOICE]},
            )
        return data

    def service_arguments(self) -> dict:
        """The cleaned form as the arguments of `games.services.create_game`."""
        data = self.cleaned_data
        options = self.options()
        match_format = options.pop("format", None)
        arguments = {
            "game": self.game,
            "options": options,
            "format": match_format or None,
            "seat": data.get("seat") or None,
            "time_control": time_control(data.get("clock", "")),
        }
        choice = data["opponent"]
        if choice != PLAYER_CHOICE:
            return {
                **arguments,
                "opponent": CPU_PLAYER,
                "cpu_level": choice.removeprefix(CPU_CHOICE_PREFIX),
            }
        names = self.player_names()
        if len(names) > 1:
            return {**arguments, "opponent": "", "opponents": names}
        return {**arguments, "opponent": names[0]}


def guest_opponent_field() -> forms.ChoiceField:
    """A guest's choice of opponent: the CPU at each of its levels, nothing a guest would be
    refused (an invited player); a choice posted all the same is refused in the guest's words."""
    return forms.ChoiceField(
        label=_("Opponent"),
        choices=cpu_choices,
        initial=CPU_CHOICE_PREFIX + DEFAULT_CPU_LEVEL,
        widget=forms.RadioSelect,
        help_text=_("The CPU, at the strength you choose; the game begins at once."),
        error_messages={"invalid_choice": guests.REFUSALS[guests.GuestRefusal.OTHER_GAMES]},
    )


def for_game(declared: GameDeclaration, *, guest: bool = False) -> type[NewGameForm]:
    """The new-game form of one game; a guest's offers the CPU only (accounts/guests.py)."""
    fields: dict[str, forms.Field | None] = {}
    choice_help: dict[str, dict] = {}
    if guest:
        # None takes the shared form's field away: a guest invites nobody.
        fields["opponent"], fields["player"] = guest_opponent_field(), None
    elif max(declared.player_counts) > 2:
        fields["opponent"] = forms.ChoiceField(
            label=_("Opponents"),
            choices=more_player_opponents,
            initial=CPU_CHOICE_PREFIX + DEFAULT_CPU_LEVEL,
            widget=forms.RadioSelect,
            help_text=_(
                "The CPU takes every other seat, at the strength you choose, and the game "
                "begins at once; a game with invited players begins when they all accept it."
            ),
        )
        fields["player"] = forms.CharField(
            label=_("Players to invite"),
            required=False,
            max_length=500,
            validators=[text.single_line],
            widget=player_name_input(),
            help_text=_(
                "The username of your opponent; for four players, three usernames separated "
                "by commas. Names are suggested as you type."
            ),
        )
    for option in declared.options:
        if option.on_game_form:
            explained = match_format_help(declared, option)
            widget = forms.RadioSelect if explained else None
            fields[option.name] = option_form_field(option, widget=widget)
            if explained:
                choice_help[option.name] = explained
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
    attributes = {"declared": declared, "choice_help": choice_help, **fields}
    return type(f"NewGameForm_{declared.name}", (NewGameForm,), attributes)


def match_format_help(declared: GameDeclaration, option: OptionField) -> dict:
    """What each match format (express, extended, full) means in this game, where the
    option is the format and the game says: {choice: its meaning}."""
    if option.name != "format" or option.kind != "choice":
        return {}
    return {
        value: declared.format_help[value]
        for value, _label in option.choices
        if value in declared.format_help
    }


def new_game_form(game: str, *, guest: bool = False) -> type[NewGameForm]:
    """The new-game form of the game called `game` (a guest's with `guest`); KeyError when
    none is in play."""
    return for_game(registry.declaration(game), guest=guest)


def time_control(choice: str) -> dict | None:
    """'300+5' → {initial_s: 300, increment_s: 5}; 'move:60' → {move_s: 60}; '' → None."""
    if not choice:
        return None
    if choice.startswith("move:"):
        return {"move_s": int(choice.removeprefix("move:"))}
    initial, increment = choice.split("+")
    return {"initial_s": int(initial), "increment_s": int(increment)}
