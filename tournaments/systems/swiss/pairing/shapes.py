"""A bracket as the Dutch system first splits it, and what pairing it gives."""

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from tournaments.systems.swiss.pairing.players import Player


@dataclass(frozen=True)
class BracketShape:
    """The bracket's players split as C.04.3 B.2 and B.3 would first split them."""

    score: Fraction  # the residents' score
    movers: tuple[Player, ...]  # moved-down players, in rank order
    residents: tuple[Player, ...]
    # C8: what each player's floating is worth to the next bracket (following.py); None
    # when C8 does not apply or nobody's floating is worth more than another's.
    floater_values: Mapping[Player, int] | None = None
    # C8 measured exactly: the next score group, matched in one graph with the bracket
    # (its pairs with the floaters and among themselves are the next bracket's).
    following: tuple[Player, ...] = ()

    @property
    def players(self) -> tuple[Player, ...]:
        return self.movers + self.residents

    @property
    def welcome(self) -> frozenset[Player] | None:
        """The residents whose floating is worth the most to the next bracket (C8), when
        that is only some of them."""
        if not self.floater_values or not self.residents:
            return None
        best = max(self.floater_values[p] for p in self.residents)
        welcome = frozenset(p for p in self.residents if self.floater_values[p] == best)
        return welcome if len(welcome) < len(self.residents) else None


@dataclass(frozen=True)
class BracketResult:
    pairs: tuple[tuple[Player, Player], ...]
    floaters: tuple[Player, ...]  # left unpaired: they move down to the next bracket
