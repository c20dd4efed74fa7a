"""Pure rules engines, one per game; nothing here imports Django."""

from importlib import import_module

from games.engines.base import Engine, IllegalMove, OptionError, Record, RecordError, Result, Step


def engine(game: str) -> Engine:
    """The engine of a game by its API name (`kropki`, ...); KeyError when unknown."""
    if game not in GAMES:
        raise KeyError(game)
    # Imported on first use: a process that plays one game loads only its engine.
    return import_module(f"games.engines.{game}").ENGINE


GAMES = ("kropki", "dots_and_boxes", "quadrotone", "quadramids")

__all__ = [
    "GAMES",
    "Engine",
    "IllegalMove",
    "OptionError",
    "Record",
    "RecordError",
    "Result",
    "Step",
    "engine",
]
