"""The rating chart's geometry: plain numbers from a history, no database, no Django."""

import itertools
from datetime import UTC, datetime, timedelta

import pytest

from ratings.chart import (
    MARGIN_BOTTOM,
    MARGIN_LEFT,
    MARGIN_RIGHT,
    MARGIN_TOP,
    MAX_BAND_REACH,
    MAX_MARKERS,
    nice_step,
    rating_chart,
)

START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
WIDTH, HEIGHT = 480, 200
LEFT, RIGHT = MARGIN_LEFT, WIDTH - MARGIN_RIGHT
TOP, BOTTOM = MARGIN_TOP, HEIGHT - MARGIN_BOTTOM


def history(*points: tuple[float, float], days: list[float] | None = None) -> list[dict]:
    days = days if days is not None else list(range(len(points)))
    return [
        {"at": START + timedelta(days=day), "rating": rating, "rd": rd}
        for day, (rating, rd) in zip(days, points, strict=True)
    ]


def pairs(points: str) -> list[tuple[float, float]]:
    return [tuple(float(n) for n in pair.split(",")) for pair in points.split()]


def rating_at(chart: dict, y: float) -> float:
    """The rating a y coordinate stands for, read back through the axis ticks."""
    (low, low_y), (high, high_y) = (
        (chart["y_ticks"][0]["value"], float(chart["y_ticks"][0]["y"])),
        (chart["y_ticks"][-1]["value"], float(chart["y_ticks"][-1]["y"])),
    )
    return low + (y - low_y) / (high_y - low_y) * (high - low)


def test_empty_history_has_no_chart():
    assert rating_chart([], WIDTH, HEIGHT) is None


def test_line_runs_left_to_right_through_time_in_the_plot_area():
    chart = rating_chart(history((1500, 200), (1560, 150), (1540, 120)), WIDTH, HEIGHT)
    line = pairs(chart["line"])
    assert [x for x, _y in line] == [LEFT, (LEFT + RIGHT) / 2, RIGHT]
    assert all(TOP <= y <= BOTTOM for _x, y in line)
    # Higher ratings are drawn higher up (smaller y).
    assert line[1][1] < line[2][1] < line[0][1]


def test_x_follows_time_not_game_number():
    chart = rating_chart(history((1500, 200), (1510, 190), (1520, 180), days=[0, 1, 10]), 480, 200)
    xs = [x for x, _y in pairs(chart["line"])]
    assert xs[1] - xs[0] == pytest.approx((xs[2] - xs[0]) / 10, abs=0.1)


def test_points_at_one_moment_are_spread_evenly_in_order():
    chart = rating_chart(history((1500, 200), (1520, 180), (1540, 170), days=[0, 0, 0]), 480, 200)
    xs = [x for x, _y in pairs(chart["line"])]
    assert xs == [LEFT, (LEFT + RIGHT) / 2, RIGHT]
    assert [tick["anchor"] for tick in chart["x_ticks"]] == ["middle"]


def test_band_is_two_rds_either_side_of_the_line():
    points = ((1500, 60), (1550, 50), (1600, 40))
    chart = rating_chart(history(*points), WIDTH, HEIGHT)
    band = pairs(chart["band"])
    upper, lower = band[:3], list(reversed(band[3:]))
    for (rating, rd), (_ux, uy), (_lx, ly) in zip(points, upper, lower, strict=True):
        assert rating_at(chart, uy) == pytest.approx(rating + 2 * rd, abs=1.5)
        assert rating_at(chart, ly) == pytest.approx(rating - 2 * rd, abs=1.5)


def test_a_new_players_wide_band_is_cut_off_so_the_line_stays_readable():
    chart = rating_chart(history((1500, 350), (1650, 300)), WIDTH, HEIGHT)
    ticks = [tick["value"] for tick in chart["y_ticks"]]
    assert ticks[0] >= 1500 - MAX_BAND_REACH - 250
    assert ticks[-1] <= 1650 + MAX_BAND_REACH + 250
    assert all(TOP <= y <= BOTTOM for _x, y in pairs(chart["band"]))


def test_y_ticks_are_round_numbers_spanning_the_axis():
    chart = rating_chart(history((1432, 70), (1611, 55)), WIDTH, HEIGHT)
    values = [tick["value"] for tick in chart["y_ticks"]]
    step = values[1] - values[0]
    assert step in {50, 100, 200, 250}
    assert all(b - a == step for a, b in itertools.pairwise(values))
    assert values[0] <= 1432 - 2 * 70 and values[-1] >= 1611 + 2 * 55
    assert float(chart["y_ticks"][0]["y"]) == BOTTOM
    assert float(chart["y_ticks"][-1]["y"]) == TOP


def test_x_ticks_mark_the_first_and_last_dates():
    data = history((1500, 100), (1520, 90), (1510, 80), days=[0, 5, 30])
    chart = rating_chart(data, WIDTH, HEIGHT)
    assert [(tick["at"], float(tick["x"])) for tick in chart["x_ticks"]] == [
        (data[0]["at"], LEFT),
        (data[2]["at"], RIGHT),
    ]


def test_highest_and_lowest_ratings_are_marked_for_the_summary():
    chart = rating_chart(history((1500, 100), (1580, 90), (1460, 80), (1520, 70)), WIDTH, HEIGHT)
    assert chart["highest"]["rating"] == 1580
    assert chart["lowest"]["rating"] == 1460
    assert [(e["kind"], e["rating"]) for e in chart["extremes"]] == [
        ("highest", 1580),
        ("lowest", 1460),
    ]
    for extreme in chart["extremes"]:
        assert LEFT <= float(extreme["label_x"]) <= RIGHT
        assert TOP <= float(extreme["label_y"]) <= BOTTOM
    assert (chart["count"], chart["first_rating"], chart["last_rating"], chart["last_rd"]) == (
        4,
        1500,
        1520,
        70,
    )


def test_a_single_game_draws_a_short_flat_line_in_the_middle():
    chart = rating_chart(history((1662.3, 290.2)), WIDTH, HEIGHT)
    (x1, y1), (x2, y2) = pairs(chart["line"])
    assert y1 == y2 and x1 < (LEFT + RIGHT) / 2 < x2
    assert len(pairs(chart["band"])) == 4
    assert [e["kind"] for e in chart["extremes"]] == ["highest"]
    assert chart["points"][0]["rating"] == 1662


def test_a_flat_rating_still_gets_an_axis_with_room():
    chart = rating_chart(history((1500, 0), (1500, 0)), WIDTH, HEIGHT)
    values = [tick["value"] for tick in chart["y_ticks"]]
    assert values[0] < 1500 < values[-1]


def test_long_histories_draw_no_point_markers():
    many = history(*[(1500 + i, 80) for i in range(MAX_MARKERS + 1)])
    assert rating_chart(many, WIDTH, HEIGHT)["show_markers"] is False
    assert rating_chart(many[:MAX_MARKERS], WIDTH, HEIGHT)["show_markers"] is True


def test_numeric_times_are_accepted():
    chart = rating_chart(
        [{"at": 0, "rating": 1500, "rd": 90}, {"at": 60, "rating": 1510, "rd": 85}]
    )
    assert [x for x, _y in pairs(chart["line"])] == [MARGIN_LEFT, 560 - MARGIN_RIGHT]


@pytest.mark.parametrize(
    ("span", "step"), [(100, 25), (380, 100), (1000, 250), (7, 2), (0, 1), (45, 20)]
)
def test_nice_step_is_one_two_two_and_a_half_or_five_times_a_power_of_ten(span, step):
    assert nice_step(span) == step
