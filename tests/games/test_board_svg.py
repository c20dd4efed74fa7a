"""The Kropki board drawing: what a player must be able to see on it."""

import re

from games.boards import board_svg
from games.engines import engine

RULES = engine("kropki")


def position_after(moves: list, width: int = 8, height: int = 8) -> dict:
    state = RULES.new({"width": width, "height": height, "start": "empty"})
    for move in moves:
        state, _step = RULES.apply(state, move)
    return RULES.view(state)


# Blue surrounds red's 3-3; red's other dots stay far away.
CAPTURE = [[3, 2], [3, 3], [2, 3], [8, 8], [4, 3], [8, 1], [3, 4]]


def test_board_shows_every_dot_at_its_point_in_its_colour():
    svg = board_svg("kropki", position_after(CAPTURE))
    assert len(re.findall(r'class="dot blue', svg)) == 4
    assert len(re.findall(r'class="dot red', svg)) == 3
    assert 'data-point="8-8"' in svg


def test_captured_dot_is_drawn_faded_and_its_area_shaded_in_the_captors_colour():
    svg = board_svg("kropki", position_after(CAPTURE))
    assert re.search(r'class="dot red captured"[^>]*data-point="3-3"', svg)
    blue_areas = re.findall(r'<path class="area blue" d="([^"]*)"', svg)
    assert len(blue_areas) == 1 and blue_areas[0].count("L") == 3  # the diamond round 3-3
    assert 'class="area red"' not in svg


def test_links_join_active_neighbours_of_one_colour_only():
    svg = board_svg("kropki", position_after(CAPTURE))
    links = re.search(r'<g class="links" display="none">(.*?)</g>', svg).group(1)
    blue_links = re.search(r'<path class="blue" d="([^"]*)"', links).group(1)
    red_links = re.search(r'<path class="red" d="([^"]*)"', links).group(1)
    assert blue_links.count("M") == 4  # the diamond's four diagonal links
    assert red_links == ""  # the captured red dot links to nothing; 8-8 and 8-1 are apart


def test_last_move_is_marked_and_coordinates_are_on_the_edges():
    svg = board_svg("kropki", position_after(CAPTURE, width=9, height=8))
    assert re.search(r'class="last-move"[^>]*data-point="3-4"', svg)
    labels = re.findall(r"<text [^>]*>(\d+)</text>", svg)
    assert sorted(labels[:9], key=int) == [str(n) for n in range(1, 10)]
    assert sorted(labels[9:], key=int) == [str(n) for n in range(1, 9)]


def test_playable_board_declares_its_grid_and_the_state_of_each_point():
    svg = board_svg("kropki", position_after(CAPTURE), label="board", playable=True)
    assert 'role="application" tabindex="0"' in svg
    assert '"width":8' in svg and '"flip_y":true' in svg
    points = re.search(r'data-points="([^"]*)"', svg).group(1).split("/")
    assert points[2][2] == "r"  # 3-3 holds the (captured) red dot
    assert points[1][2] == "b"
    assert points[0][7] == "r"


def test_watched_board_is_an_image_without_a_cursor():
    svg = board_svg("kropki", position_after([]), label="Kropki & co")
    assert 'role="img"' in svg and "tabindex" not in svg and 'class="cursor"' not in svg
    assert "Kropki &amp; co" in svg
