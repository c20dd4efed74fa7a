"""Who takes the first seat in a pair: the colour allocation rules E1-E5 of C.04.3, within
the absolute seat limits but for a final round's topscorers."""

from tournaments.systems.swiss.pairing.model import Reason, Seat
from tournaments.systems.swiss.pairing.players import Player
from tournaments.systems.swiss.pairing.reasons import reason
from tournaments.systems.swiss.pairing.seats import Strength, other, seat_difference

STRENGTH_NAMES = {1: "mild", 2: "strong", 3: "absolute"}


def allocate_seats(a: Player, b: Player, initial_seat: Seat) -> tuple[Player, Player, Reason]:
    """(first, second, the rule that decided) for a pair that `can_meet`."""
    higher, lower = (a, b) if a.rank < b.rank else (b, a)

    def give(player: Player, seat: Seat) -> tuple[Player, Player]:
        partner = lower if player is higher else higher
        return (player, partner) if seat == "first" else (partner, player)

    def wish_granted(
        player: Player, opponent: Player, code: str, **detail
    ) -> tuple[Player, Player, Reason]:
        """`player` gets the seat they want, for the reason `code`."""
        assert player.preference is not None
        first, second = give(player, player.preference)
        why = reason(code, player=player.id, seat=player.preference, opponent=opponent.id, **detail)
        return first, second, why

    if higher.preference and lower.preference and higher.preference != lower.preference:
        first, second = give(higher, higher.preference)
        return first, second, reason("seat_both_preferences", first=first.id, second=second.id)
    if higher.strength == lower.strength == Strength.ABSOLUTE and abs(
        seat_difference(higher.played)
    ) != abs(seat_difference(lower.played)):
        # Only a final round's topscorer meets a player due the same seat absolutely: the
        # wider seat difference gets its seat (E2).
        wider, narrower = sorted((higher, lower), key=lambda p: -abs(seat_difference(p.played)))
        return wish_granted(wider, narrower, "seat_wider_difference")
    if higher.strength != lower.strength:
        stronger, weaker = (higher, lower) if higher.strength > lower.strength else (lower, higher)
        return wish_granted(
            stronger, weaker, "seat_stronger_preference", strength=STRENGTH_NAMES[stronger.strength]
        )
    if higher.preference is not None:
        # Same seat wanted with the same strength (two absolute wishes never meet).
        for back in range(1, min(len(higher.played), len(lower.played)) + 1):
            had = higher.played[-back]
            if had != lower.played[-back]:
                first, second = give(higher, other(had))
                return (
                    first,
                    second,
                    reason(
                        "seat_alternate_last_difference",
                        first=first.id,
                        second=second.id,
                        games_back=back,
                    ),
                )
        first, second = give(higher, higher.preference)
        return (
            first,
            second,
            reason("seat_higher_ranked_preference", player=higher.id, seat=higher.preference),
        )
    seat = initial_seat if higher.pairing_number % 2 == 1 else other(initial_seat)
    first, second = give(higher, seat)
    return (
        first,
        second,
        reason(
            "seat_initial_by_pairing_number",
            player=higher.id,
            pairing_number=higher.pairing_number,
            seat=seat,
            initial_seat=initial_seat,
        ),
    )
