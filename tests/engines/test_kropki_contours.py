"""The engine's view of each capture's contour, and of what a secured lead leaves at stake."""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.catalog.kropki.engine import ENGINE, KropkiState
from tests.engines.kropki_helpers import blue, play, red
from tests.support.examples import examples

REAL_GAMES = Path(__file__).resolve().parent / "data" / "kropki"
LETTERS = {"blue": "b", "red": "r"}

# Blue surrounds red's 3-3 with four dots (K6).
DIAMOND_CAPTURE = (*red((3, 3)), *blue((3, 2), (2, 3), (4, 3), (3, 4)))


def final_state(name: str) -> KropkiState:
    record = ENGINE.read_record((REAL_GAMES / name).read_text(encoding="utf-8"), name)
    state = ENGINE.new(record.options)
    for move in record.moves:
        state, _step = ENGINE.apply(state, move, record=True)
    return state


def inside(point: tuple[int, int], polygon: list[list[int]]) -> bool:
    """The point lies inside the closed polygon (crossings of a ray to the right)."""
    px, py = point
    crossings = 0
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > py) != (y2 > py) and px < x1 + (py - y1) * (x2 - x1) / (y2 - y1):
            crossings += 1
    return crossings % 2 == 1


def areas(view: dict) -> list[tuple[str, set[tuple[int, int]]]]:
    """Each 4-connected area of one owner's territory, found from the view's letters."""
    owners = view["owners"]
    owned = {
        (x, y): owner
        for y, row in enumerate(owners, start=1)
        for x, owner in enumerate(row, start=1)
        if owner != "."
    }
    found, seen = [], set()
    for start, owner in owned.items():
        if start in seen:
            continue
        area, stack = {start}, [start]
        while stack:
            x, y = stack.pop()
            for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if owned.get(near) == owner and near not in area:
                    area.add(near)
                    stack.append(near)
        seen |= area
        found.append((owner, area))
    return found


def assert_contours_close_round_every_capture(view: dict) -> None:
    """Every area of territory has one contour of the capturer's active dots: each point
    next to the area, each step to one of the eight neighbours, back to the start, and
    every point of the area inside it."""
    contours = view["contours"]
    territory = areas(view)
    assert len(contours) == len(territory)
    matched: set[int] = set()
    for contour in contours:
        owner, points = LETTERS[contour["owner"]], contour["points"]
        assert len(points) >= 4
        for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True):
            assert max(abs(x1 - x2), abs(y1 - y2)) == 1, (x1, y1, x2, y2)
        for x, y in points:
            assert view["dots"][y - 1][x - 1] == owner
            assert view["owners"][y - 1][x - 1] == "."  # an active dot (K5)
        matching = {
            index
            for index, (area_owner, area) in enumerate(territory)
            if area_owner == owner
            and all(inside(point, points) for point in area)
            and all(_touches(tuple(point), area) for point in points)
        }
        assert matching, contour
        matched |= matching
    assert matched == set(range(len(territory)))


def _touches(point: tuple[int, int], area: set[tuple[int, int]]) -> bool:
    x, y = point
    return any(near in area for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)))


def test_K6_capture_contour_is_the_four_dots_round_the_captured_dot_in_order():
    view = ENGINE.view(play(*DIAMOND_CAPTURE, width=6, height=6))
    assert view["contours"] == [{"owner": "blue", "points": [[3, 2], [2, 3], [3, 4], [4, 3]]}]


def test_an_empty_contour_has_no_contour_drawn():
    view = ENGINE.view(play(*blue((3, 2), (2, 3), (4, 3), (3, 4)), width=6, height=6))
    assert view["contours"] == []


def test_K6_a_larger_capture_goes_round_every_captured_dot():
    # Red encloses three blue dots in a row: 3-3, 4-3, 5-3.
    ring = red((3, 2), (4, 2), (5, 2), (6, 3), (5, 4), (4, 4), (3, 4), (2, 3))
    view = ENGINE.view(play(*blue((3, 3), (4, 3), (5, 3)), *ring, width=8, height=6))
    (contour,) = view["contours"]
    assert contour["owner"] == "red"
    assert sorted(map(tuple, contour["points"])) == sorted(tuple(move[:2]) for move in ring)
    assert_contours_close_round_every_capture(view)


def test_K8_an_absorbed_capture_is_drawn_as_the_outer_contour_only():
    blue_capture = (*red((4, 4)), *blue((4, 3), (3, 4), (5, 4), (4, 5)))
    red_ring = red((4, 2), (5, 3), (6, 4), (5, 5), (4, 6), (3, 5), (2, 4), (3, 3))
    view = ENGINE.view(play(*blue_capture, *red_ring, width=7, height=7))
    (contour,) = view["contours"]
    assert contour["owner"] == "red"
    assert sorted(map(tuple, contour["points"])) == sorted(tuple(move[:2]) for move in red_ring)


def test_a_capture_round_a_dot_of_the_capturers_own_goes_round_it_on_the_outside():
    # Blue's ring round the 3×3 block 3..5 × 3..5 takes red's 3-3; blue's own dot 4-4 in
    # the middle stays active, a hole in blue's territory, inside the one contour.
    ring = ((3, 2), (4, 2), (5, 2), (6, 3), (6, 4), (6, 5), (5, 6), (4, 6), (3, 6), (2, 5))
    view = ENGINE.view(play(*blue((4, 4)), *red((3, 3)), *blue(*ring, (2, 4), (2, 3))))
    (contour,) = view["contours"]
    assert sorted(map(tuple, contour["points"])) == sorted([*ring, (2, 4), (2, 3)])
    assert_contours_close_round_every_capture(view)


@pytest.mark.parametrize("name", sorted(path.name for path in REAL_GAMES.glob("*.sgf")))
def test_real_games_contours_are_closed_and_go_round_every_capture(name):
    assert_contours_close_round_every_capture(ENGINE.view(final_state(name)))


def test_zagram_game_has_its_captures_as_contours_of_both_colours():
    view = ENGINE.view(final_state("zagram352562.sgf"))
    owners = [contour["owner"] for contour in view["contours"]]
    assert owners.count("red") >= 1 and owners.count("blue") >= 1
    assert view["ended_by"] == "secured_lead"


random_games = st.fixed_dictionaries(
    {"width": st.integers(4, 9), "height": st.integers(4, 9), "free_hand": st.booleans()}
)


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=random_games, data=st.data())
def test_random_games_contours_are_closed_and_go_round_every_capture(game, data):
    state = ENGINE.new({"width": game["width"], "height": game["height"], "start": "empty"})
    turn = "blue"
    while free := ENGINE.free_points(state):
        x, y = data.draw(st.sampled_from(free))
        # One side playing several dots running builds nested and absorbed captures.
        player = data.draw(st.sampled_from(["blue", "red"])) if game["free_hand"] else turn
        state, _step = ENGINE.apply(state, [x, y, player], record=True)
        assert_contours_close_round_every_capture(ENGINE.view(state))
        turn = "red" if player == "blue" else "blue"


def test_K13_points_at_stake_are_listed_only_once_the_lead_is_secured():
    # Blue leads 1:0 by the diamond, grounded by 3-1; the lone blue dot 8-8 stands away
    # from the edge: one dot at stake is as much as the lead, nothing is secured.
    state = play(*DIAMOND_CAPTURE, *blue((8, 8), (3, 1)), width=10, height=10)
    view = ENGINE.view(state)
    assert (view["secured"], view["at_stake"], view["ended_by"]) == (False, [], None)
    won = ENGINE.view(play(*DIAMOND_CAPTURE, *blue((3, 1)), width=10, height=10))
    assert (won["secured"], won["at_stake"], won["ended_by"]) == (True, [], "secured_lead")


def test_K13_a_secured_lead_lists_the_dots_the_trailer_could_still_win():
    # Blue takes two red dots (2:0), both diamonds grounded; blue's dot 8-8 stands away
    # from the edge: U = 1 < 2, the lead is secured with 8-8 at stake.
    first = (*red((3, 3)), *blue((3, 2), (2, 3), (4, 3), (3, 4)))
    second = (*red((6, 3)), *blue((6, 2), (5, 3), (7, 3), (6, 4)))
    state = play(*first, *second, *blue((8, 8), (3, 1), (6, 1)), width=10, height=10)
    view = ENGINE.view(state)
    assert ENGINE.score(state) == {"blue": 2, "red": 0}
    assert (view["secured"], view["at_stake"], view["ended_by"]) == (True, [[8, 8]], "secured_lead")
