"""Noughts and Crosses options: only the championship stage's format (N6)."""

from dataclasses import dataclass
from typing import Any

from games.engines.base import OptionError, refuse_unknown_options

KNOWN = ("format",)
# A championship passes its stage's format to every game; the game is the same in each
# (N6), and the format is kept so that a record written back says what it said when read.
FORMATS = (None, "express", "extended", "full")


@dataclass(frozen=True)
class NoughtsAndCrossesOptions:
    format: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {} if self.format is None else {"format": self.format}


def parse_options(options: dict | None) -> NoughtsAndCrossesOptions:
    """Checked options; a fault names the option it is in."""
    options = dict(options or {})
    refuse_unknown_options(options, KNOWN)
    match_format = options.get("format")
    if match_format not in FORMATS:
        raise OptionError("format", "express, extended, full or null (N6)")
    return NoughtsAndCrossesOptions(format=match_format)
