"""Snake seeding and Berger round-robin schedules (pure functions, no database)."""

import json
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from tournaments.systems.groups.pairing import (
    berger_rounds,
    group_count_for,
    round_robin,
    snake_groups,
)

FIDE_TABLES = Path(__file__).parent / "data" / "fide-berger-tables.json"


Tables = dict[str, dict[str, list[list[int]]]]


def fide_table(tables: Tables, players: int) -> list[list[list[int]]]:
    # The file stores only even counts plus 3; FIDE itself pairs an odd count with the next
    # even table, so that is the published table for the missing odd counts.
    table = tables.get(str(players)) or tables[str(players + players % 2)]
    return [table[str(number)] for number in range(1, len(table) + 1)]


@pytest.fixture(scope="module")
def published() -> Tables:
    return json.loads(FIDE_TABLES.read_text())


def real_games(players: int) -> list[list[tuple[int, int]]]:
    """Berger rounds for `players` with the bye pairs removed."""
    return [
        [(white, black) for white, black in pairs if max(white, black) <= players]
        for pairs in berger_rounds(players)
    ]


# Snake seeding


def test_snake_seeding_16_into_4_groups():
    assert snake_groups(range(1, 17), 4) == [
        [1, 8, 9, 16],
        [2, 7, 10, 15],
        [3, 6, 11, 14],
        [4, 5, 12, 13],
    ]


def test_snake_seeding_10_into_3_groups_differs_by_at_most_one():
    groups = snake_groups(list(range(1, 11)), 3)
    # Seed 10 opens a fourth, right-to-left row, so it joins the group that took seed 9.
    assert groups == [[1, 6, 7], [2, 5, 8], [3, 4, 9, 10]]


@pytest.mark.parametrize("players", range(1, 30))
def test_snake_groups_keep_every_player_once_and_sizes_within_one(players):
    for group_count in range(1, players + 1):
        groups = snake_groups(list(range(players)), group_count)
        assert len(groups) == group_count
        assert sorted(player for group in groups for player in group) == list(range(players))
        sizes = [len(group) for group in groups]
        assert max(sizes) - min(sizes) <= 1


def test_snake_groups_work_on_any_objects():
    assert snake_groups(["ann", "bob", "cid"], 2) == [["ann"], ["bob", "cid"]]


def test_snake_groups_one_group_keeps_seed_order():
    assert snake_groups("abcd", 1) == [["a", "b", "c", "d"]]


@pytest.mark.parametrize("group_count", [0, -1])
def test_snake_groups_reject_fewer_than_one_group(group_count):
    with pytest.raises(ValueError, match="at least 1"):
        snake_groups([1, 2, 3], group_count)


def test_snake_groups_reject_more_groups_than_players():
    with pytest.raises(ValueError, match="cannot make 4 groups from 3 players"):
        snake_groups([1, 2, 3], 4)


# Berger tables against the published FIDE data


def test_fide_data_file_covers_what_the_comparison_relies_on(published):
    assert {"2", "3", "4", "6", "8", "10", "12", "14", "16"} <= published.keys()


@pytest.mark.parametrize("players", range(2, 17))
def test_berger_tables_match_fide_for_2_to_16(published, players):
    expected = fide_table(published, players)
    generated = berger_rounds(players)
    assert len(generated) == len(expected)
    for number, (ours, theirs) in enumerate(zip(generated, expected, strict=True), start=1):
        assert len(ours) == len(theirs), f"round {number}"
        for board, (pair, published_pair) in enumerate(zip(ours, theirs, strict=True), start=1):
            assert list(pair) == published_pair, f"round {number}, board {board}"


def test_berger_odd_count_keeps_the_bye_position_in_place():
    assert berger_rounds(3) == [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]


@pytest.mark.parametrize("players", [1, 0, -3])
def test_berger_rejects_fewer_than_two_players(players):
    with pytest.raises(ValueError, match="at least 2 players"):
        berger_rounds(players)


# Berger properties


@pytest.mark.parametrize("players", range(2, 21))
def test_berger_round_and_board_counts(players):
    size = players + players % 2
    rounds = berger_rounds(players)
    assert len(rounds) == size - 1
    assert all(len(pairs) == size // 2 for pairs in rounds)


@pytest.mark.parametrize("players", range(2, 21))
def test_berger_every_pair_meets_exactly_once(players):
    meetings = Counter(frozenset(pair) for pairs in real_games(players) for pair in pairs)
    assert set(meetings) == {frozenset(pair) for pair in combinations(range(1, players + 1), 2)}
    assert set(meetings.values()) == {1}


@pytest.mark.parametrize("players", range(2, 21))
def test_berger_each_player_appears_at_most_once_per_round(players):
    size = players + players % 2
    for pairs in berger_rounds(players):
        seated = [position for pair in pairs for position in pair]
        # Counting the bye position, every slot of the even table is filled exactly once.
        assert sorted(seated) == list(range(1, size + 1))


@pytest.mark.parametrize("players", range(2, 21))
def test_berger_colours_follow_fide_balance(players):
    # In the FIDE tables an odd count gives everyone as many whites as blacks; an even count
    # gives the top half of the positions one extra white and the bottom half one extra black.
    whites: Counter[int] = Counter()
    blacks: Counter[int] = Counter()
    for pairs in real_games(players):
        for white, black in pairs:
            whites[white] += 1
            blacks[black] += 1
    for position in range(1, players + 1):
        balance = whites[position] - blacks[position]
        expected = 0 if players % 2 else (1 if position <= players // 2 else -1)
        assert balance == expected, f"position {position}"


@pytest.mark.parametrize("players", range(3, 21, 2))
def test_berger_odd_count_gives_each_player_exactly_one_bye(players):
    bye = players + 1
    byes: Counter[int] = Counter()
    for pairs in berger_rounds(players):
        in_bye = [white + black - bye for white, black in pairs if bye in (white, black)]
        assert len(in_bye) == 1
        byes.update(in_bye)
    assert byes == Counter({position: 1 for position in range(1, players + 1)})


# Round robin over real players


def test_round_robin_odd_count_gives_named_byes_with_player_first():
    names = ["ann", "bob", "cid"]
    assert round_robin(names) == [
        [("ann", None), ("bob", "cid")],
        [("cid", None), ("ann", "bob")],
        [("bob", None), ("cid", "ann")],
    ]


@pytest.mark.parametrize("players", range(3, 21, 2))
def test_round_robin_odd_count_gives_each_player_one_bye(players):
    names = [f"player-{index}" for index in range(1, players + 1)]
    byes = [first for games in round_robin(names) for first, second in games if second is None]
    assert sorted(byes) == sorted(names)


@pytest.mark.parametrize("players", range(2, 21))
def test_round_robin_uses_the_berger_positions(players):
    names = [f"player-{index}" for index in range(1, players + 1)]
    for games, pairs in zip(round_robin(names), berger_rounds(players), strict=True):
        for game, (white, black) in zip(games, pairs, strict=True):
            if max(white, black) > players:
                assert game == (names[min(white, black) - 1], None)
            else:
                assert game == (names[white - 1], names[black - 1])


def test_round_robin_even_count_has_no_byes():
    assert all(second is not None for games in round_robin("abcd") for _, second in games)


def test_round_robin_rejects_a_single_player():
    with pytest.raises(ValueError):
        round_robin(["ann"])


# Group count


@pytest.mark.parametrize(
    ("entrants", "group_size", "expected"),
    [(16, 4, 4), (17, 4, 5), (3, 4, 1), (0, 4, 1), (1, 1, 1), (10, 3, 4), (12, 6, 2)],
)
def test_group_count_for_rounds_up_and_is_at_least_one(entrants, group_size, expected):
    assert group_count_for(entrants, group_size) == expected


def test_group_count_for_rejects_bad_arguments():
    with pytest.raises(ValueError, match="group_size"):
        group_count_for(10, 0)
    with pytest.raises(ValueError, match="entrants"):
        group_count_for(-1, 4)
