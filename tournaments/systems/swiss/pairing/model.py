"""The plain data a Swiss round is paired from and into."""

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

Seat = Literal["first", "second"]
Float = Literal["up", "down"]


@dataclass(frozen=True)
class Competitor:
    """One player as the pairing sees them before a round."""

    id: str
    pairing_number: int  # 1 = top of the initial ranking; unique
    points: Fraction
    opponents: frozenset[str]  # may not be met again
    seats: tuple[Seat | None, ...]  # one per past round; None: no game that round
    floats: tuple[Float | None, ...]  # one per past round; "down" also for a bye or forfeit win
    had_bye: bool  # has had a pairing-allocated bye or a forfeit win


@dataclass(frozen=True)
class Reason:
    """Why the pairing did something; `code` is one of REASON_CODES."""

    code: str
    params: Mapping[str, str]


@dataclass(frozen=True)
class Pairing:
    first: str  # plays the first seat
    second: str
    board: int  # 1.. in board order, higher scores first
    score_group: Fraction  # the score of the bracket the pair was made in
    floats: Mapping[str, Float]  # who floated to make this pair
    reasons: tuple[Reason, ...]


@dataclass(frozen=True)
class Bye:
    player: str
    reasons: tuple[Reason, ...]


@dataclass(frozen=True)
class RoundPairing:
    pairings: tuple[Pairing, ...]
    bye: Bye | None


class PairingImpossible(Exception):
    """No pairing of the round satisfies the absolute criteria."""
