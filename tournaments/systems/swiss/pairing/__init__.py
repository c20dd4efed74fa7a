"""Swiss pairings by the FIDE Dutch system: plain data in, plain data out (no Django).

`pair_round(competitors, initial_seat=...)` pairs one round by the edition edition.py
names: C.04.3 in force from 1 February 2026, with C.04.1 and C.04.2 of the same revision.
The seat limits are absolute (C3): nobody takes the same seat in three played games in a
row, and no seat difference leaves -2..+2; only in the final round may a topscorer (over
half the most points possible, `topscorers_over`) meet a player due the same seat, the
pairing breaking the fewest limits (C10, C11; topscorers.py).
In an odd field the bye is part of the pairing (byes.py): its score is settled first (C4,
C5), and the lowest bracket's leftover takes it, chosen by C9 and the criteria below it.
Rounds without a game (None) are skipped when runs of seats are counted and when E3 looks
back for the last game in which two players' seats differed. Each bracket gets the earliest
of its best candidates in the Dutch order (B.8), its criteria C6-C21 and the order of
transpositions and exchanges (D.1-D.3) taken exactly; brackets.py tells how, and the one
case where C8 is approximate.
"""

from tournaments.systems.swiss.pairing.dutch import pair_round
from tournaments.systems.swiss.pairing.model import (
    Bye,
    Competitor,
    Float,
    Pairing,
    PairingImpossible,
    Reason,
    RoundPairing,
    Seat,
)
from tournaments.systems.swiss.pairing.reasons import REASON_CODES
from tournaments.systems.swiss.pairing.seats import seat_counts_ok

__all__ = [
    "REASON_CODES",
    "Bye",
    "Competitor",
    "Float",
    "Pairing",
    "PairingImpossible",
    "Reason",
    "RoundPairing",
    "Seat",
    "pair_round",
    "seat_counts_ok",
]
