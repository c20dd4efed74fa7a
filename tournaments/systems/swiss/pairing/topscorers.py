"""The final round's topscorers (C.04.3: over half the most points possible): they may meet
a player due the same seat absolutely (C3), and the criteria C10 and C11 count what that
costs: a seat difference beyond -2..+2, or the same seat a third time in a row, for a
topscorer or their opponent."""

from tournaments.systems.swiss.pairing.allocation import allocate_seats
from tournaments.systems.swiss.pairing.players import Player
from tournaments.systems.swiss.pairing.seats import Strength, seat_difference


def seat_limit_failures(a: Player, b: Player) -> tuple[int, int]:
    """(C10, C11) for the pair: the players it gives a seat difference beyond two, and the
    players it gives the same seat three times in a row, with seats as E1-E5 give them."""
    if not (
        a.strength == b.strength == Strength.ABSOLUTE
        and a.preference == b.preference
        and (a.topscorer or b.topscorer)
    ):
        return 0, 0
    first, second, _ = allocate_seats(a, b, "first")
    wide = runs = 0
    for player, seat in ((first, "first"), (second, "second")):
        history = (*player.played, seat)
        wide += abs(seat_difference(history)) > 2
        runs += len(history) >= 3 and history[-1] == history[-2] == history[-3]
    return wide, runs
