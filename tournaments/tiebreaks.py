"""Standings of a round-robin group with tie-breaks, as pure functions over plain data.

Scores are handled as exact fractions inside the module so that equal tie-break values
really compare equal; they are turned into floats only in what is handed back.
"""

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

GAME_SCORES = (0.0, 0.5, 1.0)


@dataclass(frozen=True)
class GameResult:
    """One finished game of the group, as seen from `first`."""

    first: str
    second: str
    # 1 win, 0.5 draw, 0 loss for `first`; `second` gets 1 - first_score.
    first_score: float
    # Game-score difference for `first` (e.g. dots captured minus dots lost).
    first_margin: int = 0
    # The game was not played: the loser forfeited (never moved, withdrew).
    forfeit: bool = False
    # Both players lost (a double forfeit, the organiser's decision): each scores 0.
    both_lost: bool = False

    def __post_init__(self) -> None:
        if self.first == self.second:
            raise ValueError(f"a player cannot play themself: {self.first!r}")
        if self.first_score not in GAME_SCORES:
            raise ValueError(f"first_score must be 1, 0.5 or 0, got {self.first_score!r}")
        if self.forfeit and self.first_score == 0.5:
            raise ValueError("a forfeit always has a winner; it cannot be a draw")
        if self.both_lost and (self.first_score != 0 or not self.forfeit):
            raise ValueError("a loss for both is a forfeit scoring 0 for each player")

    @property
    def second_score(self) -> float:
        return 0.0 if self.both_lost else 1 - self.first_score


@dataclass(frozen=True)
class PointSystem:
    """Championship points for a won, drawn and lost game."""

    win: float = 2
    draw: float = 1
    loss: float = 0


POINT_SYSTEMS: dict[str, PointSystem] = {
    "2-1-0": PointSystem(2, 1, 0),
    "3-1-0": PointSystem(3, 1, 0),
    "1-0.5-0": PointSystem(1, 0.5, 0),
}

DEFAULT_TIEBREAKS: tuple[str, ...] = (
    "direct_encounter",
    "sonneborn_berger",
    "wins",
    "game_score_difference",
    "lots",
)


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings.

    `played` counts every game with a result, forfeits included, so that
    played == won + drawn + lost; `forfeits` says how many of them were not played over
    the board (forfeit wins and forfeit losses alike). `tiebreaks` holds every tie-break
    in the order they are applied; a value that depends on the tied group (direct
    encounter) is the one computed for the smallest group the player was last tied in.
    """

    rank: int
    player: str
    played: int
    won: int
    drawn: int
    lost: int
    forfeits: int
    points: float
    tiebreaks: dict[str, float]
    # Level with another on points and every tie-break, the lots too (two equal lot
    # numbers): the place is shared, `rank` is its first and the listing order set theirs.
    shared: bool = False


def exact(value: float) -> Fraction:
    """The decimal a float was written as, as an exact fraction (0.1 -> 1/10)."""
    # Going through str() keeps a point system such as 1-0.1-0 exact instead of carrying
    # the binary rounding error of 0.1 into every sum.
    return Fraction(str(value))


@dataclass(frozen=True)
class Side:
    """One game seen from one player's side."""

    opponent: str
    score: Fraction  # 1, 1/2 or 0
    margin: int
    forfeit: bool


@dataclass(frozen=True)
class Table:
    """What the tie-breaks read: every player's games and points, the system and the lots."""

    players: tuple[str, ...]
    system: PointSystem
    games: Mapping[str, tuple[Side, ...]]
    points: Mapping[str, Fraction]
    lots: Mapping[str, int]

    def award(self, score: Fraction) -> Fraction:
        """Championship points for a game score of 1, 1/2 or 0."""
        return _award(self.system, score)


def _award(system: PointSystem, score: Fraction) -> Fraction:
    if score == 1:
        return exact(system.win)
    if score == 0:
        return exact(system.loss)
    return exact(system.draw)


def build_table(
    players: Sequence[str],
    results: Iterable[GameResult],
    *,
    points: PointSystem,
    lots: Mapping[str, int] | None = None,
) -> Table:
    """Check the input and gather each player's games, points and lot."""
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    games: dict[str, list[Side]] = {player: [] for player in players}
    for result in results:
        for player in (result.first, result.second):
            if player not in games:
                raise ValueError(f"result names {player!r}, who is not in the group")
        score = exact(result.first_score)
        games[result.first].append(Side(result.second, score, result.first_margin, result.forfeit))
        games[result.second].append(
            Side(result.first, exact(result.second_score), -result.first_margin, result.forfeit)
        )
    return Table(
        players=tuple(players),
        system=points,
        games={player: tuple(sides) for player, sides in games.items()},
        points={
            player: sum((_award(points, side.score) for side in sides), Fraction(0))
            for player, sides in games.items()
        },
        lots=_check_lots(players, lots),
    )


def _check_lots(players: Sequence[str], lots: Mapping[str, int] | None) -> dict[str, int]:
    if lots is None:
        # Without a recorded drawing the listing order stands in for it, so the ranking is
        # still total and the same on every run.
        return {player: number for number, player in enumerate(players, start=1)}
    missing = [player for player in players if player not in lots]
    if missing:
        raise ValueError(f"no lot recorded for {', '.join(map(repr, missing))}")
    # Equal lot numbers are accepted: the listing order settles between them (see _break_tie).
    return {player: lots[player] for player in players}


TieBreak = Callable[[Table, frozenset[str]], dict[str, float]]


def _total(values: Iterable[Fraction]) -> float:
    return float(sum(values, Fraction(0)))


def direct_encounter(table: Table, tied: frozenset[str]) -> dict[str, float]:
    """Points scored in the games among the tied players only."""
    return {
        player: _total(
            table.award(side.score) for side in table.games[player] if side.opponent in tied
        )
        for player in tied
    }


# Forfeits in Sonneborn-Berger and Koya. The FIDE tie-break regulations (C.07, 2023) use a
# dummy opponent for a player's own unplayed rounds, and count an opponent's unplayed rounds
# as draws, for Swiss events, where who meets whom depends on the results. In a round robin
# every pairing is fixed before the start, so a forfeited game is scored as if it had been
# played: the recorded result counts against the scheduled opponent, and every player's
# final score is used as it stands, with no adjustment. So the forfeit loser gets nothing
# from that game (0 times the winner's score), the forfeit winner gets the loser's full
# final score in SB, and in Koya the forfeit win counts if the loser reached the bar.
# The FIDE exercise agrees: player 6 (forfeit win over player 5) has
# SB = 1/2 x 1.5 (draw with 4) + 1 x 1.5 (player 5) = 2.25, and player 1 has 9.25, which
# needs the scores of players 5 and 6 (1.5 each) as they stand. Counting the forfeit as a
# draw for their opponents would make those 2 and 1 and give player 1 9.0 instead.


def sonneborn_berger(table: Table, tied: frozenset[str]) -> dict[str, float]:
    """Sum over games of the game score (1, 1/2, 0) times the opponent's final points."""
    # The game score rather than the championship points: in 3-1-0 a win must weigh twice a
    # draw, as in chess, not three times.
    return {
        player: _total(side.score * table.points[side.opponent] for side in table.games[player])
        for player in tied
    }


def koya(table: Table, tied: frozenset[str]) -> dict[str, float]:
    """Points scored against the players who finished with at least half the maximum."""
    # The maximum is a tournament-wide figure: a win in every game of the longest record,
    # which is everyone's record once a (single or double) round robin is complete.
    longest = max((len(sides) for sides in table.games.values()), default=0)
    bar = exact(table.system.win) * longest / 2
    strong = {player for player, total in table.points.items() if total >= bar}
    return {
        player: _total(
            table.award(side.score) for side in table.games[player] if side.opponent in strong
        )
        for player in tied
    }


def wins(table: Table, tied: frozenset[str]) -> dict[str, float]:
    """Games won, forfeit wins included (FIDE counts rounds won with or without play)."""
    return {
        player: float(sum(1 for side in table.games[player] if side.score == 1)) for player in tied
    }


def game_score_difference(table: Table, tied: frozenset[str]) -> dict[str, float]:
    """Sum of the game-score margins (e.g. dots captured minus dots lost)."""
    return {player: float(sum(side.margin for side in table.games[player])) for player in tied}


def lots(table: Table, tied: frozenset[str]) -> dict[str, float]:
    """The lot each player drew; the lower number ranks higher."""
    return {player: float(table.lots[player]) for player in tied}


TIEBREAKS: dict[str, TieBreak] = {
    "direct_encounter": direct_encounter,
    "sonneborn_berger": sonneborn_berger,
    "koya": koya,
    "wins": wins,
    "game_score_difference": game_score_difference,
    "lots": lots,
}

# Every other tie-break ranks the higher value first.
LOWER_IS_BETTER = frozenset({"lots"})


def standings(
    players: Sequence[str],
    results: Sequence[GameResult],
    *,
    points: PointSystem = POINT_SYSTEMS["2-1-0"],
    tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS,
    lots: Mapping[str, int] | None = None,
) -> list[StandingRow]:
    """Rank the group: by points, then by the tie-breaks in order.

    Lots are always the last word: if `tiebreaks` does not name them they are applied after
    the others, since FIDE settles whatever the list leaves tied by drawing lots. So ranks
    run 1..n unless two players drew the same lot number and are level on everything else:
    they share the place (each gets its first rank, marked `shared`), listed as in
    `players`.
    """
    names = _tiebreak_names(tiebreaks)
    table = build_table(players, results, points=points, lots=lots)
    shown: dict[str, dict[str, float]] = {player: {} for player in players}
    places: list[list[str]] = []
    for group in _points_groups(table):
        # Fill every column for the whole points group first, so each row shows all
        # tie-breaks even when an early one already placed the player.
        for name in names:
            record_values(shown, name, TIEBREAKS[name](table, group))
        places.extend(_break_tie(table, group, names, shown))
    rows: list[StandingRow] = []
    for place in places:
        rank = len(rows) + 1
        rows += [_row(rank, player, table, shown[player], len(place) > 1) for player in place]
    return rows


def _tiebreak_names(tiebreaks: Sequence[str]) -> tuple[str, ...]:
    names = checked_names(tiebreaks, TIEBREAKS)
    return names if "lots" in names else (*names, "lots")


def checked_names(tiebreaks: Sequence[str], known: Mapping[str, object]) -> tuple[str, ...]:
    """The tie-break names as given, refusing a single string, unknown names and repeats."""
    if isinstance(tiebreaks, str):
        raise TypeError("tiebreaks must be a sequence of names, not a single string")
    unknown = [name for name in tiebreaks if name not in known]
    if unknown:
        raise ValueError(f"unknown tie-break(s) {unknown}; known: {sorted(known)}")
    if len(set(tiebreaks)) != len(tiebreaks):
        raise ValueError(f"a tie-break is listed twice: {list(tiebreaks)}")
    return tuple(tiebreaks)


def _points_groups(table: Table) -> list[frozenset[str]]:
    return points_groups(table.players, table.points)


def points_groups(players: Sequence[str], points: Mapping[str, Fraction]) -> list[frozenset[str]]:
    """Players grouped by equal points, best group first."""
    by_points: dict[Fraction, set[str]] = {}
    for player in players:
        by_points.setdefault(points[player], set()).add(player)
    return [frozenset(by_points[total]) for total in sorted(by_points, reverse=True)]


def _break_tie(
    table: Table,
    group: frozenset[str],
    names: tuple[str, ...],
    shown: dict[str, dict[str, float]],
) -> list[list[str]]:
    """Order players tied on points into places, best first."""
    if len(group) == 1:
        return [list(group)]
    for name in names:
        values = TIEBREAKS[name](table, group)
        record_values(shown, name, values)
        subgroups = split_by_value(values, lower_is_better=name in LOWER_IS_BETTER)
        if len(subgroups) > 1:
            # A subgroup still tied starts over from the first tie-break, so direct
            # encounter is recomputed among the fewer players left.
            return [
                place
                for subgroup in subgroups
                for place in _break_tie(table, subgroup, names, shown)
            ]
    # Only players who drew the same lot number get here; the listing order decides, so the
    # order stays reproducible rather than failing on a faulty drawing.
    return [sorted(group, key=table.players.index)]


def split_by_value(values: Mapping[str, float], *, lower_is_better: bool) -> list[frozenset[str]]:
    """Players grouped by equal value, best value first."""
    by_value: dict[float, set[str]] = {}
    for player, value in values.items():
        by_value.setdefault(value, set()).add(player)
    order = sorted(by_value, reverse=not lower_is_better)
    return [frozenset(by_value[value]) for value in order]


def record_values(
    shown: dict[str, dict[str, float]], name: str, values: Mapping[str, float]
) -> None:
    """Write one tie-break's values into each player's shown column."""
    for player, value in values.items():
        shown[player][name] = value


def _row(
    rank: int, player: str, table: Table, shown: dict[str, float], shared: bool
) -> StandingRow:
    sides = table.games[player]
    return StandingRow(
        rank=rank,
        player=player,
        played=len(sides),
        won=sum(1 for side in sides if side.score == 1),
        drawn=sum(1 for side in sides if side.score == Fraction(1, 2)),
        lost=sum(1 for side in sides if side.score == 0),
        forfeits=sum(1 for side in sides if side.forfeit),
        points=float(table.points[player]),
        tiebreaks=dict(shown),
        shared=shared,
    )
