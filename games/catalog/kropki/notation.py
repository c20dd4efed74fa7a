"""Kropki moves as the players write them: the point `x-y` (K1)."""

from typing import Any


def move_text(move: Any) -> str:
    """[x, y] → "x-y"."""
    x, y = move[0], move[1]
    return f"{x}-{y}"
