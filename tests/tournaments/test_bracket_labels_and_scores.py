"""The pure pieces of a bracket's boxes: matches lettered in the order of play, names wrapped
to fit, and each side's score (no database)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.bracket_scores import GameTally, match_score
from tournaments.bracket_text import text_width, wrap
from tournaments.match_labels import match_label


def test_matches_are_lettered_a_to_z_then_aa():
    assert [match_label(n) for n in (0, 1, 25, 26, 27, 51, 52, 701, 702)] == [
        "A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA",
    ]  # fmt: skip


def test_every_match_of_a_large_bracket_has_a_letter_of_its_own():
    letters = [match_label(n) for n in range(2 * 1024)]
    assert len(set(letters)) == len(letters)


def test_a_position_before_the_first_match_is_refused():
    with pytest.raises(ValueError, match="counts from 0"):
        match_label(-1)


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), max_size=150))
def test_wrapped_lines_give_the_whole_name_back_and_each_fits_its_width(name):
    lines = wrap(name, 130, 13)
    assert "".join(lines) == name.strip()
    for line in lines:
        # A line is one character at least, even one wider than the line.
        # A mark to break after may hang past the end, as a space does.
        kept = line.rstrip(" _-./")
        assert len(kept) <= 1 or text_width(kept, 13) <= 130


def test_a_name_breaks_after_an_underscore_rather_than_mid_word():
    assert wrap("aleksandra_wisniewska", 100, 13) == ["aleksandra_", "wisniewska"]
    assert wrap("Winner of group A", 72, 11) == ["Winner of ", "group A"]
    assert wrap("anna", 130, 13) == ["anna"]
    # "ЮРЬЕВНА" fills the line: the underscore after it hangs rather than start the next.
    assert wrap("ЮРЬЕВНА_ЩЁКИНА", 114, 13) == ["ЮРЬЕВНА_", "ЩЁКИНА"]


ANNA, BORIS = 1, 2


def game(finished=True, winner="", score=None, red=ANNA, blue=BORIS):
    return GameTally(
        players={"red": red, "blue": blue}, score=score or {}, finished=finished, winner=winner
    )


def test_a_one_game_match_shows_the_games_own_score_by_side():
    # Boris played the first seat: the score follows the players, not the seats.
    one = [game(winner="red", score={"red": 7, "blue": 3}, red=BORIS, blue=ANNA)]
    assert match_score(one, ANNA, BORIS) == {"a": 3, "b": 7, "in": "points"}


def test_a_game_being_played_shows_its_score_so_far():
    assert match_score([game(finished=False, score={"red": 2, "blue": 0})], ANNA, BORIS) == {
        "a": 2, "b": 0, "in": "points",
    }  # fmt: skip


def test_a_replayed_match_shows_games_won_with_a_draw_as_half_each():
    games = [game(score={"red": 5, "blue": 5}), game(winner="blue", score={"red": 1, "blue": 4})]
    assert match_score(games, ANNA, BORIS) == {"a": 0.5, "b": 1.5, "in": "games"}


def test_a_match_without_a_game_has_no_score():
    assert match_score([], ANNA, BORIS) is None
    assert match_score([game(finished=False)], ANNA, BORIS) is None
