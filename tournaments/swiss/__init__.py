"""Swiss pairings by the FIDE Dutch system: plain data in, plain data out (no Django).

`pair_round(competitors, initial_seat=...)` pairs one round (Handbook C.04.3, with C.04.1
and C.04.2). Where the championship's rules differ from FIDE they win:
- the seat limits are absolute for everybody (no topscorer exception): nobody takes the
  same seat in three played games in a row, and no seat difference leaves -2..+2; so C.3
  covers every player and C.8/C.9 never apply;
- the bye is settled before the brackets: the lowest-ranked player (lowest score, then
  highest pairing number) without a bye or forfeit win whose absence leaves the others
  pairable.
Rounds without a game (None) are skipped when runs of seats are counted and when E3 looks
back for the last game in which two players' seats differed. Each bracket gets the earliest
of its best candidates in the Dutch order (B.8), its criteria C.5-C.19 and the order of
transpositions and exchanges (D.1-D.3) taken exactly; brackets.py tells how, and the one
case where C.7 is approximate.
"""

from tournaments.swiss.dutch import pair_round
from tournaments.swiss.model import (
    Bye,
    Competitor,
    Float,
    Pairing,
    PairingImpossible,
    Reason,
    RoundPairing,
    Seat,
)
from tournaments.swiss.reasons import REASON_CODES
from tournaments.swiss.seats import seat_counts_ok

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
