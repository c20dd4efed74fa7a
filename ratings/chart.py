"""The geometry of a rating-history chart, as plain numbers and strings.

`rating_chart(history, width, height)` takes the points of a player's rating history
(each with `at`, `rating` and `rd`, as `ratings.selectors.player_ratings` gives them) and
returns what an SVG needs: the rating line, the band of ±2·RD around it, the axis ticks
and a few numbers for a text summary. It draws nothing and knows nothing of Django, so
the page template only places the shapes it is given.

Time runs left to right. When every point has the same time the points are spread
evenly instead, so the line still reads left to right in the order the games were rated.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

# Room around the plot for the axis labels, in SVG units.
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 48.0, 10.0, 10.0, 22.0
# The band shows where the true rating lies with about 95% confidence.
BAND_RDS = 2.0
# How far beyond the line the axis goes to show the band; the band is cut off there.
MAX_BAND_REACH = 250.0
# Half the width of a "max 1630" label: labels keep this far from the plot's sides.
LABEL_HALF_WIDTH = 30.0
# About this many steps on the rating axis.
TARGET_Y_STEPS = 4
# A marker per point only while the markers stay apart.
MAX_MARKERS = 60
NICE_STEPS = (1.0, 2.0, 2.5, 5.0, 10.0)


def _seconds(moment: Any) -> float:
    """A point's time as a number: datetimes by their timestamp, numbers as they are."""
    if isinstance(moment, datetime):
        return moment.timestamp()
    return float(moment)


def nice_step(span: float, steps: int = TARGET_Y_STEPS) -> float:
    """A round step (1, 2, 2.5 or 5 times a power of ten) cutting `span` into about `steps`."""
    if span <= 0 or not math.isfinite(span):
        return 1.0
    raw = span / steps
    power = 10.0 ** math.floor(math.log10(raw))
    for factor in NICE_STEPS:
        if factor * power >= raw - 1e-9:
            return factor * power
    return 10.0 * power  # pragma: no cover - the loop always ends at 10


def _fmt(value: float) -> str:
    """A coordinate with one decimal at most: short SVG, no float noise."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def rating_chart(
    history: Sequence[Mapping[str, Any]], width: int = 560, height: int = 200
) -> dict | None:
    """The chart of a rating history, or None when there is no point to draw."""
    if not history:
        return None
    ratings = [float(point["rating"]) for point in history]
    rds = [float(point["rd"]) for point in history]
    times = [_seconds(point["at"]) for point in history]
    count = len(history)

    left, top = MARGIN_LEFT, MARGIN_TOP
    right, bottom = width - MARGIN_RIGHT, height - MARGIN_BOTTOM
    plot_width, plot_height = right - left, bottom - top

    # The rating axis holds the line and the band, from round number to round number; a
    # wide band (a new player's) is cut off so that it cannot flatten the line.
    low = max(
        min(r - BAND_RDS * d for r, d in zip(ratings, rds, strict=True)),
        min(ratings) - MAX_BAND_REACH,
    )
    high = min(
        max(r + BAND_RDS * d for r, d in zip(ratings, rds, strict=True)),
        max(ratings) + MAX_BAND_REACH,
    )
    if high - low < 1.0:
        low, high = low - 50.0, high + 50.0
    step = nice_step(high - low)
    axis_low = math.floor(low / step) * step
    axis_high = math.ceil(high / step) * step
    if axis_high <= axis_low:  # pragma: no cover - guarded by the widening above
        axis_high = axis_low + step

    def y_of(rating: float) -> float:
        clamped = min(max(rating, axis_low), axis_high)
        return bottom - (clamped - axis_low) / (axis_high - axis_low) * plot_height

    first_time, last_time = min(times), max(times)
    if last_time > first_time:
        xs = [left + (t - first_time) / (last_time - first_time) * plot_width for t in times]
    elif count > 1:
        xs = [left + i / (count - 1) * plot_width for i in range(count)]
    else:
        xs = [left + plot_width / 2.0]

    line = [(x, y_of(r)) for x, r in zip(xs, ratings, strict=True)]
    upper = [(x, y_of(r + BAND_RDS * d)) for x, r, d in zip(xs, ratings, rds, strict=True)]
    lower = [(x, y_of(r - BAND_RDS * d)) for x, r, d in zip(xs, ratings, rds, strict=True)]
    if count == 1:
        # One point: a short flat stretch, so the band and the line are visible.
        half = min(8.0, plot_width / 2.0)
        (x, y), (_ux, uy), (_lx, ly) = line[0], upper[0], lower[0]
        line = [(x - half, y), (x + half, y)]
        upper = [(x - half, uy), (x + half, uy)]
        lower = [(x - half, ly), (x + half, ly)]

    tick_count = round((axis_high - axis_low) / step)
    y_ticks = [
        {"value": round(axis_low + i * step), "y": _fmt(y_of(axis_low + i * step))}
        for i in range(tick_count + 1)
    ]
    if last_time > first_time:
        x_ticks = [
            {"at": history[times.index(first_time)]["at"], "x": _fmt(left), "anchor": "start"},
            {"at": history[times.index(last_time)]["at"], "x": _fmt(right), "anchor": "end"},
        ]
    else:
        x_ticks = [{"at": history[0]["at"], "x": _fmt(left + plot_width / 2), "anchor": "middle"}]

    lowest = min(range(count), key=lambda i: (ratings[i], i))
    highest = max(range(count), key=lambda i: (ratings[i], -i))
    points = [
        {
            "x": _fmt(x),
            "y": _fmt(y_of(r)),
            "at": point["at"],
            "rating": round(r),
            "rd": round(d),
        }
        for x, r, d, point in zip(xs, ratings, rds, history, strict=True)
    ]
    extremes = []
    for kind, index, offset in (("highest", highest, -6.0), ("lowest", lowest, 14.0)):
        if kind == "lowest" and ratings[lowest] == ratings[highest]:
            break
        x, y = xs[index], y_of(ratings[index])
        extremes.append(
            {
                "kind": kind,
                "rating": round(ratings[index]),
                "x": _fmt(x),
                "y": _fmt(y),
                "label_x": _fmt(min(max(x, left + LABEL_HALF_WIDTH), right - LABEL_HALF_WIDTH)),
                "label_y": _fmt(min(max(y + offset, top + 10.0), bottom - 2.0)),
            }
        )
    return {
        "width": width,
        "height": height,
        "left": _fmt(left),
        "right": _fmt(right),
        "top": _fmt(top),
        "bottom": _fmt(bottom),
        "line": " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in line),
        "band": " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in [*upper, *reversed(lower)]),
        "y_ticks": y_ticks,
        "x_ticks": x_ticks,
        "points": points,
        "show_markers": count <= MAX_MARKERS,
        "extremes": extremes,
        "lowest": points[lowest],
        "highest": points[highest],
        "count": count,
        "first_rating": round(ratings[0]),
        "last_rating": round(ratings[-1]),
        "last_rd": round(rds[-1]),
    }
