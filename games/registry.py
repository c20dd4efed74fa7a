"""The games in play: each game's declaration, read from its package.

A game is one package (see games/catalog): its pure engine, and a `declaration.py`
whose `GAME` says everything the service needs to know about it — names and texts for
people, seats, option fields, formats, refusal texts, its board drawer and front-end
module, its rules page and drawn examples. The settings' `GAMES` lists the packages in
play; generic code asks this module and never names a game.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any, Literal

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils.functional import Promise
from django.utils.translation import gettext, ngettext

from games import engines
from games.catalog import BUILT_IN, game_name
from games.engines import Engine
from games.outcomes import MATCH_FORMATS  # the formats of a championship's stages, from here

Text = str | Promise  # a text for people, usually a lazy translation


@dataclass(frozen=True)
class OptionField:
    """One option of a game as the forms offer it, and what may set it.

    `kind`: "choice" (one of `choices`), "number" (a whole number from `minimum` to
    `maximum`) or "flag" (true or false). The engine checks every option again; the field
    is how people are offered it.
    """

    name: str
    label: Text
    kind: Literal["choice", "number", "flag"]
    default: Any = None
    choices: tuple[tuple[Any, Text], ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    help: Text = ""
    in_games: bool = True  # offered when a practice or friendly game is started
    in_championships: bool = True  # a championship may set it for all its games
    # Choices that every player of the game needs an entitlement for (accounts.plans),
    # and what a player without it is told ("%(player)s" is their name).
    paid_choices: Mapping[Any, str] = field(default_factory=dict)
    paid_refusal: Text = ""
    # The option is the creator's entitlement, whatever a request asks: never offered.
    from_plan: str | None = None

    @property
    def on_game_form(self) -> bool:
        """Offered when a practice or friendly game is started (never an option the plan sets)."""
        return self.in_games and self.from_plan is None

    @property
    def on_championship_form(self) -> bool:
        return self.in_championships and self.from_plan is None


@dataclass(frozen=True)
class Panel:
    """A part of the game page beside the board that a game draws itself (a hand of
    tiles): `build(position, seat)` gives the template's context, `template` draws it."""

    template: str
    build: Callable[[dict, str | None], Any]


@dataclass(frozen=True)
class GameDeclaration:
    """Everything about a game that the service around its engine needs."""

    name: str  # the API name, the package's last part
    title: Text
    summary: Text  # what the rules index says about the game
    player_counts: tuple[int, ...]  # how many players a game may have
    # What the package's own modules give when not named here: board_svg and POINT_WORDS
    # of drawing.py, figures of examples.py, move_text of notation.py, and the package's
    # folder for rules.md.
    drawing: Callable[..., str] | None = None  # board_svg(position, *, label, playable)
    # A move of the record as the game's players write it (the move list); without one
    # the list shows the record's own JSON.
    notation: Callable[[Any], Text] | None = None
    rules_dir: Path | None = None  # holds rules.md, the binding rules, and rules.<language>.md
    options: tuple[OptionField, ...] = ()
    # The creator's seat choice on the new-game form, (seat, label); () when the rules
    # draw who sits first.
    seat_choices: tuple[tuple[str, Text], ...] = ()
    seat_label: Text = ""  # what the form calls the choice ("Your colour"); "Your seat"
    seat_titles: Mapping[str, Text] = field(default_factory=dict)  # beyond the shared names
    # The clocks offered for a practice or friendly game, ("" no clock, "300+5" a game
    # clock with increment, "move:60" a limit per move); () when the rules fix the clock.
    clocks: tuple[tuple[str, Text], ...] = ()
    clock_help: Text = ""
    formats: tuple[str, ...] = MATCH_FORMATS  # the match formats a championship may use
    format_help: Mapping[str, Text] = field(default_factory=dict)
    # A playoff game level when its format's moves are played goes on to a decision (S2).
    playoff_extra_time: bool = False
    # In an Arena a draw before this many moves (both players') scores nothing: a game
    # agreed drawn at once earns no points.
    early_draw_moves: int = 10
    refusals: Mapping[str, Text] = field(default_factory=dict)  # the engine's codes
    # Why a game ended, for the engine's own result reasons (beside games.outcomes' ones).
    result_reasons: Mapping[str, Text] = field(default_factory=dict)
    point_words: Mapping[str, Text] = field(default_factory=dict)  # a board's data-points
    board_help: Text = ""  # how a seated player moves on the board
    new_game_help: Callable[[Any], Text] | None = None  # the new-game page's note, per creator
    script: str | None = None  # a static front-end module, for moves of several choices
    stylesheet: str | None = None  # the board's own styles (a static file of the package)
    panel: Panel | None = None
    examples: Callable[[], list] | None = None  # the rules page's figures
    examples_legend: Text = ""  # what the drawings' marks mean, above the rules
    # What the paid plan's entitlements that this game's options need unlock, in words.
    entitlements: Mapping[str, Text] = field(default_factory=dict)
    # The demo championship (`make demo`) is of the first game with demo options; the demo
    # players play the CPU's moves, and now and then demo_move(state, random) instead.
    demo_options: Mapping[str, Any] | None = None
    demo_move: Callable[[Any, Any], Any] | None = None
    # What the championship page says of the options, beside the game's title.
    describe_options: Callable[[Mapping[str, Any]], list[Text]] | None = None

    @property
    def engine(self) -> Engine:
        return engines.engine(self.name)

    @property
    def players(self) -> str:
        """How many play, as the rules index says it."""
        counts = self.player_counts
        if len(counts) == 1:
            return ngettext("%(counter)s player", "%(counter)s players", counts[0]) % {
                "counter": counts[0]
            }
        return gettext("%(counts)s or %(last)s players") % {
            "counts": ", ".join(str(n) for n in counts[:-1]),
            "last": counts[-1],
        }

    def rules_document(self, language: str) -> Path:
        """The rules in `language` when translated, else the binding English ones."""
        translated = self.rules_dir / f"rules.{language.split('-')[0]}.md"
        if language != "en" and translated.exists():
            return translated
        return self.rules_dir / "rules.md"


def packages() -> tuple[str, ...]:
    return tuple(getattr(settings, "GAMES", BUILT_IN))


def _package_folder(package: str) -> Path:
    return Path(import_module(package).__file__).parent


@cache
def _declarations(listed: tuple[str, ...]) -> dict[str, GameDeclaration]:
    declared = {}
    for package in listed:
        game = import_module(f"{package}.declaration").GAME
        if game.name != game_name(package):
            raise ValueError(f"{package}: its declaration is of {game.name!r}")
        declared[game.name] = _completed(game, package)
    engines.use_games(listed)  # only a list whose every declaration reads
    return declared


def _module(name: str):
    try:
        return import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name != name:  # the module exists and fails to import something
            raise
        return None


def _completed(game: GameDeclaration, package: str) -> GameDeclaration:
    """The declaration with what its package's modules give by convention filled in."""
    found: dict[str, Any] = {}
    drawing = _module(f"{package}.drawing")
    if game.drawing is None:
        if drawing is None:
            raise ValueError(f"{package}: no drawing.py, and the declaration names no drawing")
        found["drawing"] = drawing.board_svg
    if not game.point_words and drawing is not None:
        found["point_words"] = getattr(drawing, "POINT_WORDS", {})
    if game.examples is None and (examples := _module(f"{package}.examples")) is not None:
        found["examples"] = examples.figures
    if game.notation is None and (notation := _module(f"{package}.notation")) is not None:
        found["notation"] = notation.move_text
    if game.rules_dir is None:
        found["rules_dir"] = _package_folder(package)
    return replace(game, **found)


def _in_play() -> dict[str, GameDeclaration]:
    # Asked on many reads: one cached lookup by the settings' list.
    return _declarations(packages())


def declarations() -> tuple[GameDeclaration, ...]:
    """Every game in play, in the settings' order."""
    return tuple(_in_play().values())


def declaration(name: str) -> GameDeclaration:
    """The game called `name`; KeyError when none is in play."""
    return _in_play()[name]


def names() -> tuple[str, ...]:
    """The API names of the games in play."""
    return tuple(_in_play())


def directory(name: str) -> Path:
    """The folder of the game's package."""
    _in_play()
    return _package_folder(engines.package(name))


@receiver(setting_changed)
def _follow_the_settings(setting: str, **kwargs) -> None:
    # The declarations are cached per list; the engines follow every change (a test's
    # override and its undoing alike).
    if setting == "GAMES":
        engines.use_games(packages())


def load() -> None:
    """Read every declaration now (at start-up), so a broken one fails at once."""
    declarations()
