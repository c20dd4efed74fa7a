"""Each player's rounds as the standings show them: the opponent, the seat and the result
of every round, the crosstable of a Swiss or a group."""

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from tournaments.models import Match
from tournaments.round_results import RoundResult, match_results

# A round's result in words, by what the round was and the game points it gave.
_PLAYED = {Fraction(1): "win", Fraction(1, 2): "draw", Fraction(0): "loss"}
_UNPLAYED = {
    "forfeit_win": "forfeit_win",
    "forfeit_loss": "forfeit_loss",
    "both_lost": "double_forfeit",
    "pairing_bye": "bye",
    "absent": "absent",
}
RESULTS = (*_PLAYED.values(), *_UNPLAYED.values())


@dataclass(frozen=True)
class Meeting:
    """One round of one player; `result` is None while its game is being played, and a
    round after the standings' round is shown but not `counted`."""

    round: int
    opponent: str | None  # the opponent's entry id; None for a bye or an absence
    seat: str | None  # "first" or "second"; the first seat moves first
    result: str | None  # one of RESULTS
    counted: bool


def result_word(result: RoundResult) -> str:
    if result.kind == "played":
        return _PLAYED[result.game_score]
    return _UNPLAYED[result.kind]


def meetings(
    matches: Iterable[Match],
    players: Iterable[str],
    *,
    counted: int,
    shown: int,
    absences: bool,
) -> dict[str, list[Meeting]]:
    """Every player's rounds 1..`shown` (entry ids as text), those up to `counted` marked
    as counted. With `absences` (a Swiss) a round without a pairing is an absence; in a
    group it is a round of rest, left out."""
    by_round: dict[tuple[int, str], Meeting] = {}
    for match in matches:
        if match.round > shown:
            continue
        if match.status == Match.Status.FINISHED:
            for result in match_results(match):
                by_round[(match.round, result.player)] = Meeting(
                    match.round,
                    result.opponent,
                    result.seat,
                    result_word(result),
                    match.round <= counted,
                )
            continue
        sides = (str(match.first_id), str(match.second_id))
        for seat, (player, opponent) in zip(("first", "second"), (sides, sides[::-1]), strict=True):
            by_round[(match.round, player)] = Meeting(match.round, opponent, seat, None, False)
    table: dict[str, list[Meeting]] = {}
    for player in players:
        rounds = []
        for number in range(1, shown + 1):
            meeting = by_round.get((number, player))
            if meeting is None and absences:
                meeting = Meeting(number, None, None, "absent", number <= counted)
            if meeting is not None:
                rounds.append(meeting)
        table[player] = rounds
    return table


def rounds_shown(
    meetings: list[Meeting],
    usernames: dict[str, str],
    pairing_numbers: dict[str, int | None] | None = None,
) -> list[dict]:
    """A row's rounds as the API gives them: the opponent by name (and pairing number in a
    Swiss), the seat, the result (null while being played) and whether it is counted."""
    shown = []
    for meeting in meetings:
        entry = {
            "round": meeting.round,
            "opponent": usernames.get(meeting.opponent) if meeting.opponent else None,
            "seat": meeting.seat,
            "result": meeting.result,
            "counted": meeting.counted,
        }
        if pairing_numbers is not None:
            number = pairing_numbers.get(meeting.opponent) if meeting.opponent else None
            entry["opponent_pairing_number"] = number
        shown.append(entry)
    return shown
