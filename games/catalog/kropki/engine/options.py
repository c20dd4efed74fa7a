"""Kropki game options: board size, start, match format, extra time."""

from dataclasses import dataclass
from typing import Any

from games.catalog.kropki.engine.board import MAX_SIZE, MIN_SIZE, SEATS
from games.catalog.kropki.engine.formats import SINGLE_GAME, MatchFormat, parse_format
from games.engines.base import OptionError, refuse_unknown_options

DEFAULT_WIDTH, DEFAULT_HEIGHT = 39, 32
KNOWN = ("width", "height", "start", "format", "extra_time")


@dataclass(frozen=True)
class KropkiOptions:
    width: int = DEFAULT_WIDTH
    height: int = DEFAULT_HEIGHT
    # "cross", "empty", or setup dots: ((colour, ((x, y), ...)), ...)
    start: str | tuple = "cross"
    match: MatchFormat = SINGLE_GAME
    extra_time: bool = False

    def as_dict(self) -> dict[str, Any]:
        start = self.start
        if not isinstance(start, str):
            start = {colour: [list(point) for point in points] for colour, points in start}
        return {
            "width": self.width,
            "height": self.height,
            "start": start,
            "format": self.match.as_option(),
            "extra_time": self.extra_time,
        }


def _size(options: dict, name: str, default: int) -> int:
    value = options.get(name, default)
    if not isinstance(value, int) or isinstance(value, bool) or not MIN_SIZE <= value <= MAX_SIZE:
        raise OptionError(name, f"a whole number from {MIN_SIZE} to {MAX_SIZE}")
    return value


def _start(value: Any, width: int, height: int) -> str | tuple:
    if value in ("cross", "empty"):
        return value
    if not isinstance(value, dict) or set(value) - set(SEATS):
        raise OptionError("start", '"cross", "empty" or {"blue": [[x, y], ...], "red": [...]}')
    seen: set[tuple[int, int]] = set()
    setup = []
    for colour in SEATS:
        given = value.get(colour, [])
        if not isinstance(given, list | tuple):
            raise OptionError(f"start.{colour}", "a list of points [x, y]")
        points = []
        for point in given:
            if (
                not isinstance(point, list | tuple)
                or len(point) != 2
                or not all(isinstance(c, int) and not isinstance(c, bool) for c in point)
            ):
                raise OptionError(f"start.{colour}", f"{point!r} is not a point [x, y]")
            x, y = point
            if not (1 <= x <= width and 1 <= y <= height):
                raise OptionError(f"start.{colour}", f"{x}-{y} is off the {width}×{height} board")
            if (x, y) in seen:
                raise OptionError(f"start.{colour}", f"{x}-{y} is given twice")
            seen.add((x, y))
            points.append((x, y))
        setup.append((colour, tuple(points)))
    return tuple(setup)


def parse_options(options: dict | None) -> KropkiOptions:
    """Checked options; every fault names the option it is in."""
    options = dict(options or {})
    refuse_unknown_options(options, KNOWN)
    width = _size(options, "width", DEFAULT_WIDTH)
    height = _size(options, "height", DEFAULT_HEIGHT)
    extra_time = options.get("extra_time", False)
    if not isinstance(extra_time, bool):
        raise OptionError("extra_time", "true or false")
    return KropkiOptions(
        width=width,
        height=height,
        start=_start(options.get("start", "cross"), width, height),
        match=parse_format(options.get("format")),
        extra_time=extra_time,
    )


def setup_dots(settings: KropkiOptions) -> dict[str, list[tuple[int, int]]]:
    """The dots on the board before the first move: the cross (K3), none, or a setup."""
    if settings.start == "cross":
        cx, cy = (settings.width + 1) // 2, (settings.height + 1) // 2
        return {"blue": [(cx, cy), (cx + 1, cy + 1)], "red": [(cx + 1, cy), (cx, cy + 1)]}
    if settings.start == "empty":
        return {"blue": [], "red": []}
    return {colour: list(points) for colour, points in settings.start}
