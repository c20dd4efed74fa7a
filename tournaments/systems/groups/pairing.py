"""Seeding into groups and round-robin (Berger) schedules, as pure functions."""

import string
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def snake_groups(seeded: Sequence[T], group_count: int) -> list[list[T]]:
    """Deal players in seed order (best first) into groups, reversing direction every row."""
    if group_count < 1:
        raise ValueError(f"group_count must be at least 1, got {group_count}")
    if group_count > len(seeded):
        raise ValueError(
            f"cannot make {group_count} groups from {len(seeded)} players: "
            "every group needs at least one player"
        )
    groups: list[list[T]] = [[] for _ in range(group_count)]
    for index, player in enumerate(seeded):
        row, column = divmod(index, group_count)
        # Odd rows run backwards so the strongest groups of one row get the weakest of the next.
        target = column if row % 2 == 0 else group_count - 1 - column
        groups[target].append(player)
    return groups


def berger_rounds(player_count: int) -> list[list[tuple[int, int]]]:
    """FIDE Berger tables (Handbook C.05 Annex 1): per round, (white, black) pairs of positions.

    An odd count uses the table of the next even count; the pair holding that extra
    position is the round's bye and is left in place.
    """
    if player_count < 2:
        raise ValueError(f"a round robin needs at least 2 players, got {player_count}")
    size = player_count + player_count % 2
    last = size  # position fixed on the first board; every other position rotates
    rotating = size - 1
    half = size // 2

    def position(offset: int) -> int:
        return (offset - 1) % rotating + 1

    rounds: list[list[tuple[int, int]]] = []
    for round_index in range(rotating):
        pivot = position(round_index * half + 1)
        # The fixed position takes black in odd rounds and white in even ones.
        first_board = (pivot, last) if round_index % 2 == 0 else (last, pivot)
        boards = [first_board]
        for step in range(1, half):
            boards.append((position(pivot + step), position(pivot - step)))
        rounds.append(boards)
    return rounds


def round_robin(players: Sequence[T]) -> list[list[tuple[T, T | None]]]:
    """Berger schedule over real players; a bye is `(player, None)`."""
    count = len(players)
    schedule: list[list[tuple[T, T | None]]] = []
    for pairs in berger_rounds(count):
        games: list[tuple[T, T | None]] = []
        for white, black in pairs:
            if black > count:
                games.append((players[white - 1], None))
            elif white > count:
                games.append((players[black - 1], None))
            else:
                games.append((players[white - 1], players[black - 1]))
        schedule.append(games)
    return schedule


def group_count_for(entrants: int, group_size: int) -> int:
    """Number of groups of about `group_size` needed to hold `entrants` (at least one)."""
    if group_size < 1:
        raise ValueError(f"group_size must be at least 1, got {group_size}")
    if entrants < 0:
        raise ValueError(f"entrants cannot be negative, got {entrants}")
    return max(1, -(-entrants // group_size))


def group_sizes(entrants: int, group_size: int) -> list[int]:
    """How many players each group of a start with `entrants` holds, in group order."""
    if entrants < 1:
        return []
    count = group_count_for(entrants, group_size)
    return [len(group) for group in snake_groups(range(entrants), count)]


def group_name(order: int) -> str:
    """A, B, ... Z, AA, AB, ...: spreadsheet-style names for any number of groups."""
    name = ""
    order += 1
    while order:
        order, rest = divmod(order - 1, 26)
        name = string.ascii_uppercase[rest] + name
    return name
