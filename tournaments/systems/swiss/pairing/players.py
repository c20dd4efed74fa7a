"""What the pairing derives from a competitor once per round."""

from dataclasses import dataclass
from fractions import Fraction

from tournaments.systems.swiss.pairing.model import Competitor, Float, Seat
from tournaments.systems.swiss.pairing.seats import (
    SEATS,
    Strength,
    allowed_seats,
    played_seats,
    preference,
)


@dataclass(frozen=True, eq=False)
class Player:
    competitor: Competitor
    rank: int  # 0 is the top of the round's order: score, then pairing number (1.2)
    played: tuple[Seat, ...]
    allowed: frozenset[Seat]
    preference: Seat | None
    strength: Strength
    last_float: Float | None  # the float of the previous round
    float_before: Float | None  # the float of two rounds before
    unplayed: int = 0  # rounds without a game: absences, byes, forfeits (C9)
    is_pab: bool = False  # the pairing-allocated bye's stand-in, not a player (byes.py)
    topscorer: bool = False  # the final round's topscorer: no seat limit binds them (C3)

    @property
    def id(self) -> str:
        return self.competitor.id

    @property
    def points(self) -> Fraction:
        return self.competitor.points

    @property
    def pairing_number(self) -> int:
        return self.competitor.pairing_number


def ranked_players(
    competitors: list[Competitor], topscorers_over: Fraction | None = None
) -> list[Player]:
    """The players in the round's order (C.04.3 1.2): higher score first, then pairing number.

    `topscorers_over`, given when the final round is paired, is half the most points a
    player could have: those above it are topscorers, whom no seat limit binds (C3)."""
    ordered = sorted(competitors, key=lambda c: (-c.points, c.pairing_number))
    players = []
    for rank, competitor in enumerate(ordered):
        wanted, strength = preference(competitor.seats)
        floats = competitor.floats
        topscorer = topscorers_over is not None and competitor.points > topscorers_over
        players.append(
            Player(
                competitor=competitor,
                rank=rank,
                played=played_seats(competitor.seats),
                allowed=frozenset(SEATS) if topscorer else allowed_seats(competitor.seats),
                preference=wanted,
                strength=strength,
                last_float=floats[-1] if floats else None,
                float_before=floats[-2] if len(floats) >= 2 else None,
                unplayed=sum(seat is None for seat in competitor.seats),
                topscorer=topscorer,
            )
        )
    return players


def can_meet(a: Player, b: Player) -> bool:
    """The absolute criteria for a pair: not met before (C1), and a seat for each within
    limits (C3): two players due the same seat absolutely meet only if one is a topscorer
    of the final round, who then may take either."""
    if b.id in a.competitor.opponents or a.id in b.competitor.opponents:
        return False
    return any(
        seat in a.allowed and partner in b.allowed
        for seat, partner in (("first", "second"), ("second", "first"))
    )


def seat_conflict(a: Player, b: Player) -> bool:
    """Both want the same seat, so one of them will not get it (C12)."""
    return a.preference is not None and a.preference == b.preference


def strong_seat_conflict(a: Player, b: Player) -> bool:
    """One of the two loses a strong preference (C13): both want the same seat strongly."""
    return seat_conflict(a, b) and min(a.strength, b.strength) >= Strength.STRONG
