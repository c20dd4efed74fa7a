"""Quadramids moves as the move list writes them: a figure put from hand as `@d1`, every
other move as `d1–d2` (centres keep their `+`, M1)."""

from typing import Any

from django.utils.translation import gettext as _


def move_text(move: Any) -> str:
    kind = move[0]
    if kind == "put":
        return f"@{move[1]}"
    if kind == "move":
        return f"{move[1]}–{move[2]}"
    if kind == "resign":
        return _("resigned")
    raise ValueError(f"not a Quadramids move: {move!r}")
