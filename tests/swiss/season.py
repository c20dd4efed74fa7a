"""A whole Swiss played out with random results, for the property tests."""

import random
from dataclasses import dataclass, field, replace
from fractions import Fraction

from tournaments.systems.swiss.pairing import Competitor, RoundPairing, Seat

WIN, DRAW = Fraction(1), Fraction(1, 2)


@dataclass
class Season:
    """The running state of a Swiss: competitors by id and the rounds paired so far."""

    competitors: dict[str, Competitor] = field(default_factory=dict)
    rounds_played: int = 0
    next_number: int = 1

    def enter(self, count: int, points: Fraction = Fraction(0)) -> list[str]:
        """Add players; a late entrant gets `points` for the rounds missed and no seat in them."""
        ids = []
        for _ in range(count):
            number = self.next_number
            self.next_number += 1
            player_id = f"p{number}"
            self.competitors[player_id] = Competitor(
                id=player_id,
                pairing_number=number,
                points=points,
                opponents=frozenset(),
                seats=(None,) * self.rounds_played,
                floats=(None,) * self.rounds_played,
                had_bye=False,
            )
            ids.append(player_id)
        return ids

    def withdraw(self, player_id: str) -> None:
        del self.competitors[player_id]

    def play(self, round_pairing: RoundPairing, chooser: random.Random) -> None:
        """Record the round with random results (wins, draws, losses)."""
        updates: dict[str, tuple[Fraction, str | None, Seat | None, str | None]] = {}
        for pairing in round_pairing.pairings:
            outcome = chooser.choice((WIN, DRAW, Fraction(0)))
            updates[pairing.first] = (
                outcome,
                pairing.second,
                "first",
                pairing.floats.get(pairing.first),
            )
            updates[pairing.second] = (
                WIN - outcome,
                pairing.first,
                "second",
                pairing.floats.get(pairing.second),
            )
        if round_pairing.bye is not None:
            updates[round_pairing.bye.player] = (WIN, None, None, "down")
        for player_id, competitor in list(self.competitors.items()):
            gained, opponent, seat, float_ = updates.get(player_id, (Fraction(0), None, None, None))
            self.competitors[player_id] = replace(
                competitor,
                points=competitor.points + gained,
                opponents=competitor.opponents | ({opponent} if opponent else set()),
                seats=(*competitor.seats, seat),
                floats=(*competitor.floats, float_),
                had_bye=competitor.had_bye
                or (round_pairing.bye is not None and round_pairing.bye.player == player_id),
            )
        self.rounds_played += 1
