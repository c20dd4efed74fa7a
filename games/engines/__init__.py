"""Pure rules engines, one per game; nothing here imports Django."""

from games.engines.base import Engine, IllegalMove, OptionError, Record, RecordError, Result, Step


def engine(game: str) -> Engine:
    """The engine of a game by its API name (`kropki`, ...); KeyError when unknown."""
    if game == "kropki":
        from games.engines.kropki import ENGINE

        return ENGINE
    if game == "dots_and_boxes":
        from games.engines.dots_and_boxes import ENGINE

        return ENGINE
    if game == "quadrotone":
        from games.engines.quadrotone import ENGINE

        return ENGINE
    raise KeyError(game)


GAMES = ("kropki", "dots_and_boxes", "quadrotone")

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
