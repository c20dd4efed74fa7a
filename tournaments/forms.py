"""The championship form of the pages, and the words the pages use for settings."""

import csv
import io
import re
from datetime import datetime
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.usernames import canonical_username
from games import registry
from games.api import USERNAME_LENGTH
from games.forms import chosen_options, option_form_field
from games.game_field import first_game_name, game_choices
from games.registry import MATCH_FORMATS, GameDeclaration, OptionField
from games.titles import FORMAT_TITLES
from infrastructure import text
from infrastructure.errors import DomainError, NotAllowed
from tournaments import services, tiebreaks
from tournaments.durations import DurationField
from tournaments.models import (
    ABSENT_AFTER_DEFAULT_S,
    ROUND_DEADLINE_DEFAULT_S,
    Championship,
)
from tournaments.services import creation
from tournaments.services.creation import CHECK_IN_MAX_S, DESCRIPTION_MAX_CHARS
from tournaments.systems import registry as systems_registry

FORMAT_LABELS = FORMAT_TITLES


def format_help() -> dict[str, str]:
    """What each match format means, in the words of every game that says."""
    return {
        name: " ".join(
            str(game.format_help[name])
            for game in registry.declarations()
            if name in game.format_help
        )
        for name in MATCH_FORMATS
    }


POINT_SYSTEM_LABELS = {
    "2-1-0": _("2-1-0: a win 2 points, a draw 1, a loss 0"),
    "3-1-0": _("3-1-0: a win 3 points, a draw 1, a loss 0"),
    "1-0.5-0": _("1-½-0: a win 1 point, a draw ½, a loss 0"),
}

# name: (column heading, full name, what it measures)
TIEBREAK_LABELS = {
    "direct_encounter": (
        _("DE"),
        _("Direct encounter"),
        _("Points scored in the games among the tied players only."),
    ),
    "sonneborn_berger": (
        _("SB"),
        _("Sonneborn-Berger"),
        _(
            "For every game, the result (1 a win, ½ a draw, 0 a loss) times the opponent's "
            "final points, added up: beating strong players counts more."
        ),
    ),
    "koya": (
        _("Koya"),
        _("Koya"),
        _("Points scored against the players who finished with at least half the maximum."),
    ),
    "wins": (_("Wins"), _("Wins"), _("Games won, forfeit wins included.")),
    "game_score_difference": (
        _("Diff"),
        _("Game score difference"),
        _("Score won minus score lost over all games (dots, boxes or points, by the game)."),
    ),
    "lots": (
        _("Lot"),
        _("Drawing of lots"),
        _("The number each player drew at the start; the lower number ranks higher."),
    ),
    "buchholz": (
        _("Bu"),
        _("Buchholz"),
        _(
            "The opponents' points added up (FIDE C.07); a round without a game counts as "
            "against a player level with oneself."
        ),
    ),
    "buchholz_cut1": (
        _("Bu-1"),
        _("Buchholz cut 1"),
        _("Buchholz without the lowest of the opponents' points."),
    ),
    "sonneborn_berger_cut1": (
        _("SB-1"),
        _("Sonneborn-Berger cut 1"),
        _("Sonneborn-Berger without the opponent who adds the least."),
    ),
    "progressive": (
        _("Prog"),
        _("Progressive score"),
        _("The running total after each round, added up: early wins count more."),
    ),
    "average_rating_of_opponents": (
        _("ARO"),
        _("Average rating of the opponents"),
        _("The mean rating of the players met over the board."),
    ),
}


def tiebreak_label(name: str) -> tuple[str, str, str]:
    """(column heading, full name, what it measures); a name without words of its own
    reads as words rather than as its code."""
    words = name.replace("_", " ").capitalize()
    return TIEBREAK_LABELS.get(name, (words, words, ""))


def tiebreak_systems() -> dict[str, dict[str, list[str]]]:
    """Each system's tie-breaks (`known`, in the order offered) and its own default order,
    for the form's script and the legend."""
    found = {}
    for system in systems_registry.names():
        known, default = creation.tiebreaks_for(system)
        found[system] = {"known": list(known), "default": list(default)}
    return found


def format_labels() -> dict[str, dict[str, str]]:
    """The match formats' names by system: the stage each is played in."""
    labels: dict[str, dict[str, str]] = {}
    for system in systems_registry.systems():
        for setting, label in system.formats.items():
            labels.setdefault(setting, {})[system.name] = label
    return labels


def system_fields() -> dict[str, tuple[str, ...]]:
    """The settings each system uses, beyond those every championship has: the form shows a
    field (or a part of the page) only for the systems that use it."""
    fields: dict[str, tuple[str, ...]] = {}
    for system in systems_registry.systems():
        for rule in system.settings:
            fields[rule.name] = (*fields.get(rule.name, ()), system.name)
    return fields


# As many choices as the longest order a system knows (a Swiss's eight).
TIEBREAK_SLOTS = 8
NO_TIEBREAK = ""

# A service error's field → the form field that shows it (a game's options: see
# option_field_name).
ERROR_FIELDS = {
    "time_control.initial_s": "initial_minutes",
    "time_control.increment_s": "increment_seconds",
    "time_control.move_s": "move_seconds",
    "time_control": "clock",
    "tiebreaks": "tiebreak_1",
    "round_deadline_s": "round_deadline",
    "absent_after_s": "absent_after",
}

# The clock a championship's games get: the default, none, or the times of the form.
CLOCK_DEFAULT, CLOCK_NONE, CLOCK_CUSTOM = "default", "none", "custom"
CLOCK_FIELDS = ("initial_minutes", "increment_seconds", "move_seconds")
SCHEDULE_FORMAT = "%Y-%m-%dT%H:%M"


def championship_options() -> list[tuple[GameDeclaration, OptionField, str]]:
    """Every game's options a championship may set, with the form field of each: the
    option's own name, or the game's name before it when two games share the name."""
    offered = [
        (game, option)
        for game in registry.declarations()
        for option in game.options
        if option.on_championship_form
    ]
    names = [option.name for _game, option in offered]
    return [
        (
            game,
            option,
            option.name if names.count(option.name) == 1 else f"{game.name}_{option.name}",
        )
        for game, option in offered
    ]


def _ordinal_label(position: int) -> str:
    return _("Tie-break %(position)s") % {"position": position}


def _schedule_input() -> forms.DateTimeInput:
    return forms.DateTimeInput(attrs={"type": "datetime-local"}, format=SCHEDULE_FORMAT)


class ChampionshipForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120, validators=[text.single_line])
    # Callables: the form offers the games registered when it is shown.
    game = forms.ChoiceField(label=_("Game"), choices=game_choices, initial=first_game_name)
    description = forms.CharField(
        label=_("Description"),
        required=False,
        max_length=DESCRIPTION_MAX_CHARS,
        validators=[text.multi_line],
        help_text=_("Plain text for the championship's page: what, who for, prizes, contact."),
        widget=forms.Textarea(attrs={"rows": 4}),
    )
    starts_at = forms.DateTimeField(
        label=_("Starts at"),
        required=False,
        widget=_schedule_input(),
        help_text=_("The championship starts by itself then, if two players have entered."),
    )
    entries_close_at = forms.DateTimeField(
        label=_("Entries close at"),
        required=False,
        widget=_schedule_input(),
        help_text=_("No one may enter or accept an invitation after this; at the start or before."),
    )
    check_in_minutes = forms.IntegerField(
        label=_("Check-in opens this many minutes before the start"),
        required=False,
        min_value=0,
        max_value=CHECK_IN_MAX_S // 60,
        help_text=_(
            "Entrants confirm they are there in this time; whoever has not is withdrawn at "
            "the start, before the first round is drawn. Needs a start time. Empty or 0: no "
            "check-in."
        ),
    )
    round_deadline = DurationField(
        label=_("Time for each round"),
        required=False,
        initial=ROUND_DEADLINE_DEFAULT_S,
        help_text=_(
            "From 1 minute to 90 days, counted from the round's opening. A game still "
            "running then is decided: the leader wins, level scores are a draw (in the "
            "playoff the organiser decides)."
        ),
    )
    absent_after = DurationField(
        label=_("A player counts as absent after"),
        required=False,
        initial=ABSENT_AFTER_DEFAULT_S,
        help_text=_(
            "From 1 minute to 90 days without a move; your organiser page lists absent players."
        ),
    )
    system = forms.ChoiceField(
        label=_("System"),
        required=False,
        choices=systems_registry.description_choices,
        initial=systems_registry.DEFAULT_SYSTEM,
        widget=forms.RadioSelect,
    )
    group_size = forms.IntegerField(
        label=_("Players per group"),
        initial=4,
        help_text=_("From 2 to 16. Everyone in a group plays everyone else once."),
        widget=forms.NumberInput(attrs={"min": 2, "max": 16}),
    )
    playoff_players_per_group = forms.IntegerField(
        label=_("Players who advance from each group"),
        initial=2,
        help_text=_("The top players of every group go on to the playoff bracket."),
        widget=forms.NumberInput(attrs={"min": 1, "max": 16}),
    )
    stage_format = forms.ChoiceField(
        label=_("Group stage format"),
        choices=[(name, FORMAT_LABELS[name]) for name in MATCH_FORMATS],
        initial="express",
        widget=forms.RadioSelect,
    )
    playoff_format = forms.ChoiceField(
        label=_("Playoff format"),
        choices=[(name, FORMAT_LABELS[name]) for name in MATCH_FORMATS],
        initial="full",
        widget=forms.RadioSelect,
    )
    third_place = forms.BooleanField(
        label=_("Play a match for third place"), required=False, initial=True
    )
    rated = forms.BooleanField(
        label=_("Rated: the games count for the players' ratings"), required=False, initial=True
    )
    clock = forms.ChoiceField(
        label=_("Clock"),
        required=False,
        initial=CLOCK_DEFAULT,
        choices=[
            (
                CLOCK_DEFAULT,
                _(
                    "24 hours a move (correspondence); a game whose rules set or limit the "
                    "clock keeps its own"
                ),
            ),
            (CLOCK_NONE, _("No clock, where the game's rules allow it: the round's time only")),
            (CLOCK_CUSTOM, _("Custom: the times below")),
        ],
        widget=forms.RadioSelect,
    )
    initial_minutes = forms.FloatField(
        label=_("Time per player (minutes)"),
        required=False,
        help_text=_("Each player's clock for the whole game. Leave empty for no game clock."),
        widget=forms.NumberInput(attrs={"min": 0.5, "max": 1440, "step": "any"}),
    )
    increment_seconds = forms.FloatField(
        label=_("Increment (seconds)"),
        required=False,
        help_text=_("Added to the player's clock after each move."),
        widget=forms.NumberInput(attrs={"min": 0, "max": 86400, "step": "any"}),
    )
    move_seconds = forms.FloatField(
        label=_("Time per move (seconds)"),
        required=False,
        help_text=_("The most a single move may take. Leave empty for no limit."),
        widget=forms.NumberInput(attrs={"min": 1, "max": 86400, "step": "any"}),
    )
    points_system = forms.ChoiceField(
        label=_("Points for a win, a draw and a loss"),
        choices=[(name, POINT_SYSTEM_LABELS.get(name, name)) for name in tiebreaks.POINT_SYSTEMS],
        initial="2-1-0",
        widget=forms.RadioSelect,
    )
    visibility = forms.ChoiceField(
        label=_("Who can see it"),
        choices=[
            ("public", _("Public: anyone can follow it and enter")),
            ("private", _("Private: only you and the players you enter (paid plan)")),
        ],
        initial=Championship.Visibility.PUBLIC,
        widget=forms.RadioSelect,
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # The settings only some systems have: each system's own field.
        self.fields.update(system_fields_of_the_form())
        self.game_options = championship_options()
        for game, option, name in self.game_options:
            field = option_form_field(option, required=False)
            only = _("%(game)s only.") % {"game": game.title}
            field.help_text = f"{only} {option.help}" if option.help else only
            self.fields[name] = field
        choices = [(NO_TIEBREAK, _("(none)"))] + [
            (name, tiebreak_label(name)[1]) for name in creation.all_tiebreaks()
        ]
        _known, default = creation.tiebreaks_for(self.initial.get("system") or _DEFAULT_SYSTEM)
        for position in range(1, TIEBREAK_SLOTS + 1):
            self.fields[f"tiebreak_{position}"] = forms.ChoiceField(
                label=_ordinal_label(position),
                choices=choices,
                required=False,
                initial=default[position - 1] if position <= len(default) else NO_TIEBREAK,
            )
        # Typed and shown in the reader's time zone (the site's when none is chosen).
        zone = _("Times are in %(zone)s.") % {"zone": timezone.get_current_timezone_name()}
        for name in ("starts_at", "entries_close_at"):
            self.fields[name].help_text = f"{self.fields[name].help_text} {zone}"

    def add_error(self, field, error) -> None:
        """Also point each invalid input at its error message (aria-describedby)."""
        super().add_error(field, error)
        for name in self.errors:
            if name not in self.fields:
                continue
            bound = self[name]
            described = [f"{bound.auto_id}_errors"]
            if bound.help_text:
                described.append(f"{bound.auto_id}_helptext")
            self.fields[name].widget.attrs["aria-describedby"] = " ".join(described)

    # -- reading ------------------------------------------------------------------

    @property
    def game_option_groups(self) -> list[tuple[str, str, list[forms.BoundField]]]:
        """The games' own fields: (game, title, fields) for each game that has any."""
        groups: dict[str, list[forms.BoundField]] = {}
        titles = {}
        for game, _option, name in self.game_options:
            titles[game.name] = game.title
            groups.setdefault(game.name, []).append(self[name])
        return [(game, titles[game], fields) for game, fields in groups.items()]

    @property
    def chosen_system(self) -> str:
        """The system the form is for: as sent, or as the championship has it."""
        if self.is_bound:
            sent = self.data.get("system")
            return sent if sent in systems_registry.names() else _DEFAULT_SYSTEM
        return self.initial.get("system") or _DEFAULT_SYSTEM

    @property
    def shows_playoff(self) -> bool:
        """Whether the chosen system plays knockout matches in the playoff format: a system
        whose playoff is optional (a Swiss's) only with players who go on to it."""
        names = systems_registry.system(self.chosen_system).setting_names
        if "playoff_format" not in names:
            return False
        if "playoff_players" in names:
            value = (
                self.data.get("playoff_players")
                if self.is_bound
                else self.initial.get("playoff_players")
            )
            try:
                return int(value or 0) >= 2
            except (TypeError, ValueError):
                return True
        return True

    @property
    def system_labels(self) -> dict[str, dict[str, str]]:
        return format_labels()

    @property
    def systems_using(self) -> dict[str, str]:
        """Setting → the systems that use it, as the page's `data-systems` lists them."""
        return {name: " ".join(using) for name, using in system_fields().items()}

    @property
    def hides(self) -> dict[str, bool]:
        """Setting → whether the chosen system leaves it out (hidden until chosen)."""
        return {name: self.chosen_system not in using for name, using in system_fields().items()}

    @property
    def stage_headings(self) -> list[dict]:
        """The heading of the own stage's section, one per system that has one."""
        return [
            {
                "systems": system.name,
                "title": systems_registry.stage(system.first_stage).status_label,
                "hidden": system.name != self.chosen_system,
            }
            for system in systems_registry.systems()
            if "stage_format" in system.setting_names
        ]

    @property
    def system_words(self) -> list[dict]:
        """Each system's words for its knockout section and its tie-breaks."""
        return [
            {"systems": system.name, "hidden": system.name != self.chosen_system,
             **system.form_words}
            for system in systems_registry.systems()
            if system.form_words
        ]  # fmt: skip

    @property
    def tiebreak_legend(self) -> list[dict[str, Any]]:
        """Every tie-break's words, with the systems that know it."""
        systems = tiebreak_systems()
        return [
            {
                "name": name,
                "full": tiebreak_label(name)[1],
                "explained": tiebreak_label(name)[2],
                "systems": " ".join(s for s, words in systems.items() if name in words["known"]),
            }
            for name in creation.all_tiebreaks()
        ]

    @property
    def tiebreak_fields(self) -> list[forms.BoundField]:
        return [self[f"tiebreak_{position}"] for position in range(1, TIEBREAK_SLOTS + 1)]

    @property
    def tiebreak_errors(self) -> list[str]:
        return [error for bound in self.tiebreak_fields for error in bound.errors]

    @property
    def time_control_errors(self) -> bool:
        return any(
            self[name].errors for name in ("initial_minutes", "increment_seconds", "move_seconds")
        )

    def clean(self) -> dict:
        data = super().clean()
        # The other games' settings are hidden and not used: what they hold blocks nothing.
        for game, _option, name in self.game_options:
            if game.name != data.get("game"):
                self.errors.pop(name, None)
        chosen = [data.get(f"tiebreak_{n}") for n in range(1, TIEBREAK_SLOTS + 1)]
        chosen = [name for name in chosen if name]
        repeated = sorted({name for name in chosen if chosen.count(name) > 1})
        system = data.get("system") or _DEFAULT_SYSTEM
        known, _default = creation.tiebreaks_for(system)
        foreign = [name for name in chosen if name not in known]
        # Another system's defaults left as the form showed them stand for this system's.
        breaks_ties = system in system_fields()["tiebreaks"]
        if breaks_ties and foreign and tuple(chosen) not in _default_orders():
            self.add_error(
                "tiebreak_1",
                _("%(name)s is not a tie-break of this system; choose among: %(known)s.")
                % {
                    "name": tiebreak_label(foreign[0])[1],
                    "known": ", ".join(str(tiebreak_label(name)[1]) for name in known),
                },
            )
        elif repeated:
            self.add_error(
                "tiebreak_1",
                _("Each tie-break may be chosen once; %(name)s is chosen twice.")
                % {"name": tiebreak_label(repeated[0])[1]},
            )
        # Without a choice (a form sent by a program), times given make the clock custom.
        timed = any(data.get(name) is not None for name in CLOCK_FIELDS)
        clock = data.get("clock") or (CLOCK_CUSTOM if timed else CLOCK_DEFAULT)
        data["clock"] = clock
        if clock != CLOCK_CUSTOM and timed:
            self.add_error(
                "clock", _("Choose the custom clock to use the times below, or leave them empty.")
            )
        if clock == CLOCK_CUSTOM and all(
            data.get(name) is None for name in ("initial_minutes", "move_seconds")
        ):
            self.add_error(
                "initial_minutes", _("A custom clock needs a time per player or a time per move.")
            )
        minutes = data.get("initial_minutes")
        if minutes is not None and not 1 / 60 <= minutes <= 1440:
            self.add_error("initial_minutes", _("From 1 second to 1440 minutes (a day)."))
        increment = data.get("increment_seconds")
        move = data.get("move_seconds")
        if increment is not None and minutes is None and move is None:
            self.add_error(
                "increment_seconds",
                _("An increment needs a time per player or a time per move."),
            )
        return data

    def settings(self, current: Championship | None = None) -> dict:
        """The keyword arguments of services.create_championship (organiser aside), or of
        services.edit_championship for the `current` championship: a time of its schedule
        shown to the minute and sent back as shown is left as it is."""
        data = self.cleaned_data
        chosen = [
            (option, name) for game, option, name in self.game_options if game.name == data["game"]
        ]
        options = chosen_options(chosen, data)
        order = [data.get(f"tiebreak_{n}") for n in range(1, TIEBREAK_SLOTS + 1)]
        system = data.get("system") or _DEFAULT_SYSTEM
        durations = {
            "round_deadline_s": data.get("round_deadline"),
            "absent_after_s": data.get("absent_after"),
        }
        schedule = {name: data.get(name) for name in ("starts_at", "entries_close_at")}
        if current is not None:
            schedule = {
                name: moment
                for name, moment in schedule.items()
                if not _same_minute(moment, getattr(current, name))
            }
        return {
            "name": data["name"],
            "game": data["game"],
            "description": data.get("description", ""),
            **schedule,
            "check_in_s": (data.get("check_in_minutes") or 0) * 60,
            # Left empty: the default at creation, unchanged in an edit.
            **{name: seconds for name, seconds in durations.items() if seconds is not None},
            "options": options,
            "group_size": data["group_size"],
            "playoff_players_per_group": data["playoff_players_per_group"],
            "stage_format": data["stage_format"],
            "playoff_format": data["playoff_format"],
            "third_place": data["third_place"],
            "rated": data["rated"],
            "time_control": self._time_control(),
            "points_system": data["points_system"],
            "system": system,
            # A system's own settings go with it; another system's are left as they are.
            **{
                rule.name: rule.from_form(data)
                for rule in systems_registry.system(system).settings
                if rule.from_form is not None
            },
            "tiebreaks": _tiebreaks_for(system, [name for name in order if name]),
            "visibility": data["visibility"],
        }

    def _time_control(self) -> dict | None:
        data = self.cleaned_data
        if data["clock"] == CLOCK_DEFAULT:
            return services.default_time_control(data["game"])
        if data["clock"] == CLOCK_NONE:
            return None
        control = {}
        if data.get("initial_minutes") is not None:
            control["initial_s"] = round(data["initial_minutes"] * 60, 3)
        if data.get("increment_seconds") is not None:
            control["increment_s"] = data["increment_seconds"]
        if data.get("move_seconds") is not None:
            control["move_s"] = data["move_seconds"]
        return control

    def add_domain_error(self, error: DomainError) -> None:
        """Show a service's refusal at the field it names, or above the form."""
        field = ERROR_FIELDS.get(error.field or "", error.field)
        if field and field.startswith("options."):
            option = field.split(".")[1]
            game = self.cleaned_data.get("game")
            field = next(
                (
                    name
                    for declared, o, name in self.game_options
                    if declared.name == game and o.name == option
                ),
                None,
            )
        private = self.cleaned_data.get("visibility") == Championship.Visibility.PRIVATE
        if field is None and isinstance(error, NotAllowed) and private:
            field = "visibility"
        if field not in self.fields:
            field = None
        self.add_error(field, error.message)


_DEFAULT_SYSTEM = systems_registry.DEFAULT_SYSTEM


def _default_orders() -> set[tuple[str, ...]]:
    return {tuple(system.tiebreaks[1]) for system in systems_registry.systems() if system.tiebreaks}


def system_fields_of_the_form() -> dict[str, forms.Field]:
    """The creation form's fields of the settings only some systems have, as each system
    declares them (a Swiss's rounds, an Arena's length...)."""
    return {
        rule.name: rule.form_field()
        for system in systems_registry.systems()
        for rule in system.settings
        if rule.form_field is not None
    }


def _tiebreaks_for(system: str, order: list[str]) -> list[str] | None:
    """The chosen tie-breaks; None (the system's own) when none are chosen, or when they
    are another system's defaults left as the form showed them (a page without its
    script), or for a system that breaks no ties (a double elimination)."""
    _known, default = creation.tiebreaks_for(system)
    if system not in system_fields()["tiebreaks"]:
        return None
    if not order or (tuple(order) in _default_orders() and tuple(order) != tuple(default)):
        return None
    return order


def _same_minute(shown: datetime | None, stored: datetime | None) -> bool:
    if shown is None or stored is None:
        return shown is stored
    return shown == stored.replace(second=0, microsecond=0)


def initial_from(championship: Championship) -> dict[str, Any]:
    """The form's values for a championship's current settings (the edit page)."""
    initial: dict[str, Any] = {
        name: getattr(championship, name)
        for name in (
            "name", "game", "description", "starts_at", "entries_close_at", "group_size",
            "playoff_players_per_group", "stage_format", "playoff_format", "third_place", "rated",
            "points_system", "visibility", "system",
            *system_fields_of_the_form(),
        )
    }  # fmt: skip
    initial["round_deadline"] = championship.round_deadline_s
    initial["check_in_minutes"] = championship.check_in_s // 60 or None
    initial["absent_after"] = championship.absent_after_s
    for game, option, name in championship_options():
        if game.name == championship.game and option.name in championship.options:
            initial[name] = championship.options[option.name]
    order = list(championship.tiebreaks or tiebreaks.DEFAULT_TIEBREAKS)
    for position in range(1, TIEBREAK_SLOTS + 1):
        initial[f"tiebreak_{position}"] = (
            order[position - 1] if position <= len(order) else NO_TIEBREAK
        )
    control = championship.time_control
    if control == services.default_time_control(championship.game):
        initial["clock"] = CLOCK_DEFAULT
    elif not control:
        initial["clock"] = CLOCK_NONE
    else:
        initial["clock"] = CLOCK_CUSTOM
        if control.get("initial_s") is not None:
            initial["initial_minutes"] = round(control["initial_s"] / 60, 3)
        if control.get("increment_s"):
            initial["increment_seconds"] = control["increment_s"]
        if control.get("move_s") is not None:
            initial["move_seconds"] = control["move_s"]
    return initial


CSV_MAX_BYTES = 64 * 1024
CSV_HEADER = "username"


class InvitationsForm(forms.Form):
    """Many invitations at once: names pasted (one a line, or separated by commas) and a
    CSV file (the first column; a header `username` is skipped). `cleaned_data["names"]`:
    every name once (the first spelling kept), in the order given."""

    usernames = forms.CharField(
        label=_("Usernames"),
        required=False,
        validators=[text.multi_line],
        widget=forms.Textarea(attrs={"rows": 5, "autocapitalize": "none", "spellcheck": "false"}),
        help_text=_("One name per line (or separated by commas)."),
    )
    file = forms.FileField(
        label=_("Or a CSV file"),
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,text/csv,text/plain"}),
        help_text=_("Usernames in the first column; a header row “username” is skipped."),
    )

    def clean_file(self) -> list[str]:
        upload = self.cleaned_data.get("file")
        if not upload:
            return []
        if upload.size > CSV_MAX_BYTES:
            raise forms.ValidationError(
                _("The file is too large: at most %(size)s KB.") % {"size": CSV_MAX_BYTES // 1024}
            )
        try:
            content = upload.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            raise forms.ValidationError(_("The file is not text in UTF-8.")) from None
        try:
            rows = list(csv.reader(io.StringIO(content)))
        except csv.Error:
            raise forms.ValidationError(_("The file is not a CSV file.")) from None
        names = [row[0].strip() for row in rows if row and row[0].strip()]
        if names and names[0].casefold() == CSV_HEADER:
            names = names[1:]
        return names

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        typed = re.split(r"[\n,]+", cleaned.get("usernames") or "")
        given = [name.strip() for name in typed if name.strip()] + (cleaned.get("file") or [])
        if self.errors:
            return cleaned
        names: dict[str, str] = {}
        for name in given:
            if len(name) > USERNAME_LENGTH:
                raise forms.ValidationError(
                    _("“%(name)s…” is too long for a username.") % {"name": name[:20]}
                )
            names.setdefault(canonical_username(name), name)
        if not names:
            raise forms.ValidationError(_("Write at least one username, or choose a file."))
        if len(names) > services.USERNAMES_MAX:
            raise forms.ValidationError(
                _("At most %(count)s names at once; this list has %(given)s.")
                % {"count": services.USERNAMES_MAX, "given": len(names)}
            )
        cleaned["names"] = list(names.values())
        return cleaned
