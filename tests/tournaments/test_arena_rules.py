"""The Arena's pure rules: the points of each game (streaks, berserk, early draws) and
one pairing wave of the entrants free at once."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.systems.arena.scoring import ArenaGame, scored_games, tally
from tournaments.systems.arena.waves import pairing_wave

EARLY = 10


def games(*outcomes: str, berserk: bool = False, moves: int = 40) -> list[ArenaGame]:
    return [ArenaGame(outcome, moves, berserk) for outcome in outcomes]


def points(played: list[ArenaGame]) -> list[int]:
    return [item.points for item in scored_games(played, EARLY)]


def test_a_win_is_two_a_draw_one_a_loss_nothing():
    assert points(games("win", "draw", "loss")) == [2, 1, 0]


def test_after_two_wins_in_a_row_each_game_counts_double_until_one_is_not_won():
    assert points(games("win", "win", "win", "win", "draw", "win")) == [2, 2, 4, 4, 2, 2]
    assert points(games("win", "win", "loss", "win", "win", "win")) == [2, 2, 0, 2, 2, 4]


def test_a_draw_in_the_first_moves_scores_nothing_and_ends_the_streak():
    played = [*games("win", "win"), ArenaGame("draw", EARLY - 1), *games("win")]
    assert points(played) == [2, 2, 0, 2]
    assert points([ArenaGame("draw", EARLY)]) == [1]


def test_berserk_adds_a_point_to_a_win_only():
    assert points(games("win", "draw", "loss", berserk=True)) == [3, 1, 0]
    assert points(games("win", "win", "win", berserk=True)) == [3, 3, 5]


def test_the_tally_counts_the_streak_at_the_end():
    result = tally(games("loss", "win", "win", "win"), EARLY)
    assert (result.points, result.won, result.lost, result.streak, result.on_streak) == (
        8,
        3,
        1,
        3,
        True,
    )


game_records = st.lists(
    st.builds(
        ArenaGame,
        st.sampled_from(["win", "draw", "loss"]),
        st.integers(0, 80),
        st.booleans(),
    ),
    max_size=30,
)


@given(game_records)
def test_every_game_scores_within_its_bounds_and_the_total_adds_up(played):
    scored = scored_games(played, EARLY)
    for item in scored:
        low, high = {"win": (2, 5), "draw": (0, 2), "loss": (0, 0)}[item.game.outcome]
        assert low <= item.points <= high
    assert tally(played, EARLY).points == sum(item.points for item in scored)


@given(game_records)
def test_a_game_counts_double_exactly_after_two_wins_in_a_row(played):
    for index, item in enumerate(scored_games(played, EARLY)):
        before = [game.outcome for game in played[:index]]
        assert item.on_streak == (before[-2:] == ["win", "win"] and len(before) >= 2)


# -- pairing waves ---------------------------------------------------------------------


@st.composite
def waves(draw):
    """Free entrants in standings order and a last opponent for some of them (each has one
    at most, and it is mutual)."""
    players = draw(st.lists(st.integers(0, 500), unique=True, max_size=40))
    shuffled = draw(st.permutations(players))
    last = {}
    for a, b in zip(shuffled[::2], shuffled[1::2], strict=False):
        if draw(st.booleans()):
            last[a], last[b] = b, a
    freed_last = draw(st.sampled_from(players)) if players else None
    return players, last, freed_last


@given(waves())
def test_a_wave_pairs_everyone_once_and_at_most_one_waits(wave):
    free, last, freed_last = wave
    pairs, waiting = pairing_wave(free, last, freed_last=freed_last)
    paired = [player for pair in pairs for player in pair]
    assert len(paired) == len(set(paired))
    assert set(paired) | ({waiting} - {None}) == set(free)
    assert (waiting is None) == (len(free) % 2 == 0)
    if waiting is not None:
        assert waiting == freed_last


@given(waves())
def test_nobody_meets_their_last_opponent_while_someone_else_is_free(wave):
    free, last, freed_last = wave
    pairs, _waiting = pairing_wave(free, last, freed_last=freed_last)
    rematches = [pair for pair in pairs if last.get(pair[0]) == pair[1]]
    # A rematch only where every other way of pairing the wave would need one too: the
    # only two free are each other's last opponents.
    assert not rematches or len(pairs) == 1, (free, last, pairs)


def test_a_wave_pairs_neighbours_in_the_standings():
    pairs, waiting = pairing_wave(["a", "b", "c", "d"], {})
    assert (pairs, waiting) == ([("a", "b"), ("c", "d")], None)


def test_the_opponent_just_played_is_passed_for_the_next_one_down():
    pairs, _ = pairing_wave(["a", "b", "c", "d"], {"a": "b", "b": "a"})
    assert pairs == [("a", "c"), ("b", "d")]


def test_two_who_just_met_and_are_alone_free_meet_again():
    assert pairing_wave(["a", "b"], {"a": "b", "b": "a"}) == ([("a", "b")], None)


def test_an_entrant_free_twice_is_refused():
    with pytest.raises(ValueError, match="free twice"):
        pairing_wave(["a", "a"], {})
