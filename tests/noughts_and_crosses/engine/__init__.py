"""Noughts and Crosses (rules.md) as an engine: pure Python, no Django."""

from tests.noughts_and_crosses.engine.engine import (
    ENGINE,
    NoughtsAndCrossesEngine,
    NoughtsAndCrossesState,
)

__all__ = ["ENGINE", "NoughtsAndCrossesEngine", "NoughtsAndCrossesState"]
