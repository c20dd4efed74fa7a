"""Single games and the championship match formats (K12, K14–K16)."""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.catalog.kropki.engine.board import MAX_SIZE
from games.engines.base import OptionError

EXTRA_TIME_BLOCK = 20
# A limit beyond the dots of the largest board could never be reached.
MAX_LIMIT = MAX_SIZE * MAX_SIZE


@dataclass(frozen=True)
class MatchFormat:
    """`limit`: moves (dots of either side) before the whistle; None is a single game.

    `until_secured`: after the limit, play on until the lead is secured (K15),
    and a secured lead before the limit does not end the game.
    """

    name: str | None
    limit: int | None
    until_secured: bool

    def as_option(self) -> Any:
        if self.name in NAMED_FORMATS or self.name is None:
            return self.name
        return {"limit": self.limit, "until_secured": self.until_secured}


SINGLE_GAME = MatchFormat(None, None, False)
NAMED_FORMATS = {
    "express": MatchFormat("express", 80, False),
    "extended": MatchFormat("extended", 160, False),
    "full": MatchFormat("full", 240, True),
}


def parse_format(value: Any) -> MatchFormat:
    if value is None:
        return SINGLE_GAME
    if isinstance(value, str):
        if value in NAMED_FORMATS:
            return NAMED_FORMATS[value]
        raise OptionError("format", f"unknown format {value!r}; use express, extended or full")
    if isinstance(value, dict):
        limit = value.get("limit")
        until_secured = value.get("until_secured", False)
        if set(value) - {"limit", "until_secured"}:
            raise OptionError("format", "only 'limit' and 'until_secured' may be given")
        if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= MAX_LIMIT:
            raise OptionError("format.limit", f"a whole number of moves from 1 to {MAX_LIMIT}")
        if not isinstance(until_secured, bool):
            raise OptionError("format.until_secured", "true or false")
        return MatchFormat("custom", limit, until_secured)
    raise OptionError("format", "null, a format name, or {limit, until_secured}")


def end_reason(
    match: MatchFormat,
    moves: int,
    *,
    board_full: bool,
    secured: Callable[[], bool],
    level: bool,
    extra_time: bool,
) -> str | None:
    """Why the game ends after move `moves`, or None while it goes on.

    `secured` is asked only when the answer matters: it costs a pass over the board.
    """
    if board_full:
        return "board_full"
    if match.limit is None:
        return "secured_lead" if secured() else None
    if match.until_secured:
        return "secured_lead" if moves >= match.limit and secured() else None
    if secured():
        return "secured_lead"
    if moves < match.limit:
        return None
    if not extra_time:
        return "move_limit"
    # K16: a level playoff game goes on in blocks of 20 until a block ends with a leader.
    at_block_end = (moves - match.limit) % EXTRA_TIME_BLOCK == 0
    return "move_limit" if at_block_end and not level else None
