"""The championships' share of a player's own data: their entries, invitations and the
championships they organise; and what a deleted account leaves (it withdraws from what
it still plays, and the championships it organises go on without it)."""

from django.db.models import Q
from django.utils.translation import ngettext

from accounts.models import User
from accounts.personal_data import DeletedAccount, Part
from infrastructure.errors import DomainError
from tournaments import services, streams
from tournaments.models import (
    CalendarFeed,
    Championship,
    Decision,
    Entry,
    FinalRank,
    Invitation,
)


def _championship(championship: Championship) -> dict:
    return {
        "id": championship.pk,
        "name": championship.name,
        "game": championship.game,
        "status": championship.status,
        "page": championship.get_absolute_url(),
    }


def export(user: User) -> dict:
    """The player's own entries and invitations, and what they organise: never a
    championship they have nothing to do with, however public."""
    entries = Entry.objects.filter(player=user).select_related("championship")
    ranks = dict(FinalRank.objects.filter(entry__player=user).values_list("entry_id", "rank"))
    invitations = Invitation.objects.filter(player=user).select_related("championship")
    organised = Championship.objects.filter(organiser=user).order_by("created_at", "id")
    co_organised = user.co_organised.order_by("created_at", "id")
    feed = CalendarFeed.objects.filter(player=user).first()
    return {
        "entries": [
            {
                "championship": _championship(entry.championship),
                "entered_at": entry.entered_at,
                "withdrawn_at": entry.withdrawn_at,
                "final_rank": ranks.get(entry.pk),
            }
            for entry in entries.order_by("entered_at", "id")
        ],
        "invitations": [
            {
                "championship": _championship(invitation.championship),
                "status": invitation.status,
                "invited_at": invitation.invited_at,
                "answered_at": invitation.answered_at,
            }
            for invitation in invitations.order_by("invited_at", "id")
        ],
        "organised": [
            {
                **_championship(championship),
                "visibility": championship.visibility,
                "created_at": championship.created_at,
                "started_at": championship.started_at,
                "finished_at": championship.finished_at,
            }
            for championship in organised
        ],
        "co_organised": [_championship(championship) for championship in co_organised],
        # Whether there is a private calendar address, not the address: it is a secret.
        "calendar_feed_created_at": feed.created_at if feed else None,
    }


def erase(gone: DeletedAccount) -> None:
    """Unanswered invitations are declined; an entry before the start is taken back, and
    after it withdrawn (the remaining games forfeited, the opponents winning them); a
    finished championship keeps the entry as it was. The championships the person
    organises stay and go on by their rules. The log's results name them by the
    placeholder, and their private calendar address stops working."""
    user = gone.user
    pending = Invitation.objects.filter(player=user, status=Invitation.Status.INVITED)
    for championship_id in pending.values_list("championship_id", flat=True):
        try:
            services.decline_invitation(championship_id, by=user)
        except DomainError:
            continue  # answered or lapsed meanwhile
    playing = Entry.objects.filter(player=user, withdrawn_at__isnull=True).exclude(
        championship__status=Championship.Status.FINISHED
    )
    for championship_id in playing.values_list("championship_id", flat=True):
        try:
            services.withdraw(championship_id, by=user)
        except DomainError:
            continue  # finished meanwhile: the entry stays as it ended
    CalendarFeed.objects.filter(player=user).delete()
    _rename_in_results(user, gone.old_username)
    # Their sessions and tokens stop working: their open streams of the private
    # championships they could see end.
    kept = Championship.objects.filter(
        Q(organiser=user) | Q(entries__player=user) | Q(co_organisers=user),
        visibility=Championship.Visibility.PRIVATE,
    )
    kept = list(kept.distinct())
    # A closed account decides nothing: it is no one's co-organiser any more.
    user.co_organised.clear()
    for championship in kept:
        streams.visibility_changed(championship)


def _rename_in_results(user: User, old_username: str) -> None:
    """The decisions' results name a player as text: the old name becomes the placeholder,
    so that a new account of that name is never read as the winner."""
    played = Entry.objects.filter(player=user).values("championship_id")
    decisions = Decision.objects.filter(
        Q(championship__in=played) | Q(championship__in=user.co_organised.all())
    )
    for decision in decisions.only("id", "before", "after"):
        changed = []
        for side in ("before", "after"):
            result = getattr(decision, side)
            if not isinstance(result, dict):
                continue
            if result.get("winner") == old_username:
                result = {**result, "winner": user.username}
            names = result.get("co_organisers")
            if isinstance(names, list) and old_username in names:
                renamed = [user.username if name == old_username else name for name in names]
                result = {**result, "co_organisers": renamed}
            if result != getattr(decision, side):
                setattr(decision, side, result)
                changed.append(side)
        if changed:
            decision.save(update_fields=changed)


def consequences(user: User) -> list[str]:
    """What deleting the account would do to the person's championships."""
    unfinished = ~Q(championship__status=Championship.Status.FINISHED)
    playing = Entry.objects.filter(unfinished, player=user, withdrawn_at__isnull=True).count()
    organised = (
        Championship.objects.filter(organiser=user)
        .exclude(status=Championship.Status.FINISHED)
        .count()
    )
    lines = []
    if playing:
        lines.append(
            ngettext(
                "You leave the %(count)s championship you are playing in; once it has "
                "started, your remaining games there are forfeited.",
                "You leave the %(count)s championships you are playing in; in those that "
                "have started, your remaining games are forfeited.",
                playing,
            )
            % {"count": playing}
        )
    if organised:
        lines.append(
            ngettext(
                "The %(count)s championship you organise stays and goes on by its rules, with "
                "nobody to organise it: it starts only at its scheduled time, and a decision "
                "only an organiser can take will not be taken.",
                "The %(count)s championships you organise stay and go on by their rules, "
                "with nobody to organise them: they start only at their scheduled times, and "
                "decisions only an organiser can take will not be taken.",
                organised,
            )
            % {"count": organised}
        )
    return lines


PART = Part("championships", export=export, erase=erase, consequences=consequences)
