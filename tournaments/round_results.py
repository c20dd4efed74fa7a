"""What one round gave each player, as plain data: the result of a game, a forfeit, a bye
or an absence in game points (1, 1/2, 0), read the same by the Swiss's tie-breaks and by
every crosstable."""

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from tournaments.tiebreaks import exact

Kind = Literal["played", "forfeit_win", "forfeit_loss", "pairing_bye", "absent", "both_lost"]


HALF = Fraction(1, 2)


GAME_SCORES = (Fraction(0), HALF, Fraction(1))


# The result each kind may carry, and whether it needs an opponent (the scheduled one, for
# forfeits). An absence scoring 1/2 is a half-point bye, scoring 1 a full-point bye.
_KIND_RULES: dict[str, tuple[tuple[Fraction, ...], bool]] = {
    "played": (GAME_SCORES, True),
    "forfeit_win": ((Fraction(1),), True),
    "forfeit_loss": ((Fraction(0),), True),
    "both_lost": ((Fraction(0),), True),
    "pairing_bye": (GAME_SCORES, False),
    "absent": (GAME_SCORES, False),
}


@dataclass(frozen=True)
class RoundResult:
    """One round of one player: the game, forfeit, bye or absence and the game points it gave."""

    round: int
    player: str
    opponent: str | None  # None: no opponent (bye, absent, not yet entered)
    score: Fraction  # 1, 1/2, 0 in game points
    kind: Kind
    seat: Literal["first", "second"] | None = None

    def __post_init__(self) -> None:
        if self.kind not in _KIND_RULES:
            raise ValueError(f"unknown kind {self.kind!r}; known: {sorted(_KIND_RULES)}")
        scores, needs_opponent = _KIND_RULES[self.kind]
        if exact(self.score) not in scores:
            raise ValueError(f"a {self.kind} cannot score {self.score!r}")
        if needs_opponent and self.opponent is None:
            raise ValueError(f"a {self.kind} needs the (scheduled) opponent")
        if not needs_opponent and self.opponent is not None:
            raise ValueError(f"a {self.kind} has no opponent, got {self.opponent!r}")
        if self.opponent == self.player:
            raise ValueError(f"a player cannot meet themself: {self.player!r}")
        if self.round < 1:
            raise ValueError(f"rounds are numbered from 1, got {self.round}")

    @property
    def game_score(self) -> Fraction:
        return exact(self.score)

    @property
    def over_the_board(self) -> bool:
        return self.kind == "played"

    @property
    def voluntary(self) -> bool:
        """A voluntary unplayed round (C.07 16.1.2): a requested bye or a forfeit loss."""
        return self.requested_bye or self.kind in ("forfeit_loss", "both_lost")

    @property
    def requested_bye(self) -> bool:
        """A half- or zero-point bye, including every round missed before entry or after leaving."""
        return self.kind == "absent" and self.game_score < 1


# Game points: what a pairing-allocated bye is worth (C.04.1: as a win).
BYE_SCORE = Fraction(1)


def match_results(match) -> list[RoundResult]:
    """What one decided match gave each of its players (a match without a second player is
    a bye)."""
    first, second = str(match.first_id), None if match.second_id is None else str(match.second_id)
    if second is None:
        return [RoundResult(match.round, first, None, BYE_SCORE, "pairing_bye")]
    sides = ((first, second, "first"), (second, first, "second"))
    if match.forfeit and match.winner_id is None:
        return [RoundResult(match.round, p, o, Fraction(0), "both_lost", s) for p, o, s in sides]
    results = []
    for player, opponent, seat in sides:
        if match.drawn:
            score, kind = Fraction(1, 2), "played"
        else:
            won = str(match.winner_id) == player
            score = Fraction(1 if won else 0)
            kind = ("forfeit_win" if won else "forfeit_loss") if match.forfeit else "played"
        results.append(RoundResult(match.round, player, opponent, score, kind, seat))
    return results
