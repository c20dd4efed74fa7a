"""Quadramids game options: players (M4), figures (M4), move limit (M20), stage format.

`format` is what a championship passes for its stage. It sets the move limit when
`move_limit` is not given: express 100, extended 200, full 300 moves (M20: "a
championship format may set another"); an explicit `move_limit` always wins, and
without either the limit is 200.
"""

from dataclasses import dataclass
from typing import Any

from games.engines.base import OptionError, refuse_unknown_options

KNOWN = ("players", "figures", "move_limit", "format")
FORMATS = (None, "express", "extended", "full")
FORMAT_LIMITS = {"express": 100, "extended": 200, "full": 300}
DEFAULT_LIMIT = 200
MAX_LIMIT = 100_000


@dataclass(frozen=True)
class QuadramidsOptions:
    players: int = 2
    figures: int = 16
    move_limit: int = DEFAULT_LIMIT
    format: str | None = None

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(str(n) for n in range(1, self.players + 1))

    def as_dict(self) -> dict[str, Any]:
        options: dict[str, Any] = {
            "players": self.players,
            "figures": self.figures,
            "move_limit": self.move_limit,
        }
        if self.format is not None:
            options["format"] = self.format
        return options


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_options(options: Any) -> QuadramidsOptions:
    """Checked options; every fault names the option it is in."""
    if options is not None and not isinstance(options, dict):
        raise OptionError("options", "a JSON object")
    options = dict(options or {})
    refuse_unknown_options(options, KNOWN)
    players = options.get("players", 2)
    if not _whole(players) or players not in (2, 4):
        raise OptionError("players", "2 or 4 (M4)")
    figures = options.get("figures", 16)
    if not _whole(figures) or figures not in (16, 32):
        raise OptionError("figures", "16, or 32 in the long game (M4)")
    if figures == 32 and players != 2:
        raise OptionError("figures", "32 figures only in the 2-player game (M4)")
    match_format = options.get("format")
    if match_format not in FORMATS:
        raise OptionError("format", "express, extended, full or null")
    default = FORMAT_LIMITS.get(match_format, DEFAULT_LIMIT) if match_format else DEFAULT_LIMIT
    limit = options.get("move_limit", default)
    if not _whole(limit) or not 1 <= limit <= MAX_LIMIT:
        raise OptionError("move_limit", f"a whole number of moves from 1 to {MAX_LIMIT} (M20)")
    return QuadramidsOptions(
        players=players, figures=figures, move_limit=limit, format=match_format
    )
