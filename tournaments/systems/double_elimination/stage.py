"""A double elimination: the plan's matches made at the start, winners and losers moved on
by the plan's routes, a player out after a second lost match, the grand final and its
reset."""

from collections.abc import Sequence

from tournaments.models import Championship, Entry, Match, Stage
from tournaments.services.finishing import finish
from tournaments.services.match_play import open_match, open_matches
from tournaments.systems.double_elimination import DOUBLE_ELIMINATION
from tournaments.systems.double_elimination import plan as plan_of
from tournaments.systems.double_elimination.selectors import key_of, planned_matches

SIDES = ("first", "second")


def start_double_elimination(championship: Championship, seeded: Sequence[Entry]) -> Stage:
    """Make every match of the plan but the reset (played only when needed), put the seeds
    in their places and open the first matches."""
    stage = Stage.objects.create(
        championship=championship,
        kind=DOUBLE_ELIMINATION,
        format=championship.playoff_format,
        lots={"entrants": len(seeded), "grand_final_reset": championship.grand_final_reset},
    )
    championship.status = DOUBLE_ELIMINATION
    championship.save(update_fields=["status"])
    matches = []
    for planned in planned_matches(stage):
        if planned.is_reset:
            continue
        match = Match(
            stage=stage,
            bracket=planned.key.bracket,
            round=planned.key.round,
            index=planned.key.index,
        )
        for side, source in zip(SIDES, (planned.first, planned.second), strict=True):
            if source.kind == "seed":
                setattr(match, side, seeded[source.seed - 1])
        matches.append(match)
    Match.objects.bulk_create(matches)
    advance_double_elimination(championship)
    return stage


def advance_double_elimination(championship: Championship) -> None:
    """Send each decided match's winner and loser where the plan says, settle a match whose
    player can no longer come (both lost the match before), open every match whose two
    players are known, play the reset when the grand final asks for it, and finish."""
    stage = championship.stages.get(kind=DOUBLE_ELIMINATION)
    planned = {match.key: match for match in planned_matches(stage)}
    matches = {
        key_of(match): match
        for match in stage.matches.select_related("first__player", "second__player", "stage")
    }
    # A match opened with a withdrawn player is settled at once (a walkover), and its
    # players go on at once too.
    settled_at_once = True
    while settled_at_once:
        _route(planned, matches)
        ready = [
            match
            for match in matches.values()
            if match.status == Match.Status.WAITING and match.first_id and match.second_id
        ]
        open_matches(championship, ready)
        settled_at_once = any(match.status == Match.Status.FINISHED for match in ready)
    grand_final = matches.get(plan_of.MatchKey("final", 1, 0))
    if grand_final is None or grand_final.status != Match.Status.FINISHED:
        return
    reset_key = plan_of.MatchKey("final", 2, 0)
    reset_needed = stage.lots["grand_final_reset"] and plan_of.reset_needed(
        1 if grand_final.winner_id == grand_final.second_id else 0
    )
    if not reset_needed:
        finish(championship)
        return
    reset = matches.get(reset_key)
    if reset is None:
        reset = Match.objects.create(
            stage=stage, bracket="final", round=2, index=0,
            first=grand_final.first, second=grand_final.second,
        )  # fmt: skip
        open_match(championship, reset)
    elif reset.status == Match.Status.FINISHED:
        finish(championship)


def _route(
    planned: dict[plan_of.MatchKey, plan_of.PlannedMatch], matches: dict[plan_of.MatchKey, Match]
) -> None:
    """Send every decided match's winner and loser where the plan says, and settle the
    matches a side of which can no longer come, until nothing changes."""
    changed = True
    while changed:
        changed = False
        for key in sorted(matches):
            match = matches[key]
            if match.status != Match.Status.FINISHED:
                changed |= _settle_if_a_side_cannot_come(match, planned[key], matches)
                continue
            for target, player in ((planned[key].winner_to, match.winner),
                                   (planned[key].loser_to, _loser(match))):  # fmt: skip
                if target is None or player is None or target[0] not in matches:
                    continue
                following, side = matches[target[0]], SIDES[target[1]]
                if getattr(following, f"{side}_id") is None:
                    setattr(following, side, player)
                    following.save(update_fields=[side])
                    changed = True


def _loser(match: Match) -> Entry | None:
    if match.winner_id is None or match.second_id is None:
        return None
    return match.second if match.winner_id == match.first_id else match.first


def _settle_if_a_side_cannot_come(
    match: Match, planned: plan_of.PlannedMatch, matches: dict[plan_of.MatchKey, Match]
) -> bool:
    """A side fed by a match that was decided with nobody to send (both players lost it:
    both withdrew, or a double forfeit) stays empty: the other side goes on, or, with both
    empty, the match is settled with no winner."""
    if match.status != Match.Status.WAITING:
        return False
    empty = []
    for side, source in zip(SIDES, (planned.first, planned.second), strict=True):
        if getattr(match, f"{side}_id") is not None or source.kind == "seed":
            continue
        feeder = matches.get(source.match)
        if feeder is None or feeder.status != Match.Status.FINISHED:
            return False  # still to come
        sent = feeder.winner if source.kind == "winner" else _loser(feeder)
        if sent is not None:
            return False  # on its way: routed by the loop
        empty.append(side)
    if not empty:
        return False
    present = [getattr(match, side) for side in SIDES if side not in empty]
    match.winner = present[0] if present else None
    match.forfeit = True
    match.status = Match.Status.FINISHED
    match.save(update_fields=["winner", "forfeit", "status"])
    return True
