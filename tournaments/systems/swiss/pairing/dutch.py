"""One round of a Swiss by the FIDE (Dutch) System, C.04.3 in force from 1 February 2026
(with C.04.1 and C.04.2 of the same revision; edition.py names it).

The brackets are paired from the top score down; each bracket's floaters join the next
one. In an odd field the bye is part of that pairing (byes.py): before the brackets only
its score is settled (C4, C5); the lowest bracket's leftover takes it, chosen by the same
criteria as every pair. Seats follow the colour allocation rules (allocation.py).
"""

from collections.abc import Sequence
from fractions import Fraction
from itertools import groupby

from tournaments.systems.swiss.pairing.allocation import allocate_seats
from tournaments.systems.swiss.pairing.brackets import pair_bracket
from tournaments.systems.swiss.pairing.byes import Pab, may_take_pab, settle_pab
from tournaments.systems.swiss.pairing.completion import can_complete
from tournaments.systems.swiss.pairing.model import (
    Bye,
    Competitor,
    Float,
    Pairing,
    PairingImpossible,
    Reason,
    RoundPairing,
    Seat,
)
from tournaments.systems.swiss.pairing.players import Player, ranked_players
from tournaments.systems.swiss.pairing.reasons import reason


def _bye_reasons(players: list[Player], bye: Player, pab: Pab) -> tuple[Reason, ...]:
    """Why `bye` took the bye: who ranked lower and why each of them did not."""
    lower = players[bye.rank + 1 :]
    had_bye = [p for p in lower if not may_take_pab(p)]
    unpairable = [p for p in lower if may_take_pab(p) and p.points < pab.score]
    kept = [p for p in lower if may_take_pab(p) and p.points == pab.score]
    reasons = [reason("bye_odd_field", players=len(players))]
    if not unpairable and not kept:
        reasons.append(
            reason(
                "bye_lowest_eligible",
                player=bye.id,
                score=bye.points,
                pairing_number=bye.pairing_number,
            )
        )
    if had_bye:
        reasons.append(reason("bye_lower_ranked_had_bye", count=len(had_bye)))
    if unpairable:
        reasons.append(reason("bye_others_unpairable", players=",".join(p.id for p in unpairable)))
    if kept:
        reasons.append(
            reason(
                "bye_others_kept_in_play",
                players=",".join(p.id for p in kept),
                score_group=pab.score,
            )
        )
    return tuple(reasons)


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


def pair_round(
    competitors: Sequence[Competitor],
    *,
    initial_seat: Seat = "first",
    topscorers_over: Fraction | None = None,
) -> RoundPairing:
    """Pair one round; raises PairingImpossible when the absolute criteria cannot all hold.

    For the final round `topscorers_over` is half the most points a player could have
    scored so far: the players above it are its topscorers, whom the seat limits do not
    bind (C3, C10, C11, E2). None in every other round."""
    ids = [c.id for c in competitors]
    if len(set(ids)) != len(ids):
        raise ValueError("competitor ids must be unique")
    if len({c.pairing_number for c in competitors}) != len(competitors):
        raise ValueError("pairing numbers must be unique")
    players = ranked_players(list(competitors), topscorers_over)
    pab: Pab | None = None
    if len(players) % 2:
        pab = settle_pab(players)
    elif not can_complete(players):
        raise PairingImpossible(
            "the players cannot all be paired without a repeated opponent or a seat outside "
            "its limits"
        )
    tail = [pab.seat] if pab is not None else []

    groups = [(score, list(group)) for score, group in groupby(players, key=lambda p: p.points)]
    made: list[tuple[Player, Player, Fraction]] = []
    floated_from: dict[Player, Reason] = {}
    movers: list[Player] = []
    for index, (score, residents) in enumerate(groups):
        below = [p for _, group in groups[index + 1 :] for p in group]
        result = pair_bracket(score, movers, residents, [*below, *tail], pab)
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
    bye: Bye | None = None
    if pab is not None and len(movers) == 1 and movers[0] in pab.candidates:
        bye = Bye(movers[0].id, _bye_reasons(players, movers[0], pab))
    elif movers:
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
