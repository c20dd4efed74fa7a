"""What every rules engine shares, and each game's engine by name; nothing here imports
Django.

The engines themselves live in their games' packages (`<package>.engine`, see
games/catalog). Which packages are in play is the registry's business: it calls
`use_games` with the settings' list when Django starts; before that (the replay command)
the built-in games are in play.
"""

from importlib import import_module

from games.catalog import BUILT_IN, game_name
from games.engines.base import (
    CPU_LEVELS,
    DEFAULT_CPU_LEVEL,
    Engine,
    IllegalMove,
    OptionError,
    Record,
    RecordError,
    Result,
    StandardEngine,
    Step,
)

_packages: dict[str, str] = {}


def use_games(packages: tuple[str, ...] | list[str]) -> None:
    """Put these game packages in play, in this order."""
    global GAMES
    _packages.clear()
    _packages.update((game_name(package), package) for package in packages)
    GAMES = tuple(_packages)


def package(game: str) -> str:
    """The package of a game in play; KeyError when there is none."""
    return _packages[game]


def engine(game: str) -> Engine:
    """The engine of a game by its API name; KeyError when no such game is in play."""
    # Imported on first use: a process that plays one game loads only its engine.
    return import_module(f"{package(game)}.engine").ENGINE


GAMES: tuple[str, ...] = ()
use_games(BUILT_IN)

__all__ = [
    "CPU_LEVELS",
    "DEFAULT_CPU_LEVEL",
    "GAMES",
    "Engine",
    "IllegalMove",
    "OptionError",
    "Record",
    "RecordError",
    "Result",
    "StandardEngine",
    "Step",
    "engine",
    "package",
    "use_games",
]
