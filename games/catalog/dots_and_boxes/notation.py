"""Dots and Boxes moves as players write them: a line by the two dots it joins, the dots'
columns lettered from a on the left, their rows numbered from 1 at the bottom."""

from typing import Any


def _dot(x: int, y: int) -> str:
    return f"{chr(ord('a') + x)}{y + 1}"


def move_text(move: Any) -> str:
    """["h", x, y] → "a1–b1", ["v", x, y] → "a1–a2"."""
    kind, x, y = move
    end = (x + 1, y) if kind == "h" else (x, y + 1)
    return f"{_dot(x, y)}–{_dot(*end)}"
