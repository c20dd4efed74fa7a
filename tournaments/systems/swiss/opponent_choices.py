"""Why a Swiss pairing put two players of one score group together, read back from what
the players had before the round (pure: plain data in, reasons out).

The Dutch system lists the players of a score group by score, then pairing number, and
pairs its top half against its bottom half in order (the first of the top half with the
first of the bottom half, and so on). A pair made in that order says so; a pair made
otherwise names the opponent the order gave and why that pair could not be, or was worse:
they had met already, the seat limits left them both only the same seat, or both were due
the same seat while the pair made gives each the seat they are due; else the order was
changed for the rest of the group (fewer floats, more players on the seat they are due).

Pairs whose players' scores differ are explained by the pairing's own float reasons.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tournaments.systems.swiss.pairing import Competitor
from tournaments.systems.swiss.pairing.reasons import score_text
from tournaments.systems.swiss.pairing.seats import allowed_seats, preference

# The codes this module gives, beside the pairing engine's own.
ORDER = "opponent_group_order"
REMATCH_AVOIDED = "opponent_rematch_avoided"
SEATS_KEPT = "opponent_seats_kept"
PREFERENCE_KEPT = "opponent_seat_preference_kept"
ORDER_CHANGED = "opponent_order_changed"


@dataclass(frozen=True)
class Explained:
    """One reason, in the shape the pairing's own record keeps (`{code, params}`)."""

    code: str
    params: dict[str, str]

    def as_record(self) -> dict:
        return {"code": self.code, "params": dict(self.params)}


def _may_share_a_game(a: Competitor, b: Competitor) -> bool:
    """Whether the seat limits leave the two a seat each."""
    mine, theirs = allowed_seats(a.seats), allowed_seats(b.seats)
    return ("first" in mine and "second" in theirs) or ("second" in mine and "first" in theirs)


def _only_seat(a: Competitor, b: Competitor) -> str:
    """The seat both are confined to (when they may not share a game)."""
    both = allowed_seats(a.seats) & allowed_seats(b.seats)
    return next(iter(both), "first")


def opponent_reasons(
    competitors: Iterable[Competitor], pairs: Sequence[tuple[str, str]]
) -> dict[frozenset[str], Explained]:
    """For each pair (two competitor ids) made within one score group, why these two
    met; pairs across score groups and ids not among `competitors` get nothing."""
    by_id = {competitor.id: competitor for competitor in competitors}
    level = [
        (by_id[a], by_id[b])
        for a, b in pairs
        if a in by_id and b in by_id and by_id[a].points == by_id[b].points
    ]
    groups: dict = {}
    for a, b in level:
        groups.setdefault(a.points, []).extend((a, b))
    found: dict[frozenset[str], Explained] = {}
    for points, members in groups.items():
        ordered = sorted(members, key=lambda c: c.pairing_number)
        half = len(ordered) // 2
        place = {competitor.id: index for index, competitor in enumerate(ordered)}
        for a, b in level:
            if a.points != points:
                continue
            top, other = (a, b) if place[a.id] < place[b.id] else (b, a)
            at = place[top.id]
            partner = ordered[at + half] if at < half else ordered[at - half]
            found[frozenset((a.id, b.id))] = _why(top, other, partner, points, place, half)
    return found


def _why(
    top: Competitor,
    other: Competitor,
    partner: Competitor,
    points,
    place: dict[str, int],
    half: int,
) -> Explained:
    names = {"player": top.id, "opponent": other.id, "score_group": score_text(points)}
    if partner.id == other.id:
        return Explained(
            ORDER,
            {
                **names,
                "place": str(place[top.id] + 1),
                "opponent_place": str(place[other.id] + 1),
                "size": str(2 * half),
            },
        )
    names["ordered"] = partner.id
    if partner.id in top.opponents or top.id in partner.opponents:
        return Explained(REMATCH_AVOIDED, names)
    if not _may_share_a_game(top, partner):
        return Explained(SEATS_KEPT, {**names, "seat": _only_seat(top, partner)})
    due, _strength = preference(top.seats)
    if due is not None and preference(partner.seats)[0] == due != preference(other.seats)[0]:
        return Explained(PREFERENCE_KEPT, {**names, "seat": due})
    return Explained(ORDER_CHANGED, names)
