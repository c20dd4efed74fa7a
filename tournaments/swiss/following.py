"""C8 (C.04.3, 2026): what a floater's move is worth to the following bracket.

The following bracket is the floater with the next score group. Of one floater f the rule
asks first how many pairs that bracket can make, then its PSD: f paired is better than f
floating on (f's difference from the group is above that of any of its own floaters). So,
with N the next score group, D the players of N whom some maximum matching leaves unpaired
(Gallai-Edmonds), and ν(N + f) = ν(N) + 1 exactly when f can meet somebody in D:
  2  f can meet somebody in D: the next bracket makes one pair more;
  1  f can meet somebody of N: as many pairs, and f among them;
  0  f can meet nobody of N.
C8 of the edition in force (C8 of the 2017 text) applies to every bracket but the last,
the penultimate one included: the completion of the round (C4) is a separate, absolute
criterion, no longer a route through a penultimate bracket.
"""

from collections.abc import Sequence

from tournaments.swiss.blossoms import Blossoms
from tournaments.swiss.players import Player, can_meet

ONE_MORE_PAIR, PAIRED, UNPAIRED = 2, 1, 0


def floater_values(players: Sequence[Player], below: Sequence[Player]) -> dict[Player, int] | None:
    """Each player's value as the bracket's floater (see the module), or None when C8 does
    not apply (the last bracket) or every value is the same."""
    if not below:
        return None
    following = [p for p in below if p.points == below[0].points]
    matching = Blossoms(following)
    unpaired = matching.exposed()
    # Those an unmatched player meets give their partners to D at once (a path of two).
    near = [
        *unpaired,
        *(matching.partner(p) for p in following if any(can_meet(p, u) for u in unpaired)),
    ]
    left_out: frozenset[Player] | None = None
    values = {}
    for player in players:
        if not any(can_meet(player, p) for p in following):
            values[player] = UNPAIRED
        elif not unpaired:
            values[player] = PAIRED  # the group pairs completely: no pair more to make
        elif any(p is not None and can_meet(player, p) for p in near):
            values[player] = ONE_MORE_PAIR
        else:
            if left_out is None:
                left_out = matching.left_out()
            more = any(can_meet(player, p) for p in left_out)
            values[player] = ONE_MORE_PAIR if more else PAIRED
    if len(set(values.values())) < 2:
        return None
    return values
