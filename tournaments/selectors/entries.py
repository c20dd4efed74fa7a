"""Entries and invitations: who is entered, seeded, checked in, invited, and where each
entrant stands."""

import hmac
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Count
from django.utils import timezone

from ratings.selectors import ratings_of
from tournaments.bracket import PLAYOFF
from tournaments.models import (
    Championship,
    Entry,
    Invitation,
    Match,
)
from tournaments.selectors.standings import system_of
from tournaments.systems import registry


def entrant_counts(championship_ids: list[int]) -> dict[int, int]:
    """Entrants (withdrawn ones included) of each championship, in one query."""
    rows = (
        Entry.objects.filter(championship_id__in=championship_ids)
        .values("championship_id")
        .annotate(count=Count("id"))
    )
    return {row["championship_id"]: row["count"] for row in rows}


def entries_of(championship: Championship) -> list[Entry]:
    """The championship's entries in entry order, with their players."""
    return list(championship.entries.select_related("player").order_by("entered_at", "id"))


def entries_closed(championship: Championship, now: datetime | None = None) -> bool:
    """Whether the championship's entries closed at its `entries_close_at`."""
    closes = championship.entries_close_at
    return closes is not None and (now or timezone.now()) >= closes


def late_entry_open(championship: Championship) -> bool:
    """Whether a championship under way still takes entrants: its system takes late
    entrants now, and no closing time was set for its entries."""
    if championship.status not in registry.playing_statuses() or championship.entries_close_at:
        return False
    takes = system_of(championship).late_entry
    return takes is not None and takes(championship)


def join_code_matches(championship: Championship, code: str) -> bool:
    """Whether `code` is the championship's join code, compared in constant time: how long
    a wrong one takes tells nothing of the right one."""
    return hmac.compare_digest(championship.join_code.encode(), code.encode())


def championship_by_join_code(championship_id: int, code: str) -> Championship | None:
    """The championship whose join link this is, or None for a wrong or replaced code,
    whoever asks: the code is what lets them see it."""
    championship = (
        Championship.objects.select_related("organiser").filter(pk=championship_id).first()
    )
    if championship is None or not join_code_matches(championship, code):
        return None
    return championship


def pending_invitations(championship: Championship) -> list[Invitation]:
    """The invitations the invited players have not answered yet, oldest first."""
    return list(
        championship.invitations.filter(status=Invitation.Status.INVITED).select_related("player")
    )


def invitation_of(championship: Championship, user) -> Invitation | None:
    """The user's unanswered invitation to the championship, if any."""
    if not user.is_authenticated:
        return None
    return championship.invitations.filter(status=Invitation.Status.INVITED, player=user).first()


def invitations_for(user) -> list[Invitation]:
    """The user's unanswered invitations to championships, newest first."""
    if not user.is_authenticated:
        return []
    pending = Invitation.objects.filter(player=user, status=Invitation.Status.INVITED)
    return list(pending.select_related("championship__organiser").order_by("-invited_at", "-id"))


def seeds_of(championship: Championship) -> list[Entry]:
    """The entrants in the order the groups would be drawn in now: the organisers' seeds,
    then by rating."""
    from_rating = championship.entries.filter(withdrawn_at__isnull=True).select_related("player")
    return seeding_order(from_rating, championship.game)


def seeding_order(entries: Iterable[Entry], game: str) -> list[Entry]:
    """Entries best first: those the organiser seeded in their order, then rated players by
    their rating in the game, then the unrated ones in entry order."""
    entries = list(entries)
    ratings = ratings_of([entry.player_id for entry in entries], game)

    def key(entry: Entry) -> tuple:
        rating = ratings.get(entry.player_id)
        return (
            entry.seed is None,
            entry.seed or 0,
            rating is None,
            -(rating or 0.0),
            entry.entered_at,
            entry.pk,
        )

    return sorted(entries, key=key)


@dataclass(frozen=True)
class EntrantState:
    """Where an entrant stands: `state` is `entered` or `checked_in` (registration),
    `playing` (in a group, named, or the playoff), `qualified` (their group is over and they
    go on), `out` (their group or a playoff match is over for them), `withdrawn`, and at the
    end `champion` or `placed` (with `rank`; `withdrawn` then says whether they left on the
    way)."""

    state: str
    withdrawn: bool = False
    group: str | None = None
    rank: int | None = None
    # Where a `playing` entrant plays: the kind of the stage it plays in.
    stage: str | None = None

    @property
    def playing_in(self) -> str:
        """Where a `playing` entrant plays, in words ("playing in the Swiss")."""
        return str(registry.stage(self.stage).playing_in) if self.stage else ""


def entrant_states(championship: Championship) -> dict[int, EntrantState]:
    """Each entry's state (by entry id), read from the stage the championship is in."""
    entries = list(championship.entries.all())
    status = championship.status
    if status == Championship.Status.REGISTRATION:
        # With a check-in, whoever has confirmed reads so (the others are withdrawn at the start).
        return {
            e.pk: EntrantState(
                "checked_in" if championship.check_in_s and e.checked_in_at else "entered",
                e.withdrawn_at is not None,
            )
            for e in entries
        }
    if status == Championship.Status.FINISHED:
        ranks = dict(championship.final_ranking.values_list("entry_id", "rank"))
        return {
            e.pk: EntrantState(
                "champion" if ranks.get(e.pk) == 1 else "placed",
                e.withdrawn_at is not None,
                rank=ranks.get(e.pk),
            )
            for e in entries
        }
    system = system_of(championship)
    own = system.entrant_states(championship) if system.entrant_states else {}
    playoff = championship.stages.filter(kind=PLAYOFF).first()
    in_playoff, knocked_out = set(), set()
    if playoff is not None:
        bracket_matches = list(playoff.matches.all())
        for match in bracket_matches:
            sides = {match.first_id, match.second_id} - {None}
            in_playoff |= sides
            if match.status == Match.Status.FINISHED and not match.third_place:
                knocked_out |= sides - {match.winner_id}
        # A semi-final's loser still plays for third place until that match is over.
        third = next((m for m in bracket_matches if m.third_place), None)
        if third is not None and third.status != Match.Status.FINISHED:
            knocked_out -= {third.first_id, third.second_id}
    states = {}
    for entry in entries:
        own_state, group = own.get(entry.pk, ("playing", None))
        stage = system.first_stage
        if entry.withdrawn_at is not None:
            state = "withdrawn"
        elif own_state == "out" and group is None:
            state = "out"  # out of a system that needs no playoff to put them out
        elif playoff is not None:
            state = "playing" if entry.pk in in_playoff - knocked_out else "out"
            group = None  # the stage before is behind them
            stage = PLAYOFF
        else:
            state = own_state
        states[entry.pk] = EntrantState(
            state, entry.withdrawn_at is not None, group=group, stage=stage
        )
    return states


def check_in_window(championship: Championship) -> tuple[datetime, datetime] | None:
    """When check-in opens and closes (at the start), or None without a check-in."""
    if not championship.check_in_s or championship.starts_at is None:
        return None
    return (
        championship.starts_at - timedelta(seconds=championship.check_in_s),
        championship.starts_at,
    )


def check_in_open(championship: Championship, now: datetime | None = None) -> bool:
    found = check_in_window(championship)
    now = now or timezone.now()
    return (
        found is not None
        and championship.status == Championship.Status.REGISTRATION
        and found[0] <= now < found[1]
    )


def seeded_names(championship: Championship) -> list[str]:
    """The entrants' names in the order the start would seed them now."""
    return [entry.player.shown_name for entry in seeds_of(championship)]


def present_entrants(championship: Championship) -> int:
    return championship.entries.filter(withdrawn_at__isnull=True).count()
