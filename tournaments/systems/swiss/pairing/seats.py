"""Seat history: the absolute seat limits, colour (seat) preferences and their strength."""

from collections.abc import Sequence
from enum import IntEnum

from tournaments.systems.swiss.pairing.model import Seat

SEATS: tuple[Seat, Seat] = ("first", "second")
# A player's seat difference (firsts minus seconds) must stay within this bound.
MAX_DIFFERENCE = 2


class Strength(IntEnum):
    """How much a player wants their preferred seat; absolute means the other is forbidden."""

    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


def other(seat: Seat) -> Seat:
    return "second" if seat == "first" else "first"


def step(seat: Seat) -> int:
    return 1 if seat == "first" else -1


def played_seats(seats: Sequence[Seat | None]) -> tuple[Seat, ...]:
    """The seats of the games actually played; a round without a game does not count."""
    return tuple(seat for seat in seats if seat is not None)


def seat_difference(seats: Sequence[Seat | None]) -> int:
    return sum(step(seat) for seat in played_seats(seats))


def allowed_seats(seats: Sequence[Seat | None]) -> frozenset[Seat]:
    """The seats a player may take next without breaking an absolute seat limit."""
    played = played_seats(seats)
    difference = sum(step(seat) for seat in played)
    allowed = set()
    for seat in SEATS:
        # "In a row" counts played games: a round without a game does not break a run.
        third_in_a_row = len(played) >= 2 and played[-1] == played[-2] == seat
        if abs(difference + step(seat)) <= MAX_DIFFERENCE and not third_in_a_row:
            allowed.add(seat)
    return frozenset(allowed)


def seat_counts_ok(seats: Sequence[Seat | None]) -> bool:
    """True when no prefix of the history breaks the absolute seat limits."""
    played = played_seats(seats)
    difference = 0
    for index, seat in enumerate(played):
        difference += step(seat)
        if abs(difference) > MAX_DIFFERENCE:
            return False
        if index >= 2 and played[index - 2] == played[index - 1] == seat:
            return False
    return True


def preference(seats: Sequence[Seat | None]) -> tuple[Seat | None, Strength]:
    """The seat a player should ideally get next and how strongly (C.04.3: absolute,
    strong, mild)."""
    played = played_seats(seats)
    if not played:
        return None, Strength.NONE
    allowed = allowed_seats(seats)
    if len(allowed) == 1:
        (only,) = allowed
        return only, Strength.ABSOLUTE
    difference = sum(step(seat) for seat in played)
    if difference > 0:
        return "second", Strength.STRONG
    if difference < 0:
        return "first", Strength.STRONG
    return other(played[-1]), Strength.MILD
