"""A double-elimination bracket: the plan of its matches and the final placings, as pure functions.

Conventions used throughout:

- Seeds are numbered from 1 (the best). The winners' bracket is the standard seeded draw of
  `bracket.seed_order` over the next power of two; the missing seeds are byes for the top seeds.
- Every planned match has two real players. A match of the full bracket's shape that would
  have one player is not planned: that player passes on to where its winner would go. Only the
  first round of each bracket and the second losers' round can lose matches this way.
- Rounds are numbered from 1 in each bracket, counting only the rounds that keep a match; the
  indexes of a round run from 0, top to bottom. So with five entrants the losers' bracket has
  rounds 1 to 3, although the full eight-player shape has four (its first holds no match).
- Losers' rounds alternate: the first takes the losers of winners' round 1 against each other;
  after that a "minor" round sets the survivors against the players newly dropped from the next
  winners' round, and a "major" round sets survivors against survivors.
- Drop order: the losers of winners' rounds 2, 4, 6, ... enter their minor round in reversed
  order (the loser of the round's bottom match meets the top survivor); the losers of rounds 1,
  3, 5, ... keep the order. Reversing in alternate rounds sends a dropped player to the other
  side of the bracket from the players they beat, so rematches come as late as they can.
- Seats: `first` takes the first seat. In the winners' bracket and in major rounds that is the
  upper match of the shape; in minor rounds the player dropped from the winners' bracket (the
  one who went further); in the grand final the winners' bracket winner. The reset keeps the
  grand final's seats.
- Matches are listed in an order in which they can be played: each after those it draws from.
"""

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from tournaments.bracket import bracket_size, seed_order

Bracket = Literal["winners", "losers", "final"]

MAX_ENTRANTS = 1024

# Order of the brackets when ranking the knocked-out: the later stage ranks higher.
_STAGE_ORDER: dict[Bracket, int] = {"final": 0, "losers": 1, "winners": 2}


@dataclass(frozen=True, order=True)
class MatchKey:
    """Where a match sits: its bracket, round (from 1) and index within the round (from 0).

    In the "final" bracket round 1 is the grand final and round 2 the reset.
    """

    bracket: Bracket
    round: int
    index: int


@dataclass(frozen=True)
class Source:
    """Where a player of a match comes from: a seed, or the winner or loser of a match."""

    kind: Literal["seed", "winner", "loser"]
    seed: int | None = None
    match: MatchKey | None = None

    def __post_init__(self) -> None:
        if (self.kind == "seed") != (self.seed is not None) or (self.seed is None) == (
            self.match is None
        ):
            raise ValueError(f"a seed source names a seed, any other names a match: {self}")


@dataclass(frozen=True)
class PlannedMatch:
    """One match of the plan, with the places its two players come from and go to."""

    key: MatchKey
    first: Source
    second: Source
    # (match, side 0/1) the winner goes to; None after the last match. Like the loser's, the
    # grand final winner's route to the reset holds only when the reset is played.
    winner_to: tuple[MatchKey, int] | None
    # (match, side) the loser goes to; None: the loser is knocked out. The grand final's loser
    # goes to the reset only when the reset is played (see `reset_needed`).
    loser_to: tuple[MatchKey, int] | None
    is_reset: bool = False  # played only when the losers' side wins the grand final


@dataclass(frozen=True)
class Placing:
    """A player's final place; players sharing places 5 to 6 have place 5 and shared_to 6."""

    player: str
    place: int
    shared_to: int


def reset_needed(grand_final_winner_side: int) -> bool:
    """Whether the reset is played after the grand final (side 1 = the losers' bracket winner)."""
    if grand_final_winner_side not in (0, 1):
        raise ValueError(f"a side is 0 or 1, got {grand_final_winner_side}")
    return grand_final_winner_side == 1


def plan(entrants: int, grand_final_reset: bool = True) -> list[PlannedMatch]:
    """Every match of a double-elimination bracket for `entrants` players, in a playable order."""
    if not 2 <= entrants <= MAX_ENTRANTS:
        raise ValueError(f"double elimination takes 2 to {MAX_ENTRANTS} entrants, got {entrants}")
    shape = _full_shape(bracket_size(entrants), grand_final_reset)
    real = _resolve_byes(shape, entrants)
    keys = _renumbered(list(real))

    def renamed(source: Source) -> Source:
        if source.match is None:
            return source
        return Source(source.kind, match=keys[source.match])

    sides = {keys[match]: tuple(renamed(source) for source in real[match]) for match in real}
    winner_to: dict[MatchKey, tuple[MatchKey, int]] = {}
    loser_to: dict[MatchKey, tuple[MatchKey, int]] = {}
    for key, pair in sides.items():
        for side, source in enumerate(pair):
            if source.match is not None:
                routes = winner_to if source.kind == "winner" else loser_to
                routes[source.match] = (key, side)
    return [
        PlannedMatch(
            key=key,
            first=sides[key][0],
            second=sides[key][1],
            winner_to=winner_to.get(key),
            loser_to=loser_to.get(key),
            is_reset=key == _RESET,
        )
        for key in (keys[match] for match in real)
    ]


def round_label_parts(key: MatchKey, planned: Sequence[PlannedMatch]) -> tuple[Bracket, int, int]:
    """(bracket, round, number of rounds in that bracket) for naming the round of `key`."""
    rounds = {match.key.round for match in planned if match.key.bracket == key.bracket}
    if key not in {match.key for match in planned}:
        raise ValueError(f"{key} is not a match of this plan")
    return key.bracket, key.round, max(rounds)


def eliminated_after(
    planned: Sequence[PlannedMatch], seeds: Sequence[str], winners: Mapping[MatchKey, str]
) -> dict[str, MatchKey]:
    """The match after which each player knocked out so far left, from the results so far."""
    players = _players_of(planned, seeds, winners)
    by_key = {match.key: match for match in planned}
    knocked_out: dict[str, MatchKey] = {}
    for key, pair in players.items():
        if key not in winners:
            continue
        match = by_key[key]
        winner_side = pair.index(winners[key])
        loser = pair[1 - winner_side]
        if match.loser_to is None or (
            by_key[match.loser_to[0]].is_reset and not reset_needed(winner_side)
        ):
            knocked_out[loser] = key
    return knocked_out


def placings(
    planned: Sequence[PlannedMatch], seeds: Sequence[str], winners: Mapping[MatchKey, str]
) -> list[Placing]:
    """Final places of a finished bracket, best first; ValueError while a match is still due.

    `seeds[i]` is the player of seed i + 1 and `winners` the player who won each finished
    match. Players knocked out in the same round share the places they span; within a shared
    place the better seed is listed first.
    """
    players = _players_of(planned, seeds, winners)
    # A reset that is not needed has no players; every other match must have a result.
    if any(
        match.key not in winners and (match.key in players or not match.is_reset)
        for match in planned
    ):
        raise ValueError("the bracket is not finished")
    # The final bracket comes last in the plan: its last match played crowns the champion.
    champion = next(winners[match.key] for match in reversed(planned) if match.key in winners)

    knocked_out = eliminated_after(planned, seeds, winners)
    stages: dict[tuple[int, int], list[str]] = defaultdict(list)
    for player, key in knocked_out.items():
        stages[(_STAGE_ORDER[key.bracket], -key.round)].append(player)
    seed_of = {player: number for number, player in enumerate(seeds)}
    result = [Placing(champion, 1, 1)]
    for stage in sorted(stages):
        group = sorted(stages[stage], key=seed_of.__getitem__)
        place = len(result) + 1
        result.extend(Placing(player, place, place + len(group) - 1) for player in group)
    return result


# The plan is worked out on the shape of the full bracket (a power of two), with keys that
# number its rounds and matches as if nobody were missing; `_renumbered` gives the final keys.
_GRAND_FINAL = MatchKey("final", 1, 0)
_RESET = MatchKey("final", 2, 0)


def _full_shape(size: int, grand_final_reset: bool) -> dict[MatchKey, tuple[Source, Source]]:
    """The two sources of every match of a full bracket of `size`, in a playable order."""
    winners_rounds = size.bit_length() - 1
    slots = seed_order(size)
    shape: dict[MatchKey, tuple[Source, Source]] = {}

    def winners_round(number: int) -> None:
        for index in range(size >> number):
            if number == 1:
                pair = (
                    Source("seed", seed=slots[2 * index]),
                    Source("seed", seed=slots[2 * index + 1]),
                )
            else:
                pair = _neighbours("winner", MatchKey("winners", number - 1, 2 * index))
            shape[MatchKey("winners", number, index)] = pair

    def losers_round(number: int) -> None:
        count = size >> ((number + 1) // 2 + 1)
        for index in range(count):
            if number == 1:
                pair = _neighbours("loser", MatchKey("winners", 1, 2 * index))
            elif number % 2 == 0:
                dropped_from = number // 2 + 1
                crossed = dropped_from % 2 == 0
                dropped = count - 1 - index if crossed else index
                pair = (
                    Source("loser", match=MatchKey("winners", dropped_from, dropped)),
                    Source("winner", match=MatchKey("losers", number - 1, index)),
                )
            else:
                pair = _neighbours("winner", MatchKey("losers", number - 1, 2 * index))
            shape[MatchKey("losers", number, index)] = pair

    # Winners' round r, then the losers' rounds that wait for it: the minor round taking its
    # losers and the major round after that.
    winners_round(1)
    if winners_rounds > 1:
        losers_round(1)
    for number in range(2, winners_rounds + 1):
        winners_round(number)
        losers_round(2 * number - 2)
        if number < winners_rounds:
            losers_round(2 * number - 1)

    winners_final = MatchKey("winners", winners_rounds, 0)
    if winners_rounds == 1:
        # Two players: the loser of the only match is the whole losers' bracket.
        challenger = Source("loser", match=winners_final)
    else:
        challenger = Source("winner", match=MatchKey("losers", 2 * winners_rounds - 2, 0))
    shape[_GRAND_FINAL] = (Source("winner", match=winners_final), challenger)
    if grand_final_reset:
        # Played only when the challenger won, so the grand final's loser is the one who came
        # from the winners' bracket: the seats stay as they were.
        shape[_RESET] = (Source("loser", match=_GRAND_FINAL), Source("winner", match=_GRAND_FINAL))
    return shape


def _neighbours(kind: Literal["winner", "loser"], upper: MatchKey) -> tuple[Source, Source]:
    """The `kind` of match `upper` and of the match below it in the same round."""
    lower = MatchKey(upper.bracket, upper.round, upper.index + 1)
    return Source(kind, match=upper), Source(kind, match=lower)


def _resolve_byes(
    shape: Mapping[MatchKey, tuple[Source, Source]], entrants: int
) -> dict[MatchKey, tuple[Source, Source]]:
    """The matches of `shape` that get two real players, with the sources they really have.

    A shape match with one real player passes that player on as its "winner" and has no
    loser; one with none passes nobody. Shape order is playable, so sources come first.
    """
    passed: dict[Source, Source | None] = {}
    real: dict[MatchKey, tuple[Source, Source]] = {}

    def really(source: Source) -> Source | None:
        if source.seed is not None:
            return source if source.seed <= entrants else None
        return passed[source]

    for key, pair in shape.items():
        present = [found for found in map(really, pair) if found is not None]
        if len(present) == 2:
            real[key] = (present[0], present[1])
            passed[Source("winner", match=key)] = Source("winner", match=key)
            passed[Source("loser", match=key)] = Source("loser", match=key)
        else:
            passed[Source("winner", match=key)] = present[0] if present else None
            passed[Source("loser", match=key)] = None
    return real


def _renumbered(shape_keys: Sequence[MatchKey]) -> dict[MatchKey, MatchKey]:
    """Final key of each shape key: rounds and indexes counted over the real matches only."""
    rounds: dict[Bracket, set[int]] = defaultdict(set)
    indexes: dict[tuple[Bracket, int], list[int]] = defaultdict(list)
    for key in shape_keys:
        rounds[key.bracket].add(key.round)
        indexes[(key.bracket, key.round)].append(key.index)
    round_number = {
        (bracket, shape_round): number
        for bracket, present in rounds.items()
        for number, shape_round in enumerate(sorted(present), start=1)
    }
    index_number = {
        (bracket, shape_round, shape_index): number
        for (bracket, shape_round), present in indexes.items()
        for number, shape_index in enumerate(sorted(present))
    }
    return {
        key: MatchKey(
            key.bracket,
            round_number[(key.bracket, key.round)],
            index_number[(key.bracket, key.round, key.index)],
        )
        for key in shape_keys
    }


def _players_of(
    planned: Sequence[PlannedMatch], seeds: Sequence[str], winners: Mapping[MatchKey, str]
) -> dict[MatchKey, tuple[str, str]]:
    """The two players of every match whose players are known from the results so far.

    ValueError when the seeds do not fit the plan or a result does not fit its match.
    """
    # Every seed is the source of exactly one match: a seed with a bye, of its second-round one.
    expected = sum(
        source.kind == "seed" for match in planned for source in (match.first, match.second)
    )
    if len(seeds) != expected:
        raise ValueError(f"the plan is for {expected} players, got {len(seeds)}")
    if len(set(seeds)) != len(seeds):
        raise ValueError("a player can hold only one seed")
    keys = {match.key for match in planned}
    if unknown := [key for key in winners if key not in keys]:
        raise ValueError(f"results for matches outside the plan: {unknown}")

    players: dict[MatchKey, tuple[str, str]] = {}
    for match in planned:
        pair = tuple(
            _player_from(source, seeds, players, winners) for source in (match.first, match.second)
        )
        if match.is_reset and match.first.match in winners:
            grand_final = players[match.first.match]
            if not reset_needed(grand_final.index(winners[match.first.match])):
                pair = (None, None)
        if None in pair:
            if match.key in winners:
                raise ValueError(f"{match.key} has a result but its players are not known yet")
            continue
        players[match.key] = (pair[0], pair[1])
        if match.key in winners and winners[match.key] not in pair:
            raise ValueError(f"{winners[match.key]} did not play {match.key}")
    return players


def _player_from(
    source: Source,
    seeds: Sequence[str],
    players: Mapping[MatchKey, tuple[str, str]],
    winners: Mapping[MatchKey, str],
) -> str | None:
    """The player that `source` names, or None while the match it names is not decided."""
    if source.seed is not None:
        return seeds[source.seed - 1]
    if source.match not in winners or source.match not in players:
        return None
    winner = winners[source.match]
    if source.kind == "winner":
        return winner
    first, second = players[source.match]
    return second if winner == first else first
