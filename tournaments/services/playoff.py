"""The single-elimination playoff after the groups or the Swiss: its draw, moving winners
on, the match for third place."""

from collections.abc import Sequence

from django.utils.translation import gettext_lazy as _

from tournaments import bracket
from tournaments.bracket import PLAYOFF
from tournaments.models import Championship, Entry, Match, Stage
from tournaments.services.finishing import finish
from tournaments.services.match_play import open_matches
from tournaments.systems.base import SettingRule, StageKind


def seeded_slots(seeded: Sequence[Entry]) -> list[Entry | None]:
    """The first round's slots of a bracket of `seeded` (best first): the standard seeded
    draw, byes to the top seeds."""
    size = bracket.bracket_size(len(seeded))
    return [seeded[seed - 1] if seed <= len(seeded) else None for seed in bracket.seed_order(size)]


def start_playoff(championship: Championship, first_round: list[Entry | None]) -> None:
    """Create the playoff with `first_round` in its slots (None: a bye) and play it; with
    fewer than two players there is nothing to play and the championship ends."""
    stage = Stage.objects.create(
        championship=championship, kind=PLAYOFF, format=championship.playoff_format
    )
    championship.status = PLAYOFF
    championship.save(update_fields=["status"])
    players = sum(entry is not None for entry in first_round)
    if players < 2:
        finish(championship)
        return
    size = len(first_round)
    rounds = len(bracket.round_names(size))
    matches = []
    for round_number in range(1, rounds + 1):
        for index in range(size >> round_number):
            match = Match(stage=stage, round=round_number, index=index)
            if round_number == 1:
                match.first, match.second = first_round[2 * index], first_round[2 * index + 1]
                if match.first is None or match.second is None:
                    match.winner = match.first or match.second
                    match.status = Match.Status.FINISHED
            matches.append(match)
    if championship.third_place and bracket.third_place_played(players):
        matches.append(Match(stage=stage, round=rounds, index=1, third_place=True))
    Match.objects.bulk_create(matches)
    advance_playoff(championship)


def advance_playoff(championship: Championship) -> None:
    """Move every decided match's winner (and a semi-final's loser) on, open the matches
    whose players are known, and finish the championship after the final."""
    stage = championship.stages.get(kind=PLAYOFF)
    matches = list(stage.matches.select_related("first__player", "second__player", "stage"))
    last_round = max(match.round for match in matches)
    by_place = {(m.round, m.index, m.third_place): m for m in matches}
    # A match opened with a withdrawn player is settled at once (a walkover): its winner
    # goes on at once too.
    settled_at_once = True
    while settled_at_once:
        _move_on(matches, by_place, last_round)
        ready = [
            match
            for match in matches
            if match.status == Match.Status.WAITING and match.first_id and match.second_id
        ]
        open_matches(championship, ready)
        settled_at_once = any(match.status == Match.Status.FINISHED for match in ready)
        for match in matches:
            if match.status == Match.Status.WAITING and not (match.first_id and match.second_id):
                settled_at_once |= _settle_if_nobody_comes(match, by_place, last_round)
    final = by_place[(last_round, 0, False)]
    third = by_place.get((last_round, 1, True))
    if final.status == Match.Status.FINISHED and (
        third is None or third.status == Match.Status.FINISHED
    ):
        finish(championship)


def _nobody_comes(match: Match, side: int, by_place: dict, last_round: int) -> bool:
    """Whether side `side` of a match waits for nobody: the match that was to send its
    player ended with no winner (both its players had left), or, for the match for third
    place, with no loser."""
    if match.third_place:
        feeder = by_place[(last_round - 1, side, False)]
        sent = feeder.second_id if feeder.winner_id == feeder.first_id else feeder.first_id
        return feeder.status == Match.Status.FINISHED and (feeder.winner_id is None or not sent)
    feeder = by_place.get((match.round - 1, 2 * match.index + side, False))
    return (
        feeder is not None and feeder.status == Match.Status.FINISHED and feeder.winner_id is None
    )


def _settle_if_nobody_comes(match: Match, by_place: dict, last_round: int) -> bool:
    """A match one or both of whose players will never come is settled at once: the player
    there goes on by walkover, and with nobody there it ends with no winner. Whether it was
    settled."""
    sides = (match.first, match.second)
    if any(
        entry is None and not _nobody_comes(match, side, by_place, last_round)
        for side, entry in enumerate(sides)
    ):
        return False  # a player is still to come
    present = [entry for entry in sides if entry is not None]
    match.winner = present[0] if present else None
    match.forfeit = True
    match.status = Match.Status.FINISHED
    match.save(update_fields=["winner", "forfeit", "status"])
    return True


def _move_on(matches: list[Match], by_place: dict, last_round: int) -> None:
    """Each decided match's winner into the next round, a semi-final's loser into the match
    for third place."""
    for match in sorted(matches, key=lambda m: (m.round, m.index)):
        if match.status != Match.Status.FINISHED or match.third_place or match.round == last_round:
            continue
        next_round, next_index = bracket.next_match(match.round, match.index)
        following = by_place[(next_round, next_index, False)]
        side = ("first", "second")[bracket.winner_side(match.index)]
        if getattr(following, f"{side}_id") is None and match.winner_id is not None:
            setattr(following, side, match.winner)
            following.save(update_fields=[side])
        # The match for third place, when it is played (never after a semi-final bye).
        third = by_place.get((last_round, 1, True))
        if match.round == last_round - 1 and third is not None:
            loser = match.second if match.winner_id == match.first_id else match.first
            if getattr(third, f"{side}_id") is None and loser is not None:
                setattr(third, side, loser)
                third.save(update_fields=[side])


def round_names(matches: list[Match]):
    """The playoff's rounds by their bracket names ("Semi-final", "Final", "Third place")."""
    rounds = max((match.round for match in matches), default=0)
    names = bracket.round_names(2**rounds) if rounds else []
    return lambda match: "Third place" if match.third_place else names[match.round - 1]


def playoff_later_matches(match: Match) -> list[Match]:
    """In the playoff: the next round's match, and for a semi-final the match for third
    place."""
    matches = list(match.stage.matches.all())
    last_round = max(m.round for m in matches)
    if match.third_place or match.round == last_round:
        return []
    next_round, next_index = bracket.next_match(match.round, match.index)
    later = [
        m for m in matches if (m.round, m.index, m.third_place) == (next_round, next_index, False)
    ]
    if match.round == last_round - 1:
        later += [m for m in matches if m.third_place]
    return later


# The playoff is the core's: a system that ends with one (the groups, a Swiss with players
# who go on) starts it with `start_playoff`.
STAGES = (
    StageKind(
        kind=PLAYOFF,
        title=_("Playoff"),
        round_heading=_("Playoff, round %(number)s"),
        playing_in=_("playing in the playoff"),
        round_started={
            None: _(
                "Round %(round)s of the playoff of %(championship)s: "
                "your game against %(opponent)s is ready."
            )
        },
        status_label=_("Playoff"),
        advance=advance_playoff,
        knockout=True,
        opens_whole_rounds=True,
        schedule_order=50,
        round_names=round_names,
        later_matches=playoff_later_matches,
        correctable_at_the_end=list,
    ),
)

# The settings and the creation form's words of a system that ends with the playoff.
PLAYOFF_SETTINGS = (SettingRule("playoff_format"), SettingRule("third_place"))
PLAYOFF_FORM_WORDS = {
    "heading": _("Playoff"),
    "help": _(
        "A knockout bracket of the players who advance: group winners meet runners-up of "
        "other groups (after a Swiss: the top of its ranking), and a drawn game is "
        "replayed with the seats swapped."
    ),
}
