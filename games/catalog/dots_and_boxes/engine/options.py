"""Dots and Boxes game options: the board size (D1) and the championship's stage format."""

from dataclasses import dataclass
from typing import Any

from games.catalog.dots_and_boxes.engine.board import MAX_SIZE, MIN_SIZE
from games.engines.base import OptionError, refuse_unknown_options

DEFAULT_COLUMNS, DEFAULT_ROWS = 5, 4
KNOWN = ("columns", "rows", "format")
# Championships pass their stage's format to every game. Dots and Boxes has one
# form of game, so the format changes nothing in play; it is kept so that a
# record written back says what it said when read.
FORMATS = (None, "express", "extended", "full")


@dataclass(frozen=True)
class DotsAndBoxesOptions:
    columns: int = DEFAULT_COLUMNS
    rows: int = DEFAULT_ROWS
    format: str | None = None

    def as_dict(self) -> dict[str, Any]:
        options: dict[str, Any] = {"columns": self.columns, "rows": self.rows}
        if self.format is not None:
            options["format"] = self.format
        return options


def _size(options: dict, name: str, default: int) -> int:
    value = options.get(name, default)
    if not isinstance(value, int) or isinstance(value, bool) or not MIN_SIZE <= value <= MAX_SIZE:
        raise OptionError(name, f"a whole number of boxes from {MIN_SIZE} to {MAX_SIZE} (D1)")
    return value


def parse_options(options: dict | None) -> DotsAndBoxesOptions:
    """Checked options; every fault names the option it is in."""
    options = dict(options or {})
    refuse_unknown_options(options, KNOWN)
    match_format = options.get("format")
    if match_format not in FORMATS:
        raise OptionError("format", "express, extended, full or null")
    return DotsAndBoxesOptions(
        columns=_size(options, "columns", DEFAULT_COLUMNS),
        rows=_size(options, "rows", DEFAULT_ROWS),
        format=match_format,
    )
