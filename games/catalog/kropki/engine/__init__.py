"""Kropki (Dots): rules/kropki.md as an engine."""

from games.catalog.kropki.engine.engine import ENGINE, KropkiEngine, KropkiState

__all__ = ["ENGINE", "KropkiEngine", "KropkiState"]
