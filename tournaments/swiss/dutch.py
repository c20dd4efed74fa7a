"""One round of a Swiss by the FIDE Dutch system (Handbook C.04.3, with C.04.1 and C.04.2).

The bye is settled first: the lowest-ranked player without a bye or forfeit win whose
absence leaves everybody else pairable. Then the brackets are paired from the top score
down (A.9); each bracket's floaters join the next one. Seats follow C.04.3 E.
"""

from collections.abc import Sequence
from fractions import Fraction
from itertools import groupby

from tournaments.swiss.allocation import allocate_seats
from tournaments.swiss.brackets import pair_bracket
from tournaments.swiss.completion import can_complete
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
from tournaments.swiss.players import Player, ranked_players
from tournaments.swiss.reasons import reason


def _choose_bye(players: list[Player]) -> tuple[Player, tuple[Reason, ...]]:
    """C.04.1 c/d and C.04.3 C.2: the lowest-ranked eligible player who leaves a pairable rest."""
    passed_over: list[Player] = []
    had_bye = 0
    for candidate in reversed(players):
        if candidate.competitor.had_bye:
            had_bye += 1
            continue
        if can_complete([p for p in players if p is not candidate]):
            reasons = [
                reason("bye_odd_field", players=len(players)),
                reason(
                    "bye_lowest_eligible",
                    player=candidate.id,
                    score=candidate.points,
                    pairing_number=candidate.pairing_number,
                ),
            ]
            if had_bye:
                reasons.append(reason("bye_lower_ranked_had_bye", count=had_bye))
            if passed_over:
                reasons.append(
                    reason("bye_others_unpairable", players=",".join(p.id for p in passed_over))
                )
            return candidate, tuple(reasons)
        passed_over.append(candidate)
    raise PairingImpossible(
        "no player can take the bye and leave the others pairable without a repeated "
        "opponent, a second bye or a seat outside its limits"
    )


def _float_reasons(a: Player, b: Player) -> tuple[dict[str, Float], list[Reason]]:
    if a.points == b.points:
        return {}, []
    high, low = (a, b) if a.points > b.points else (b, a)
    return {high.id: "down", low.id: "up"}, [
        reason(
            "float_down",
            player=high.id,
            score=high.points,
            opponent=low.id,
            opponent_score=low.points,
        ),
        reason(
            "float_up",
            player=low.id,
            score=low.points,
            opponent=high.id,
            opponent_score=high.points,
        ),
    ]


def pair_round(competitors: Sequence[Competitor], *, initial_seat: Seat = "first") -> RoundPairing:
    """Pair one round; raises PairingImpossible when the absolute criteria cannot all hold."""
    ids = [c.id for c in competitors]
    if len(set(ids)) != len(ids):
        raise ValueError("competitor ids must be unique")
    if len({c.pairing_number for c in competitors}) != len(competitors):
        raise ValueError("pairing numbers must be unique")
    players = ranked_players(list(competitors))
    bye: Bye | None = None
    if len(players) % 2:
        bye_player, bye_reasons = _choose_bye(players)
        bye = Bye(bye_player.id, bye_reasons)
        players = [p for p in players if p is not bye_player]
    elif not can_complete(players):
        raise PairingImpossible(
            "the players cannot all be paired without a repeated opponent or a seat outside "
            "its limits"
        )

    groups = [(score, list(group)) for score, group in groupby(players, key=lambda p: p.points)]
    made: list[tuple[Player, Player, Fraction]] = []
    floated_from: dict[Player, Reason] = {}
    movers: list[Player] = []
    for index, (score, residents) in enumerate(groups):
        below = [p for _, group in groups[index + 1 :] for p in group]
        result = pair_bracket(score, movers, residents, below)
        made.extend((a, b, score) for a, b in result.pairs)
        odd = (len(movers) + len(residents)) % 2 == 1
        code = (
            "float_odd_bracket"
            if odd and len(result.floaters) == 1
            else "float_unpaired_in_bracket"
        )
        for floater in result.floaters:
            floated_from.setdefault(floater, reason(code, player=floater.id, score_group=score))
        movers = list(result.floaters)
    if movers:
        raise AssertionError(
            "the last bracket left players unpaired although the rest was pairable"
        )

    # Boards: the higher score of the pair first, then the lower one, then the better rank.
    made.sort(
        key=lambda m: (
            -max(m[0].points, m[1].points),
            -min(m[0].points, m[1].points),
            min(m[0].rank, m[1].rank),
        )
    )
    pairings = []
    for board, (a, b, score) in enumerate(made, start=1):
        first, second, seat_reason = allocate_seats(a, b, initial_seat)
        floats, reasons = _float_reasons(a, b)
        reasons.extend(floated_from[p] for p in (a, b) if p in floated_from)
        reasons.append(seat_reason)
        pairings.append(
            Pairing(
                first=first.id,
                second=second.id,
                board=board,
                score_group=score,
                floats=floats,
                reasons=tuple(reasons),
            )
        )
    return RoundPairing(tuple(pairings), bye)
