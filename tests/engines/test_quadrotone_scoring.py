"""Quadrotone scoring Q10–Q16, one small hand-made position (or a few) per rule.

Positions are drawn as pictures: rows from top to bottom, R G B Y for the
colours and '.' for an empty square; `grid(picture, at=(x, y))` puts the
picture's lower-left corner at small square (x, y) of an otherwise empty board.
"""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.catalog.quadrotone.engine.catalogue import load_catalogue
from games.catalog.quadrotone.engine.scoring import (
    SIZE,
    MoveScore,
    ScoringMemory,
    ScoringOptions,
    score_move,
    tables,
)

CATALOGUE = load_catalogue()
LETTERS = {".": -1, "R": 0, "G": 1, "B": 2, "Y": 3}
RED, GREEN, BLUE, YELLOW = 0, 1, 2, 3
PLAIN = ScoringOptions()
TURNS = ScoringOptions(rotations=True)
CHAINS = ScoringOptions(chains=True)
ENCLOSURE = ScoringOptions(enclosure=True)


def empty() -> np.ndarray:
    return np.full((SIZE, SIZE), -1, dtype=np.int8)


def grid(picture: str, at: tuple[int, int] = (0, 0), on: np.ndarray | None = None) -> np.ndarray:
    """The picture drawn on a copy of `on` (default: an empty board), lower-left corner at `at`."""
    board = empty() if on is None else on.copy()
    rows = [row.strip() for row in picture.strip().splitlines()]
    x0, y0 = at
    for i, row in enumerate(reversed(rows)):
        for dx, letter in enumerate(row):
            board[y0 + i, x0 + dx] = LETTERS[letter]
    return board


def score(
    before: np.ndarray,
    after: np.ndarray,
    options: ScoringOptions = PLAIN,
    memory: ScoringMemory | None = None,
) -> MoveScore:
    return score_move(before, after, memory or ScoringMemory.empty(), options, CATALOGUE)


def kinds(result: MoveScore, kind: str) -> list:
    return [p for p in result.patterns if p.kind == kind]


def keys(result: MoveScore) -> list[str]:
    return [p.key for p in result.patterns]


# -- what counts as changed, the [decision] on moves that change no colour ------------


def test_a_move_that_changes_no_colour_scores_nothing():
    board = grid("RRRR")
    result = score(board, board.copy(), ScoringOptions(True, True, True))
    assert result.points == 0 and result.patterns == ()
    assert result.memory == ScoringMemory.empty()


def test_turning_a_one_colour_tile_changes_nothing_and_scores_nothing():
    before = grid("RRGG\nRRGG")  # the red tile turned in place gives the same colours
    assert score(before, before.copy(), TURNS).points == 0


# -- Q10: one-colour patterns ----------------------------------------------------------


def test_Q10_line_of_4_scores_30():
    result = score(empty(), grid("RRRR", at=(5, 7)))
    assert result.points == 30
    (pattern,) = result.patterns
    assert (pattern.kind, pattern.key, pattern.colours) == ("one_colour", "line4", (RED,))
    assert pattern.squares == ((5, 7), (6, 7), (7, 7), (8, 7))


@pytest.mark.parametrize("pattern", CATALOGUE.one_colour, ids=lambda p: p.key)
def test_Q10_every_catalogue_shape_scores_its_points(pattern):
    after = empty()
    for x, y in pattern.shape.squares:
        after[10 + y, 10 + x] = BLUE
    result = score(empty(), after)
    assert keys(result) == [pattern.key]
    assert result.points == pattern.points


@pytest.mark.parametrize("colour", [RED, GREEN, BLUE, YELLOW])
def test_Q10_any_of_the_four_colours_scores(colour):
    letter = "RGBY"[colour]
    result = score(empty(), grid(letter * 2 + "\n" + letter * 2))
    assert keys(result) == ["block2"] and result.patterns[0].colours == (colour,)


def test_Q10_impure_pattern_touching_same_colour_by_corner_scores_nothing():
    after = grid(
        """
        ....R
        RRRR.
        """
    )
    assert score(empty(), after).points == 0


def test_Q10_impure_pattern_touching_same_colour_by_side_scores_nothing():
    assert score(empty(), grid("RRRRR.")).patterns[0].key == "line5"
    assert score(empty(), grid("RRRR\n...R")).points == 0


def test_Q10_other_colours_touching_the_pattern_do_not_spoil_it():
    after = grid(
        """
        GGBYGG
        GRRRRB
        YGGBBY
        """
    )
    assert [p.key for p in kinds(score(empty(), after), "one_colour") if p.colours == (RED,)] == [
        "line4"
    ]


def test_Q10_pattern_without_a_changed_square_scores_nothing():
    before = grid("RRRR")
    after = grid("G", at=(20, 20), on=before)
    assert score(before, after).points == 0


def test_Q10_squares_that_did_not_change_still_take_part():
    before = grid("RRR.")
    after = grid("RRRR")
    assert keys(score(before, after)) == ["line4"]


def test_Q10_a_shape_not_in_the_catalogue_scores_nothing():
    assert score(empty(), grid("RRR")).points == 0
    assert score(empty(), grid("R..\n.RR")).points == 0


# -- Q11: no repeats -------------------------------------------------------------------


def test_Q11_same_positions_do_not_score_twice_in_any_colour():
    first = score(empty(), grid("RRRR"))
    assert first.points == 30
    again = score(grid("RRRR"), grid("GGGG"), memory=first.memory)
    assert again.points == 0
    elsewhere = score(grid("GGGG"), grid("GGGG", at=(0, 5)), memory=first.memory)
    assert keys(elsewhere) == ["line4"]  # the same shape at new positions scores


def test_Q11_cross_cut_to_a_line_at_the_same_place_scores_nothing():
    cross = grid(
        """
        ..R..
        ..R..
        RRRRR
        ..R..
        ..R..
        """
    )
    first = score(empty(), cross)
    assert keys(first) == ["cross"] and first.points == 250
    line = grid("RRRRR", at=(0, 2))
    assert score(cross, line, memory=first.memory).points == 0  # no square of it changed
    green_line = grid("GGGGG", at=(0, 2))  # the same place, new tiles
    assert score(cross, green_line, memory=first.memory).points == 0
    assert score(cross, green_line).points == 50  # what the mark prevents


def test_Q11_smaller_shapes_are_marked_in_every_orientation():
    cross = grid("..R..\n..R..\nRRRRR\n..R..\n..R..")
    first = score(empty(), cross)  # rotations off
    upright = grid("G\nG\nG\nG\nG", at=(2, 0))  # the cross's upright arm: a turned line of 5
    assert score(cross, upright, TURNS, memory=first.memory).points == 0
    assert score(cross, upright, TURNS).points == 50


def test_Q11_a_larger_pattern_over_a_scored_smaller_one_scores():
    first = score(empty(), grid("RRRR"))
    longer = score(grid("RRRR"), grid("RRRRR"), memory=first.memory)
    assert keys(longer) == ["line5"] and longer.points == 50


def test_Q11_only_smaller_shapes_inside_are_marked():
    first = score(empty(), grid("RRRRR"))
    assert score(grid("RRRRR"), grid("GGGG."), memory=first.memory).points == 0  # inside
    shifted = score(grid("RRRRR"), grid("GGGGG", at=(1, 0)), memory=first.memory)
    assert keys(shifted) == ["line5"]


# -- Q12: copies -----------------------------------------------------------------------


def test_Q12_second_copy_doubled_third_tripled():
    after = grid(
        """
        RRRR.GGGG
        .........
        BBBB.....
        """
    )
    result = score(empty(), after)
    assert [(p.key, p.points, p.multiplier) for p in result.patterns] == [
        ("line4", 30, 1),
        ("line4", 60, 2),
        ("line4", 90, 3),
    ]
    assert result.points == 180


def test_Q12_other_shapes_are_not_copies():
    after = grid("RRRR.GG\n.....GG")
    assert score(empty(), after).points == 30 + 30


def test_Q12_turned_copies_are_other_orientations():
    after = grid("R.....\nR.....\nR.....\nR.GGGG")
    result = score(empty(), after, TURNS)
    assert sorted((p.turn % 2, p.points) for p in result.patterns) == [(0, 30), (1, 30)]


def test_Q12_a_copy_already_scored_elsewhere_does_not_count():
    first = score(empty(), grid("RRRR"))
    result = score(grid("RRRR"), grid("GGGG\n....\nBBBB"), memory=first.memory)
    assert result.points == 30  # the blue line stands where the red one scored


# -- Q13: two-colour patterns ----------------------------------------------------------


def test_Q13_ring_around_a_square_scores_ring_and_pair():
    after = grid(
        """
        RRR
        RGR
        RRR
        """
    )
    result = score(empty(), after)
    assert keys(result) == ["ring3", "pair_ring"]
    assert result.points == 200 + 300
    assert result.patterns[1].colours == (RED, GREEN)


@pytest.mark.parametrize("pair", CATALOGUE.two_colour, ids=lambda p: p.key)
def test_Q13_every_catalogue_pair_scores_its_points(pair):
    after = empty()
    for x, y in pair.part_a.squares:
        after[10 + y, 10 + x] = YELLOW
    for x, y in pair.part_b.squares:
        after[10 + y, 10 + x] = BLUE
    (found,) = kinds(score(empty(), after), "two_colour")
    assert (found.key, found.points, found.colours) == (pair.key, pair.points, (YELLOW, BLUE))


def test_Q13_parts_of_one_colour_are_no_pair():
    assert keys(score(empty(), grid("RRR\nRRR\nRRR"))) == ["block3"]


def test_Q13_blocks_side_by_side_score_the_pair_and_both_blocks():
    result = score(empty(), grid("RRGG\nRRGG"))
    assert sorted(keys(result)) == ["block2", "block2", "pair_blocks"]
    assert result.points == 30 + 60 + 90


def test_Q13_square_of_colour_a_touching_B_spoils_the_pair():
    assert kinds(score(empty(), grid("RRGG.\nRRGGR")), "two_colour") == []


def test_Q13_square_of_colour_b_touching_A_spoils_the_pair():
    assert kinds(score(empty(), grid(".RRGG\nGRRGG")), "two_colour") == []


def test_Q13_part_B_must_be_a_whole_component():
    assert kinds(score(empty(), grid("RRGG.\nRRGGG")), "two_colour") == []


def test_Q13_a_pair_needs_a_changed_square():
    before = grid("RRGG\nRRGG")
    after = grid("Y", at=(20, 20), on=before)
    assert score(before, after).points == 0


def test_Q13_no_repeat_on_the_same_positions():
    first = score(empty(), grid("RRGG\nRRGG"))
    assert keys(first).count("pair_blocks") == 1
    swapped = score(grid("RRGG\nRRGG"), grid("GGRR\nGGRR"), memory=first.memory)
    assert kinds(swapped, "two_colour") == []


def test_Q13_smaller_two_colour_shape_inside_a_scored_one_is_marked():
    frame = grid("RRRR\nRGGR\nRGGR\nRRRR")
    first = score(empty(), frame)
    assert "pair_frame" in keys(first)
    lines = grid("....\n....\nRRRR\nGGGG")  # a line pair on the lower half of the frame
    assert kinds(score(frame, lines, memory=first.memory), "two_colour") == []


def test_Q13_a_pair_read_two_ways_in_one_move_scores_once():
    result = score(empty(), grid("RRGG\nRRGG"), TURNS)  # A red left, or A green turned 180°
    assert keys(result).count("pair_blocks") == 1


# -- Q14: turned patterns --------------------------------------------------------------


def test_Q14_turned_line_scores_only_with_rotations():
    upright = grid("R\nR\nR\nR")
    assert score(empty(), upright).points == 0
    result = score(empty(), upright, TURNS)
    assert keys(result) == ["line4"] and result.patterns[0].turn in (1, 3)


@pytest.mark.parametrize(
    "picture",
    ["RR\nRR", ".R.\nRRR\n.R.", "R.R\n.R.\nR.R", "RRR\nR.R\nRRR"],
    ids=["block2", "plus", "x", "ring3"],
)
def test_Q14_symmetric_shapes_always_score(picture):
    assert score(empty(), grid(picture)).points == score(empty(), grid(picture), TURNS).points > 0
    assert len(score(empty(), grid(picture), TURNS).patterns) == 1


def test_Q14_turned_T_and_L_score_only_with_rotations():
    upside_down_t = grid(".R.\n.R.\nRRR")
    corner_upper_right = grid("RRR\n..R\n..R")
    for board in (upside_down_t, corner_upper_right):
        assert score(empty(), board).points == 0
        assert len(score(empty(), board, TURNS).patterns) == 1


def test_Q14_diagonal_falling_to_the_right_needs_rotations():
    falling = grid("R...\n.R..\n..R.\n...R")
    assert score(empty(), falling).points == 0
    assert score(empty(), falling, TURNS).points == 60
    assert score(empty(), grid("...R\n..R.\n.R..\nR...")).points == 60


def test_Q14_turned_pair_scores_only_with_rotations():
    side_by_side = grid("RG\nRG\nRG\nRG")  # two upright lines: the line pair turned
    assert kinds(score(empty(), side_by_side), "two_colour") == []
    assert keys(score(empty(), side_by_side, TURNS)).count("pair_lines") == 1


# -- Q15: chains -----------------------------------------------------------------------

ZIGZAG_5 = "....R\n..RR.\nRR..."  # 5 squares, 8-connected, not a catalogue shape


def snake(length: int, colour: int = RED) -> np.ndarray:
    """One 8-connected chain of `length` squares winding up the board row by row."""
    board = empty()
    path = []
    for row in range(0, SIZE, 2):
        xs = range(SIZE) if row % 4 == 0 else range(SIZE - 1, -1, -1)
        path.extend((x, row) for x in xs)
        path.append((SIZE - 1 if row % 4 == 0 else 0, row + 1))
    for x, y in path[:length]:
        board[y, x] = colour
    return board


def chain_points(result: MoveScore) -> list[int]:
    return [p.points for p in kinds(result, "chain")]


def test_Q15_chains_are_off_by_default():
    assert score(empty(), grid(ZIGZAG_5)).points == 0


def test_Q15_chain_of_5_scores_6():
    result = score(empty(), grid(ZIGZAG_5), CHAINS)
    assert chain_points(result) == [6] and result.points == 6
    assert result.patterns[0].name == "chain of 5"


def test_Q15_chain_of_4_scores_nothing():
    assert score(empty(), grid("..RR\nRR.."), CHAINS).points == 0


def test_Q15_a_chain_that_is_a_pattern_scores_both():
    result = score(empty(), grid("RRRRR"), CHAINS)
    assert keys(result) == ["line5", "chain"] and result.points == 50 + 6


def test_Q15_chain_not_scored_again_on_the_same_positions_and_colour():
    chain = grid(ZIGZAG_5)
    first = score(empty(), chain, CHAINS)
    broken = grid("....R\n..R..\nRR...")  # a square taken away: 4 left, nothing scored
    second = score(chain, broken, CHAINS, first.memory)
    assert second.points == 0
    third = score(broken, chain, CHAINS, second.memory)  # and put back
    assert third.points == 0


def test_Q15_the_same_positions_in_another_colour_score_again():
    first = score(empty(), grid(ZIGZAG_5), CHAINS)
    green = grid(ZIGZAG_5.replace("R", "G"))
    assert chain_points(score(grid(ZIGZAG_5), green, CHAINS, first.memory)) == [6]


def test_Q15_growing_a_scored_chain_does_not_score_it_again():
    first = score(empty(), grid(ZIGZAG_5), CHAINS)
    grown = grid(".....R\n....R.\n..RR..\nRR....")
    assert score(grid(ZIGZAG_5), grown, CHAINS, first.memory).points == 0


def test_Q15_a_chain_with_half_or_less_of_an_old_one_scores():
    old = grid("RRRRRR")
    first = score(empty(), old, CHAINS)
    half = grid("...RRR\nRRR...")  # keeps 3 of the old 6 squares: not more than half
    assert chain_points(score(old, half, CHAINS, first.memory)) == [12]
    more = grid("....RR\nRRRR..")  # keeps 4 of 6: more than half
    assert chain_points(score(old, more, CHAINS, first.memory)) == []


def test_Q15_chain_of_117_scores_16099_and_118_nothing():
    assert chain_points(score(empty(), snake(117), CHAINS)) == [16099]
    assert chain_points(score(empty(), snake(118), CHAINS)) == []


def test_Q15_every_table_entry_is_used():
    chains = tables()[0]
    assert min(chains) == 5 and max(chains) == 117
    for length in (6, 50, 100):
        assert chain_points(score(empty(), snake(length), CHAINS)) == [chains[length]]


# -- Q16: enclosure --------------------------------------------------------------------


def enclosure(result: MoveScore):
    found = kinds(result, "enclosure")
    assert len(found) <= 1
    return found[0] if found else None


def test_Q16_enclosure_is_off_by_default():
    assert score(empty(), grid(".R.\nRGR\n.R.")).points == 0


def test_Q16_an_enclosed_area_counts_its_tiles_squares():
    after = grid(
        """
        .R.
        RGR
        .R.
        """
    )
    result = score(empty(), after, ENCLOSURE)
    found = enclosure(result)
    assert (found.points, found.squares, found.colours) == (3, ((1, 1),), (RED,))
    assert result.memory.enclosed == 1 << (SIZE + 1)


def test_Q16_boundary_colour_inside_counts_and_empty_positions_do_not():
    after = grid(
        """
        RRRRR
        R...R
        R.R.R
        RG..R
        RRRRR
        """
    )
    found = enclosure(score(empty(), after, ENCLOSURE))
    assert found.squares == ((1, 1), (2, 2)) and found.points == 8


def test_Q16_area_with_only_the_boundary_colour_does_not_count():
    after = grid("RRRRR\nR...R\nR.R.R\nR...R\nRRRRR")
    assert enclosure(score(empty(), after, ENCLOSURE)) is None


def test_Q16_the_largest_area_is_not_enclosed():
    wall = empty()
    wall[:, 10] = RED  # left: 10×32 positions, right: 21×32
    after = grid("G.G.G", at=(2, 3), on=wall)
    after = grid("GGGGG", at=(20, 3), on=after)
    found = enclosure(score(empty(), after, ENCLOSURE))
    assert found.squares == ((2, 3), (4, 3), (6, 3)) and found.points == 16


def test_Q16_areas_tied_for_largest_are_not_enclosed():
    wall = empty()
    wall[:, 15:17] = RED  # two halves of 15×32
    after = grid("G", at=(3, 3), on=wall)
    after = grid("G", at=(25, 3), on=after)
    assert enclosure(score(empty(), after, ENCLOSURE)) is None


def test_Q16_smaller_areas_are_enclosed_when_the_largest_tie():
    wall = empty()
    wall[:, 15:17] = RED
    # A pocket of one position on each side, so the two big areas still tie.
    after = grid(".RRRR.\nRGRRGR", at=(13, 0), on=wall)
    after = grid("G", at=(3, 3), on=after)
    assert after[0, 14] == GREEN and after[0, 17] == GREEN
    found = enclosure(score(empty(), after, ENCLOSURE))
    assert found.squares == ((14, 0), (17, 0)) and found.points == 8


def test_Q16_enclosures_of_one_move_are_united_and_counted_once():
    after = grid(
        """
        BBBBB
        BRRRB
        BRGRB
        BRRRB
        BBBBB
        """
    )
    result = score(empty(), after, ENCLOSURE)
    found = enclosure(result)
    # The blue frame encloses the red ring and the green square; the red ring the green square.
    assert len(found.squares) == 9 and found.points == tables()[1][9]
    assert found.colours == (RED, BLUE)


def test_Q16_more_than_60_scores_and_records_nothing():
    wall = empty()
    wall[:, 8] = RED
    sixty_one = wall.copy()
    sixty_one[0:8, 0:8] = GREEN  # 64 squares
    sixty_one[0, 0:3] = -1  # 61 left
    result = score(empty(), sixty_one, ENCLOSURE)
    assert enclosure(result) is None and result.memory.enclosed == 0
    sixty = sixty_one.copy()
    sixty[0, 3] = -1
    assert enclosure(score(empty(), sixty, ENCLOSURE)).points == 4440


def test_Q16_area_more_than_half_enclosed_before_is_not_scored():
    ring = grid(".R.\nRGR\n.R.", at=(5, 5))
    first = score(empty(), ring, ENCLOSURE)
    assert enclosure(first).points == 3
    grown = grid("R", at=(8, 7), on=ring)  # the boundary changes, the area is the same
    assert enclosure(score(ring, grown, ENCLOSURE, first.memory)) is None


def test_Q16_area_half_enclosed_before_is_scored():
    ring = grid(".RR.\nRG.R\n.RR.", at=(5, 5))
    first = score(empty(), ring, ENCLOSURE)
    assert enclosure(first).points == 3
    more = grid(".RR.R\nRGGR.\n.RR..", at=(5, 5))  # one more green inside, the wall grows
    found = enclosure(score(ring, more, ENCLOSURE, first.memory))
    assert found.squares == ((6, 6), (7, 6)) and found.points == 8


def test_Q16_only_boundaries_with_a_changed_square_count():
    ring = grid(".R.\nRGR\n.R.")
    after = grid("Y", at=(20, 20), on=ring)
    assert score(ring, after, ENCLOSURE).points == 0


# -- the order of the patterns ---------------------------------------------------------


def test_patterns_come_one_colour_then_two_colour_then_chains_then_enclosure():
    after = grid("BBBBB\nBRRRB\nBRGRB\nBRRRB\nBBBBB")
    result = score(empty(), after, ScoringOptions(True, True, True))
    assert [p.kind for p in result.patterns] == [
        "one_colour",
        "two_colour",
        "chain",
        "chain",
        "enclosure",
    ]
    assert result.points == sum(p.points for p in result.patterns)


# -- properties ------------------------------------------------------------------------


def random_move(seed: int, fill: float, tiles: int, colours: int) -> tuple[np.ndarray, np.ndarray]:
    """A random board of tiles and the same board after `tiles` cells are re-coloured or emptied."""
    rng = np.random.default_rng(seed)
    cells = rng.random((16, 16)) < fill
    before = rng.integers(0, colours, (SIZE, SIZE)).astype(np.int8)
    before[~np.kron(cells, np.ones((2, 2), dtype=bool))] = -1
    after = before.copy()
    for _ in range(tiles):
        c, r = rng.integers(0, 16, 2)
        if rng.random() < 0.2:
            after[2 * r : 2 * r + 2, 2 * c : 2 * c + 2] = -1
        else:
            after[2 * r : 2 * r + 2, 2 * c : 2 * c + 2] = rng.integers(0, colours, (2, 2))
    return before, after


moves = st.tuples(
    st.integers(0, 2**32 - 1),
    st.sampled_from([0.2, 0.5, 0.9, 1.0]),
    st.integers(1, 8),
    st.integers(2, 4),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(move=moves, rotations=st.booleans(), chains=st.booleans(), enclosure=st.booleans())
def test_points_are_never_negative_and_a_repeated_move_scores_nothing(
    move, rotations, chains, enclosure
):
    before, after = random_move(*move)
    options = ScoringOptions(rotations, chains, enclosure)
    result = score(before, after, options)
    assert result.points >= 0
    assert all(p.points > 0 for p in result.patterns)
    assert result.points == sum(p.points for p in result.patterns)
    assert score(after, after.copy(), options, result.memory).points == 0
    assert score(before, after, options, result.memory).points == 0
    assert ScoringMemory.from_json(result.memory.as_json()) == result.memory


def test_memory_is_plain_json():
    import json

    result = score(empty(), grid("RRRR\n....\nRGGR"), ScoringOptions(True, True, True))
    data = json.loads(json.dumps(result.memory.as_json()))
    assert ScoringMemory.from_json(data) == result.memory
    assert data["one_colour"] == [[64, 65, 66, 67]]  # the red line at y = 2: squares 32·y + x
