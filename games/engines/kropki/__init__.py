"""Kropki (Dots): rules/kropki.md as an engine."""

from games.engines.kropki.engine import ENGINE, KropkiEngine, KropkiState

__all__ = ["ENGINE", "KropkiEngine", "KropkiState"]
