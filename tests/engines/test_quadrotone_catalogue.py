"""The pattern catalogue: the default file matches the rules' tables, and the loader's refusals."""

import copy
import json

import numpy as np
import pytest

from games.catalog.quadrotone.engine.catalogue import (
    DEFAULT_PATH,
    CatalogueError,
    load_catalogue,
    parse_catalogue,
)
from games.catalog.quadrotone.engine.scoring import ScoringMemory, ScoringOptions, score_move

DEFAULT = load_catalogue()
RAW = json.loads(DEFAULT_PATH.read_text(encoding="utf-8"))

# The rules file's tables: (number of squares, points).
ONE_COLOUR_TABLE = {
    "line4": (4, 30),
    "line5": (5, 50),
    "line6": (6, 80),
    "line7": (7, 120),
    "line8": (8, 160),
    "block2": (4, 30),
    "block3": (9, 180),
    "ring3": (8, 200),
    "frame4": (12, 480),
    "plus": (5, 60),
    "cross": (9, 250),
    "t": (5, 45),
    "l": (5, 40),
    "diagonal4": (4, 60),
    "x": (5, 90),
}
TWO_COLOUR_TABLE = {
    "pair_blocks": (4, 4, 90),
    "pair_ring": (8, 1, 300),
    "pair_frame": (12, 4, 600),
    "pair_lines": (4, 4, 120),
    "pair_checker": (5, 4, 220),
}


def refusal(data) -> str:
    with pytest.raises(CatalogueError) as error:
        parse_catalogue(data)
    return str(error.value)


def with_one_colour(*entries) -> dict:
    data = copy.deepcopy(RAW)
    data["one_colour"].extend(entries)
    return data


# -- the default catalogue ---------------------------------------------------------


def test_default_catalogue_has_the_rules_15_one_colour_and_5_two_colour_entries():
    assert {p.key: (p.shape.size, p.points) for p in DEFAULT.one_colour} == ONE_COLOUR_TABLE
    assert {
        p.key: (p.part_a.size, p.part_b.size, p.points) for p in DEFAULT.two_colour
    } == TWO_COLOUR_TABLE
    assert DEFAULT.name == "default"


def test_default_shapes_lie_in_their_base_orientation():
    shape = {p.key: p.shape.squares for p in DEFAULT.one_colour}
    assert shape["line8"] == {(x, 0) for x in range(8)}  # horizontal
    assert shape["t"] == {(0, 2), (1, 2), (2, 2), (1, 1), (1, 0)}  # bar on top
    assert shape["l"] == {(0, 0), (1, 0), (2, 0), (0, 1), (0, 2)}  # corner lower left
    assert shape["diagonal4"] == {(0, 0), (1, 1), (2, 2), (3, 3)}  # rising to the right
    assert shape["frame4"] == {(x, y) for x in range(4) for y in range(4)} - {
        (1, 1),
        (2, 1),
        (1, 2),
        (2, 2),
    }
    pairs = {p.key: p for p in DEFAULT.two_colour}
    assert max(x for x, _ in pairs["pair_blocks"].part_a.squares) < min(
        x for x, _ in pairs["pair_blocks"].part_b.squares
    )  # A left of B
    assert min(y for _, y in pairs["pair_lines"].part_a.squares) > max(
        y for _, y in pairs["pair_lines"].part_b.squares
    )  # A above B
    assert pairs["pair_ring"].part_b.squares == {(1, 1)}


def test_default_catalogue_round_trips_through_its_json():
    assert parse_catalogue(DEFAULT.as_json()) == DEFAULT
    assert load_catalogue(DEFAULT_PATH) == DEFAULT


def test_load_catalogue_reads_another_file(tmp_path):
    path = tmp_path / "small.json"
    path.write_text(json.dumps({"one_colour": RAW["one_colour"][:2], "two_colour": []}))
    catalogue = load_catalogue(path)
    assert [p.key for p in catalogue.one_colour] == ["line4", "line5"]
    assert catalogue.two_colour == ()


def test_load_catalogue_refuses_a_file_that_is_not_json(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{")
    with pytest.raises(CatalogueError, match="cannot read"):
        load_catalogue(path)


def test_no_single_tile_forms_a_two_colour_pattern_on_its_own():
    """The rules' remark on the default catalogue, checked for all 256 tiles, turned too."""
    before = np.full((32, 32), -1, dtype=np.int8)
    options = ScoringOptions(rotations=True)
    for tile in range(256):
        after = before.copy()
        tl, tr, br, bl = (tile >> 6) & 3, (tile >> 4) & 3, (tile >> 2) & 3, tile & 3
        after[11, 10], after[11, 11], after[10, 11], after[10, 10] = tl, tr, br, bl
        result = score_move(before, after, ScoringMemory.empty(), options, DEFAULT)
        assert all(p.kind == "one_colour" for p in result.patterns), tile


# -- Q14: orientations -------------------------------------------------------------


def test_Q14_without_rotations_only_the_base_orientation_scores():
    orientations = DEFAULT.one_colour_orientations(rotations=False)
    assert [o.pattern.key for o in orientations] == list(ONE_COLOUR_TABLE)
    assert all(o.turn == 0 for o in orientations)
    assert len(DEFAULT.two_colour_orientations(rotations=False)) == 5


def test_Q14_shapes_that_look_the_same_turned_have_one_orientation():
    counts = {}
    for o in DEFAULT.one_colour_orientations(rotations=True):
        counts[o.pattern.key] = counts.get(o.pattern.key, 0) + 1
    for key in ("block2", "block3", "ring3", "frame4", "plus", "cross", "x"):
        assert counts[key] == 1, key
    for key in ("line4", "line5", "line6", "line7", "line8", "diagonal4"):
        assert counts[key] == 2, key
    assert counts["t"] == counts["l"] == 4


def test_Q14_two_colour_orientations_turn_both_parts_together():
    lines = [
        o for o in DEFAULT.two_colour_orientations(rotations=True) if o.pattern.key == "pair_lines"
    ]
    assert len(lines) == 4
    quarter = next(o for o in lines if o.turn == 1)  # clockwise: A above becomes A right of B
    assert quarter.part_a.squares == {(1, y) for y in range(4)}
    assert quarter.part_b.squares == {(0, y) for y in range(4)}
    ring = [
        o for o in DEFAULT.two_colour_orientations(rotations=True) if o.pattern.key == "pair_ring"
    ]
    assert len(ring) == 1


# -- the loader's refusals ---------------------------------------------------------


def test_loader_refuses_a_shape_that_is_not_8_connected():
    gap = {"key": "gap", "name": "gap", "points": 10, "squares": [[0, 0], [2, 0], [3, 0]]}
    assert "not 8-connected" in refusal(with_one_colour(gap))


def test_loader_accepts_squares_touching_only_by_corner():
    zigzag = {"key": "zigzag", "name": "zigzag", "points": 10, "squares": [[0, 0], [1, 1], [2, 0]]}
    assert parse_catalogue(with_one_colour(zigzag)).pattern("zigzag").points == 10


def test_loader_refuses_an_entry_that_is_another_entry_turned():
    upright = {
        "key": "upright",
        "name": "upright line",
        "points": 5,
        "squares": [[3, y] for y in range(4)],
    }
    message = refusal(with_one_colour(upright))
    assert "'upright' is a turn of entry 'line4'" in message


def test_loader_refuses_a_turned_t():
    upside_down = {
        "key": "t2",
        "name": "upside-down T",
        "points": 45,
        "squares": [[0, 0], [1, 0], [2, 0], [1, 1], [1, 2]],
    }
    assert "is a turn of entry 't'" in refusal(with_one_colour(upside_down))


def test_loader_refuses_a_repeated_entry_even_shifted():
    again = {
        "key": "again",
        "name": "again",
        "points": 1,
        "squares": [[5, 5], [6, 5], [7, 5], [8, 5]],
    }
    assert "'again' repeats entry 'line4'" in refusal(with_one_colour(again))


def test_loader_accepts_a_mirror_image_that_is_no_turn():
    s_shape = [[0, 0], [1, 0], [1, 1], [2, 1]]
    z_shape = [[0, 1], [1, 1], [1, 0], [2, 0]]
    data = with_one_colour(
        {"key": "s", "name": "S", "points": 5, "squares": s_shape},
        {"key": "z", "name": "Z", "points": 5, "squares": z_shape},
    )
    assert len(parse_catalogue(data).one_colour) == 17


def test_loader_refuses_a_two_colour_entry_that_is_another_turned():
    data = copy.deepcopy(RAW)
    data["two_colour"].append(
        {
            "key": "upright_lines",
            "name": "lines side by side",
            "points": 10,
            "a": {"squares": [[1, y] for y in range(4)]},
            "b": {"squares": [[0, y] for y in range(4)]},
        }
    )
    assert "is a turn of entry 'pair_lines'" in refusal(data)


def test_loader_refuses_a_two_colour_entry_that_swaps_the_parts_of_another():
    """A square of a in a ring of b is the ring pair, colours swapped: it would score twice."""
    data = copy.deepcopy(RAW)
    ring = [[x, y] for x in range(3) for y in range(3) if (x, y) != (1, 1)]
    data["two_colour"].append(
        {
            "key": "square_in_ring",
            "name": "square inside a ring",
            "points": 10,
            "a": {"squares": [[1, 1]]},
            "b": {"squares": ring},
        }
    )
    assert "'square_in_ring' swaps the parts of entry 'pair_ring'" in refusal(data)


def test_loader_accepts_a_new_pair_of_shapes():
    data = copy.deepcopy(RAW)
    data["two_colour"].append(
        {
            "key": "short_over_long",
            "name": "line of 3 above a line of 4",
            "points": 10,
            "a": {"squares": [[0, 1], [1, 1], [2, 1]]},
            "b": {"squares": [[0, 0], [1, 0], [2, 0], [3, 0]]},
        }
    )
    assert parse_catalogue(data).pattern("short_over_long").points == 10


@pytest.mark.parametrize("points", [0, -5, "30", 1.5, True, None])
def test_loader_refuses_bad_points(points):
    data = copy.deepcopy(RAW)
    data["one_colour"][0]["points"] = points
    assert "points must be a whole number above 0" in refusal(data)


def test_loader_refuses_a_key_used_twice():
    data = copy.deepcopy(RAW)
    data["two_colour"][0]["key"] = "line4"
    assert "'line4' is used twice" in refusal(data)


@pytest.mark.parametrize(
    ("squares", "fault"),
    [
        ([], "non-empty list"),
        ([[0, 0], [0, 0]], "listed twice"),
        ([[0, 0], [1]], "not an [x, y] pair"),
        ([[0, 0], [0.5, 1]], "not an [x, y] pair"),
        ("0,0", "non-empty list"),
    ],
)
def test_loader_refuses_malformed_squares(squares, fault):
    entry = {"key": "odd", "name": "odd", "points": 1, "squares": squares}
    assert fault in refusal(with_one_colour(entry))


def test_loader_refuses_pair_parts_that_overlap_or_do_not_touch():
    data = copy.deepcopy(RAW)
    data["two_colour"][0]["b"]["squares"] = [[1, 0], [1, 1], [2, 0], [2, 1]]
    assert "share a square" in refusal(data)
    data["two_colour"][0]["b"]["squares"] = [[3, 0], [3, 1], [4, 0], [4, 1]]
    assert "must touch" in refusal(data)


def test_loader_refuses_a_catalogue_without_patterns():
    assert "no patterns" in refusal({"one_colour": [], "two_colour": []})
    assert "must be an object" in refusal([])
