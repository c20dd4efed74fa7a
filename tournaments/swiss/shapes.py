"""A bracket as the Dutch system first splits it, and what pairing it gives."""

from dataclasses import dataclass
from fractions import Fraction

from tournaments.swiss.players import Player


@dataclass(frozen=True)
class BracketShape:
    """The bracket's players split as C.04.3 B.2 and B.3 would first split them."""

    score: Fraction  # the residents' score
    movers: tuple[Player, ...]  # moved-down players, in rank order
    residents: tuple[Player, ...]
    # C.7 in part: the residents who could meet somebody in the next score group, when
    # only some could; a floater from among them may be paired in the next bracket.
    welcome: frozenset[Player] | None = None
    # The residents left for the remainder once the movers are paired, when known.
    remainder: tuple[Player, ...] | None = None

    @property
    def players(self) -> tuple[Player, ...]:
        return self.movers + self.residents


@dataclass(frozen=True)
class BracketResult:
    pairs: tuple[tuple[Player, Player], ...]
    floaters: tuple[Player, ...]  # left unpaired: they move down to the next bracket
