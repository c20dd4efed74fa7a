"""Dots and Boxes: rules/dots-and-boxes.md as an engine, with an exact solver and a CPU player."""

from games.catalog.dots_and_boxes.engine.engine import ENGINE, DotsAndBoxesEngine, DotsAndBoxesState

__all__ = ["ENGINE", "DotsAndBoxesEngine", "DotsAndBoxesState"]
