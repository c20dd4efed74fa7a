"""Quadrotone moves as the move list writes them, cells as the board numbers them
(column-row from 1-1 at the lower left): a tile placed as `17@5-3`, a tile moved as
`5-3→6-3`, a quarter turn as `↻90°`; the tiles of one move joined by commas."""

from typing import Any

from django.utils.translation import gettext as _


def _cell(c: int, r: int) -> str:
    return f"{c + 1}-{r + 1}"


def _turn(quarters: int) -> str:
    return f"↻{90 * quarters}°" if quarters % 4 else ""


def _moved(c: int, r: int, to_c: int, to_r: int, turn: int) -> str:
    where = _cell(c, r) if (c, r) == (to_c, to_r) else f"{_cell(c, r)}→{_cell(to_c, to_r)}"
    return where + _turn(turn)


def move_text(move: Any) -> str:
    if "place" in move:
        return ", ".join(f"{tile}@{_cell(c, r)}{_turn(turn)}" for tile, c, r, turn in move["place"])
    for kind in ("rearrange", "swap"):
        if kind in move:
            return ", ".join(_moved(*entry) for entry in move[kind])
    if "turn" in move:
        return ", ".join(_cell(c, r) + _turn(turn) for c, r, turn in move["turn"])
    if "pass" in move:
        return _("pass (time ran out)") if move["pass"] == "timeout" else _("pass (no move)")
    if "resign" in move:
        return _("resigned")
    if "draw" in move:
        return _("draw agreed")
    if "out_of_time" in move:
        return _("out of time")
    raise ValueError(f"not a Quadrotone move: {move!r}")
