"""The pairing-allocated bye (PAB) as the edition settles it: inside the pairing, not first.

Of an odd field one player is left unpaired and gets the PAB (C.04.1 Article 3). Who may
get it (C2): nobody who had a PAB already or scored a win's points without playing (a
forfeit win). The round must be completable with it (C4), its score as low as possible
(C5), and among those of that score the fewest rounds without a game (C9); the rest is
the ordinary pairing of the brackets: seats, floats and the Dutch order decide among
players the criteria above leave equal.

The bye takes part in the pairing as a stand-in player, `pab_seat`, who ranks below
everybody and can "meet" exactly the players allowed to take the bye: a completion check
that pairs the stand-in with somebody gives that player the bye. So the lowest bracket's
leftover is the bye, chosen by the same criteria as every pairing.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from tournaments.systems.swiss.pairing.completion import can_complete
from tournaments.systems.swiss.pairing.model import Competitor, PairingImpossible
from tournaments.systems.swiss.pairing.players import Player
from tournaments.systems.swiss.pairing.seats import SEATS, Strength

PAB_ID = "\x00pairing-allocated-bye"


def may_take_pab(player: Player) -> bool:
    """C2: no second PAB, nor a PAB after a win's points scored without playing."""
    return not player.competitor.had_bye


@dataclass(frozen=True)
class Pab:
    """What the round's pairing knows of its bye before the brackets are paired."""

    score: Fraction  # C5: the lowest score a bye can have with the round completable
    seat: Player  # the stand-in the bye's taker is paired with in completion checks
    candidates: frozenset[Player]  # who may take it: allowed (C2) and of that score

    def leftover_values(self, players: Sequence[Player]) -> dict[Player, int]:
        """C9: the fewer rounds without a game, the better a player takes the bye; 0 for a
        player who cannot take it."""
        most = max((p.unplayed for p in players if p in self.candidates), default=0)
        return {p: 1 + most - p.unplayed if p in self.candidates else 0 for p in players}


def pab_seat(players: list[Player], candidates: frozenset[Player]) -> Player:
    """The bye's stand-in: below everybody, able to meet exactly `candidates`."""
    lowest = min((p.points for p in players), default=Fraction(0))
    competitor = Competitor(
        id=PAB_ID,
        pairing_number=max((p.pairing_number for p in players), default=0) + 1,
        points=lowest - 1,
        opponents=frozenset(p.id for p in players if p not in candidates),
        seats=(),
        floats=(),
        had_bye=True,
    )
    return Player(
        competitor=competitor,
        rank=len(players),
        played=(),
        allowed=frozenset(SEATS),
        preference=None,
        strength=Strength.NONE,
        last_float=None,
        float_before=None,
        is_pab=True,
    )


def settle_pab(players: list[Player]) -> Pab:
    """C4 and C5 for an odd field: the lowest score from which a player allowed the bye
    (C2) can take it with everybody else pairable. Raises PairingImpossible when none."""
    allowed = [p for p in players if may_take_pab(p)]
    for score in sorted({p.points for p in allowed}):
        candidates = frozenset(p for p in allowed if p.points == score)
        seat = pab_seat(players, candidates)
        if can_complete([*players, seat]):
            return Pab(score, seat, candidates)
    raise PairingImpossible(
        "no player can take the bye and leave the others pairable without a repeated "
        "opponent, a second bye or a seat outside its limits"
    )
