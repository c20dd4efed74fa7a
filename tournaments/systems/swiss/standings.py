"""Standings of a Swiss with the FIDE tie-breaks, as pure functions over plain data.

The tie-breaks follow the FIDE Play-off and Tie-break Regulations (Handbook C.07) in the text
in force from 1 August 2024. Its rules for unplayed rounds (Article 16) are those of the
2023 text: the old "virtual opponent" is gone; instead

* for everyone else's tie-breaks a player's score is taken as it stands, except that a
  requested bye (half- or zero-point bye, every round after a withdrawal included) that is
  followed only by voluntary unplayed rounds, or falls in the last round, counts as a draw
  (16.3);
* in the player's own tie-breaks each unplayed round (bye, forfeit, absence) is a game
  against a dummy whose score is the player's own score, with the result the round was
  awarded (16.4);
* Cut-1 of a player with voluntary unplayed rounds (requested byes and forfeit losses) cuts
  the lowest of their contributions, or the least significant value if that is higher (16.5).

The tie-breaks count game points (1, 1/2, 0 a game), the scale of every FIDE worked example
and of the Swiss pairing itself, whatever points the championship gives for a win or a
draw; so a win always weighs twice a draw in Buchholz and Sonneborn-Berger, and the values
read the same as a chess crosstable's. The ranking's first key is the championship's own
points (`points`), and so is direct encounter, which is a small league among the tied.
Scores are exact fractions inside the module; only what is handed back is a float.
"""

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tournaments.round_results import HALF, RoundResult
from tournaments.tiebreaks import (
    checked_names,
    exact,
    points_groups,
    record_values,
    split_by_value,
)

# What the other side of a paired round must have recorded.
_MIRROR_KIND = {
    "played": "played",
    "forfeit_win": "forfeit_loss",
    "forfeit_loss": "forfeit_win",
    "both_lost": "both_lost",
}


@dataclass(frozen=True)
class Contribution:
    """One round's part in a player's Buchholz and Sonneborn-Berger."""

    opponent_score: Fraction  # the opponent's adjusted score, or the dummy's
    result: Fraction  # what the player scored in the round
    voluntary: bool  # the round is one of the player's voluntary unplayed rounds


@dataclass(frozen=True)
class SwissTable:
    """What the tie-breaks read: every player's rounds and scores, the points and ratings."""

    players: tuple[str, ...]  # in pairing-number order
    pairing_numbers: Mapping[str, int]
    records: Mapping[str, tuple[RoundResult, ...]]  # one per round, gaps filled as absences
    game_points: Mapping[str, Fraction]
    adjusted: Mapping[str, Fraction]  # the score others' tie-breaks count (16.3)
    points: Mapping[str, Fraction]  # championship points
    award: Mapping[Fraction, Fraction]  # game score of a round -> championship points
    ratings: Mapping[str, int] | None

    def contributions(self, player: str) -> tuple[Contribution, ...]:
        """The opponent, or dummy, behind each of the player's rounds (16.4)."""
        return tuple(
            Contribution(
                self.adjusted[record.opponent]
                if record.over_the_board and record.opponent is not None
                else self.game_points[player],
                record.game_score,
                record.voluntary,
            )
            for record in self.records[player]
        )


SwissTieBreak = Callable[[SwissTable, frozenset[str]], dict[str, float]]


def game_points(results: Iterable[RoundResult], player: str) -> Fraction:
    """The player's score in game points: what the Swiss pairing groups players by."""
    return sum((result.game_score for result in results if result.player == player), Fraction(0))


def build_swiss_table(
    players: Sequence[tuple[str, int]],
    results: Sequence[RoundResult],
    rounds_played: int,
    *,
    points: tuple[Fraction, Fraction, Fraction],
    bye_score: Fraction,
    ratings: Mapping[str, int] | None = None,
) -> SwissTable:
    """Check the input and gather each player's rounds 1..rounds_played and scores.

    A round with no result for a player (not yet entered, withdrawn, left out of the
    pairing) is a zero-point bye, as the Swiss handling rules score it. Results of rounds
    after `rounds_played` are left out, so the standings after any round can be asked for.
    """
    order = _pairing_order(players)
    bye = exact(bye_score)
    by_round: dict[tuple[int, str], RoundResult] = {}
    for result in results:
        if result.round > rounds_played:
            continue
        _check_result(result, order, bye)
        key = (result.round, result.player)
        if key in by_round:
            raise ValueError(f"{result.player!r} has two results in round {result.round}")
        by_round[key] = result
    _check_both_sides(by_round)
    records = {
        player: tuple(
            by_round.get((number, player))
            or RoundResult(number, player, None, Fraction(0), "absent")
            for number in range(1, rounds_played + 1)
        )
        for player in order
    }
    win, draw, loss = (exact(value) for value in points)
    award = {Fraction(1): win, HALF: draw, Fraction(0): loss}
    return SwissTable(
        players=order,
        pairing_numbers=dict(players),
        records=records,
        game_points={
            player: _sum(r.game_score for r in rounds) for player, rounds in records.items()
        },
        adjusted={player: _adjusted_score(rounds) for player, rounds in records.items()},
        points={
            player: _sum(award[r.game_score] for r in rounds) for player, rounds in records.items()
        },
        award=award,
        ratings=ratings,
    )


def _pairing_order(players: Sequence[tuple[str, int]]) -> tuple[str, ...]:
    ids = [player for player, _ in players]
    numbers = [number for _, number in players]
    if len(set(ids)) != len(ids):
        raise ValueError("a player is listed twice")
    if len(set(numbers)) != len(numbers):
        raise ValueError("two players share a pairing number")
    return tuple(player for player, _ in sorted(players, key=lambda entry: entry[1]))


def _check_result(result: RoundResult, players: tuple[str, ...], bye: Fraction) -> None:
    for name in (result.player, result.opponent):
        if name is not None and name not in players:
            raise ValueError(f"round {result.round} names {name!r}, who is not in the Swiss")
    if result.kind == "pairing_bye" and result.game_score != bye:
        raise ValueError(
            f"{result.player!r} has a pairing bye worth {result.score} in round "
            f"{result.round}, but a pairing bye is worth {bye}"
        )


def _check_both_sides(by_round: Mapping[tuple[int, str], RoundResult]) -> None:
    """A paired round must be recorded alike by both players."""
    for (number, player), result in by_round.items():
        if result.opponent is None:
            continue
        other = by_round.get((number, result.opponent))
        expected = Fraction(0) if result.kind == "both_lost" else 1 - result.game_score
        if (
            other is None
            or other.opponent != player
            or other.kind != _MIRROR_KIND[result.kind]
            or other.game_score != expected
        ):
            raise ValueError(
                f"round {number}: {player!r} and {result.opponent!r} record their pairing "
                "differently (or one side is missing)"
            )


def _adjusted_score(rounds: tuple[RoundResult, ...]) -> Fraction:
    """The score other players' tie-breaks count for this player (C.07 16.3)."""
    total = Fraction(0)
    for index, record in enumerate(rounds):
        # A requested bye followed only by voluntary unplayed rounds (a withdrawal, or the
        # last round) counts as a draw, so leaving early does not sink the opponents'
        # Buchholz (16.2.5, 16.3.2).
        trailing = record.requested_bye and all(later.voluntary for later in rounds[index + 1 :])
        total += HALF if trailing else record.game_score
    return total


def _sum(values: Iterable[Fraction]) -> Fraction:
    return sum(values, Fraction(0))


def _cut_one(
    contributions: Sequence[Contribution],
    value: Callable[[Contribution], Fraction],
    significance: Callable[[Contribution], tuple[Fraction, ...]],
) -> Fraction:
    """What Cut-1 takes away (C.07 14.1), with the exception for voluntary unplayed rounds."""
    if not contributions:
        return Fraction(0)
    least = value(min(contributions, key=significance))
    voluntary = [value(part) for part in contributions if part.voluntary]
    # 16.5: a player who chose not to play loses that round first, unless the least
    # significant value is higher (possible in Sonneborn-Berger, where a lost game weighs 0).
    return max(least, min(voluntary)) if voluntary else least


def _opponent_score(part: Contribution) -> Fraction:
    return part.opponent_score


def _product(part: Contribution) -> Fraction:
    return part.opponent_score * part.result


def buchholz(table: SwissTable, tied: frozenset[str]) -> dict[str, float]:
    """Sum of the opponents' scores (C.07 8.1), with dummies for unplayed rounds (16.4)."""
    return {
        player: float(_sum(map(_opponent_score, table.contributions(player)))) for player in tied
    }


def buchholz_cut1(table: SwissTable, tied: frozenset[str]) -> dict[str, float]:
    """Buchholz less its least significant value (C.07 14.1, 16.5)."""
    values: dict[str, float] = {}
    for player in tied:
        parts = table.contributions(player)
        cut = _cut_one(parts, _opponent_score, lambda part: (part.opponent_score,))
        values[player] = float(_sum(map(_opponent_score, parts)) - cut)
    return values


def sonneborn_berger(table: SwissTable, tied: frozenset[str]) -> dict[str, float]:
    """Sum over rounds of the game score times the opponent's score (C.07 9.1)."""
    return {player: float(_sum(map(_product, table.contributions(player)))) for player in tied}


def sonneborn_berger_cut1(table: SwissTable, tied: frozenset[str]) -> dict[str, float]:
    """Sonneborn-Berger less the part of the lowest-scored opponent (C.07 14.1, 16.5)."""
    values: dict[str, float] = {}
    for player in tied:
        parts = table.contributions(player)
        # Among equally low opponents the lowest product is the least significant.
        cut = _cut_one(parts, _product, lambda part: (part.opponent_score, _product(part)))
        values[player] = float(_sum(map(_product, parts)) - cut)
    return values


def direct_encounter(table: SwissTable, tied: frozenset[str]) -> dict[str, float]:
    """Points scored against the other tied players, if every pair of them met (C.07 6).

    Only games played over the board count as meetings: in a Swiss a forfeited pairing may
    be paired again, so it is not an encounter. When some pair never met, every tied player
    gets 0 and the tie passes to the next tie-break.
    """
    played = {
        player: [record for record in table.records[player] if record.over_the_board]
        for player in tied
    }
    all_met = all(
        tied - {player} <= {record.opponent for record in played[player]} for player in tied
    )
    if not all_met:
        return dict.fromkeys(tied, 0.0)
    return {
        player: float(_sum(table.award[r.game_score] for r in played[player] if r.opponent in tied))
        for player in tied
    }


def wins(table: SwissTable, tied: frozenset[str]) -> dict[str, float]:
    """Rounds won with or without playing (C.07 7.1): forfeit wins and full byes count."""
    return {
        player: float(sum(1 for record in table.records[player] if record.game_score == 1))
        for player in tied
    }


def progressive(table: SwissTable, tied: frozenset[str]) -> dict[str, float]:
    """Sum of the player's running score after each round (C.07 7.5)."""
    values: dict[str, float] = {}
    for player in tied:
        running = Fraction(0)
        total = Fraction(0)
        for record in table.records[player]:
            running += record.game_score
            total += running
        values[player] = float(total)
    return values


def average_rating_of_opponents(table: SwissTable, tied: frozenset[str]) -> dict[str, float]:
    """Mean rating of the opponents met over the board, rounded half up (C.07 10.1)."""
    if table.ratings is None:
        raise ValueError("average_rating_of_opponents needs the players' ratings")
    ratings = table.ratings
    values: dict[str, float] = {}
    for player in tied:
        met = [r.opponent for r in table.records[player] if r.over_the_board and r.opponent]
        unrated = [opponent for opponent in met if opponent not in ratings]
        if unrated:
            raise ValueError(f"no rating for {', '.join(map(repr, unrated))}")
        # A player who met nobody over the board gets 0, below every real average.
        mean = Fraction(sum(ratings[opponent] for opponent in met), len(met) or 1)
        values[player] = float(int(mean + HALF))
    return values


SWISS_TIEBREAKS: dict[str, SwissTieBreak] = {
    "buchholz_cut1": buchholz_cut1,
    "buchholz": buchholz,
    "sonneborn_berger": sonneborn_berger,
    "sonneborn_berger_cut1": sonneborn_berger_cut1,
    "direct_encounter": direct_encounter,
    "wins": wins,
    "progressive": progressive,
    "average_rating_of_opponents": average_rating_of_opponents,
}

DEFAULT_SWISS_TIEBREAKS: tuple[str, ...] = (
    "buchholz_cut1",
    "buchholz",
    "sonneborn_berger",
    "direct_encounter",
    "wins",
)


@dataclass(frozen=True)
class SwissRow:
    """One line of the Swiss standings.

    `played` counts the paired rounds, forfeits included and byes and absences not, so that
    played == won + drawn + lost. `shared` says the player stayed level with another on
    points and every tie-break: they share the place, `rank` is its first (4 for "4-5"),
    and the pairing number alone set their order in the table.
    """

    rank: int
    player: str
    points: float
    game_points: float
    tiebreaks: dict[str, float]  # name -> value, in the order asked
    played: int
    won: int
    drawn: int
    lost: int
    shared: bool = False


def swiss_standings(
    players: Sequence[tuple[str, int]],
    results: Sequence[RoundResult],
    rounds_played: int,
    tiebreaks: Sequence[str] = DEFAULT_SWISS_TIEBREAKS,
    points: tuple[Fraction, Fraction, Fraction] = (Fraction(1), HALF, Fraction(0)),
    bye_score: Fraction = Fraction(1),
    *,
    ratings: Mapping[str, int] | None = None,
) -> list[SwissRow]:
    """Rank a Swiss by points, then by the tie-breaks in the organiser's order.

    `players` pairs each id with its pairing number; `points` are the championship points
    for a win, a draw and a loss; a pairing bye is worth `bye_score` game points. Players
    tied on points and every tie-break share their place: they are listed by pairing number
    (lower first), marked `shared`, and each has the place's first rank.
    """
    names = checked_names(tiebreaks, SWISS_TIEBREAKS)
    table = build_swiss_table(
        players, results, rounds_played, points=points, bye_score=bye_score, ratings=ratings
    )
    shown: dict[str, dict[str, float]] = {player: {} for player in table.players}
    places: list[list[str]] = []
    for group in points_groups(table.players, table.points):
        # Every column is filled for the whole points group, so each row shows all
        # tie-breaks even when an earlier one already placed the player.
        for name in names:
            record_values(shown, name, SWISS_TIEBREAKS[name](table, group))
        places.extend(_break_tie(table, group, names, shown))
    rows = []
    for place in places:
        rank = len(rows) + 1
        rows += [
            _row(rank, player, table, {name: shown[player][name] for name in names}, len(place) > 1)
            for player in place
        ]
    return rows


def _break_tie(
    table: SwissTable,
    group: frozenset[str],
    names: tuple[str, ...],
    shown: dict[str, dict[str, float]],
) -> list[list[str]]:
    """Order players tied on points into places, best first; a place holds more than one
    player when they stay level on every tie-break (in pairing-number order)."""
    if len(group) == 1:
        return [list(group)]
    for name in names:
        values = SWISS_TIEBREAKS[name](table, group)
        record_values(shown, name, values)
        subgroups = split_by_value(values, lower_is_better=False)
        if len(subgroups) > 1:
            # A subgroup still tied starts over from the first tie-break, so direct
            # encounter is counted again among the fewer players left.
            return [
                place
                for subgroup in subgroups
                for place in _break_tie(table, subgroup, names, shown)
            ]
    return [sorted(group, key=table.pairing_numbers.__getitem__)]


def _row(
    rank: int, player: str, table: SwissTable, shown: dict[str, float], shared: bool
) -> SwissRow:
    paired = [record for record in table.records[player] if record.opponent is not None]
    return SwissRow(
        rank=rank,
        player=player,
        points=float(table.points[player]),
        game_points=float(table.game_points[player]),
        tiebreaks=shown,
        played=len(paired),
        won=sum(1 for record in paired if record.game_score == 1),
        drawn=sum(1 for record in paired if record.game_score == HALF),
        lost=sum(1 for record in paired if record.game_score == 0),
        shared=shared,
    )
