"""Quadrotone: rules/quadrotone.md as an engine, with pattern scoring and a bot.

`ENGINE` is imported on first use, so that the scoring and catalogue modules can
be imported (and tested) on their own.
"""

from typing import Any

__all__ = ["ENGINE"]


def __getattr__(name: str) -> Any:
    if name == "ENGINE":
        from games.catalog.quadrotone.engine.engine import ENGINE

        return ENGINE
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
