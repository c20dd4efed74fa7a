"""Clock arithmetic: pure functions over a time control and seconds left."""

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any


class TimeControlError(ValueError):
    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@dataclass(frozen=True)
class TimeControl:
    """`initial_s` for the whole game (None: no game clock), plus `increment_s` after each
    move (Fischer); `move_s` limits a single move (None: no limit)."""

    initial_s: float | None
    increment_s: float
    move_s: float | None

    def as_dict(self) -> dict[str, float | None]:
        return {"initial_s": self.initial_s, "increment_s": self.increment_s, "move_s": self.move_s}


def parse_time_control(
    data: Any, move_limits: tuple[int, ...] | None = None, fixed: dict | None = None
) -> TimeControl | None:
    """A checked time control from API input; None or {} means an untimed game.

    `move_limits`: the game's rules allow only these per-move limits and no game clock.
    `fixed`: the game's rules set the clock; no other is accepted, none given means this one.
    """
    if fixed is not None:
        if data not in (None, {}) and _parsed(data) != _parsed(fixed):
            raise TimeControlError("time_control", "this game's rules set its clock")
        return _parsed(fixed)
    if data is None or data == {}:
        return None
    control = _parsed(data)
    if move_limits is not None and (
        control.initial_s is not None or control.move_s not in move_limits
    ):
        allowed = " or ".join(str(limit) for limit in move_limits)
        raise TimeControlError(
            "time_control.move_s", f"this game has {allowed} seconds a move, or no clock"
        )
    return control


def _parsed(data: Any) -> TimeControl:
    if not isinstance(data, dict):
        raise TimeControlError("time_control", "an object with initial_s, increment_s, move_s")
    unknown = set(data) - {"initial_s", "increment_s", "move_s"}
    if unknown:
        raise TimeControlError(f"time_control.{sorted(unknown)[0]}", "unknown field")
    values = {}
    for name, low in (("initial_s", 1), ("increment_s", 0), ("move_s", 1)):
        value = data.get(name)
        if value is None:
            values[name] = None
            continue
        number = isinstance(value, int | float) and not isinstance(value, bool)
        if not number or not low <= value <= 86_400:
            raise TimeControlError(f"time_control.{name}", f"seconds from {low} to 86400")
        values[name] = float(value)
    if values["initial_s"] is None and values["move_s"] is None:
        raise TimeControlError("time_control", "give initial_s, move_s or both")
    return TimeControl(values["initial_s"], values["increment_s"] or 0.0, values["move_s"])


def starting_clocks(control: TimeControl | None, seats: tuple[str, ...]) -> dict[str, float]:
    if control is None or control.initial_s is None:
        return {}
    return dict.fromkeys(seats, control.initial_s)


def deadline(
    control: TimeControl | None, seconds_left: float | None, turn_started_at: datetime
) -> datetime | None:
    """When the side to move runs out of time, or None when nothing is timed (or nobody moves)."""
    if control is None:
        return None
    limits = [s for s in (seconds_left, control.move_s) if s is not None]
    if not limits:
        return None
    return turn_started_at + timedelta(seconds=max(0.0, min(limits)))


def after_move(
    control: TimeControl | None, seconds_left: float | None, thinking: timedelta
) -> float | None:
    """Seconds left after a move that took `thinking`: charged, then the increment added."""
    if control is None or seconds_left is None:
        return seconds_left
    return max(0.0, seconds_left - thinking.total_seconds()) + control.increment_s


def seconds_left_now(
    control: TimeControl | None,
    clocks: dict[str, float],
    to_move: str,
    turn_started_at: datetime | None,
    now: datetime,
) -> dict[str, float]:
    """Every seat's seconds left at `now`: only the side to move's clock is running."""
    shown = dict(clocks)
    if control is None or turn_started_at is None or not to_move or to_move not in shown:
        return shown
    shown[to_move] = max(0.0, shown[to_move] - (now - turn_started_at).total_seconds())
    return shown
