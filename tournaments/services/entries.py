"""Entering a championship and leaving it; the organiser removing or withdrawing a player."""

from enum import StrEnum

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts import guests, plans
from accounts.models import User
from accounts.usernames import canonical_username
from games import plan_rules
from games import selectors as game_selectors
from games import services as game_services
from games.models import Game
from infrastructure.errors import Conflict, NotAllowed, NotFound
from tournaments import deciders, selectors, streams
from tournaments.models import Championship, Decision, Entry, Invitation
from tournaments.services import decision_log, notices
from tournaments.services.locking import locked_championship
from tournaments.services.progress import matches_of, schedule_advance


class Removal(StrEnum):
    """What `withdraw` did."""

    LEFT = "left"  # a player took back their own entry before the start
    REMOVED = "removed"  # the organiser removed an entry before the start
    UNINVITED = "uninvited"  # the organiser cancelled an invitation not yet answered
    WITHDRAWN = "withdrawn"  # after the start: the player's remaining games are forfeited


def enter(championship_id: int, *, by: User) -> Entry:
    """A player enters themselves (an invitation of theirs counts as accepted)."""
    with transaction.atomic():
        return admit(locked_championship(championship_id), by)


def check_registration_open(championship: Championship) -> None:
    """Refuse once the championship has started or its entries have closed, unless its
    system takes late entrants (a Swiss with no closing time for its entries until its last
    round is paired, FIDE C.04.2; an Arena until its time is up)."""
    if championship.status != Championship.Status.REGISTRATION and not selectors.late_entry_open(
        championship
    ):
        raise Conflict(_("Registration is closed."), code="registration_closed")
    if selectors.entries_closed(championship):
        moment = timezone.localtime(championship.entries_close_at)
        raise Conflict(
            _("Entries closed at %(time)s.") % {"time": moment.strftime("%Y-%m-%d %H:%M %Z")},
            code="entries_closed",
        )


def admit(championship: Championship, player: User) -> Entry:
    """Make `player` an entrant of the locked championship, with every check of an entry."""
    check_may_enter(championship, player)
    entry = Entry.objects.create(championship=championship, player=player)
    championship.invitations.filter(player=player, status=Invitation.Status.INVITED).update(
        status=Invitation.Status.ACCEPTED, answered_at=timezone.now()
    )
    if championship.status != Championship.Status.REGISTRATION:
        # A late entrant of a system that takes them (an Arena pairs them at once).
        schedule_advance(championship.pk)
    return entry


def check_may_enter(championship: Championship, player: User) -> None:
    """Refuse `player` an entry: a guest, entries closed, the championship full, already
    entered, a game their plan does not open. Writes nothing (a page asks it to say why
    it offers no button)."""
    guests.refuse_guest(player, guests.GuestRefusal.CHAMPIONSHIPS)
    check_registration_open(championship)
    limit = plans.championship_entrant_limit(championship.organiser)
    if limit is not None and championship.entries.count() >= limit:
        raise Conflict(
            _("This championship is full: %(limit)s entrants on the organiser's free plan.")
            % {"limit": limit},
            code="championship_full",
        )
    if championship.entries.filter(player=player).exists():
        raise Conflict(
            _("%(player)s has already entered.") % {"player": player.username},
            code="already_entered",
        )
    plan_rules.check_may_play(championship.game, championship.options, player)


def withdraw(championship_id: int, *, by: User, username: str | None = None) -> Removal:
    """Leave before the start, or withdraw later: the remaining games are forfeited.

    The organiser may do either for any player, and cancel an unanswered invitation; after
    the start a co-organiser or staff may withdraw a player too. Nobody withdraws a player
    they still have a match to play against (403 `conflict_of_interest`). What is done to
    another player is logged.
    """
    with transaction.atomic():
        championship = locked_championship(championship_id)
        target = username or by.username
        key = canonical_username(target)
        organiser = by.pk == championship.organiser_id
        registration = championship.status == Championship.Status.REGISTRATION
        # Before the start the entries are the organiser's; after it, a withdrawal forfeits
        # games, which is a decision on them.
        may_remove = organiser or (
            not registration and deciders.has_a_deciders_role(by, championship)
        )
        if key != by.username_key and not may_remove:
            raise NotAllowed(_("Only the organiser withdraws other players."))
        entry = (
            championship.entries.filter(player__username_key=key).select_related("player").first()
        )
        if entry is None and registration and organiser:
            invitation = championship.invitations.filter(
                player__username_key=key, status=Invitation.Status.INVITED
            ).first()
            if invitation is not None:
                return _uninvite(championship, invitation, by)
        if entry is None or entry.withdrawn_at is not None:
            raise NotFound(
                _("%(player)s is not playing in this championship.") % {"player": target}
            )
        by_the_organiser = entry.player_id != by.pk
        if registration:
            entry.delete()
            streams.audience_changed(championship)
            if by_the_organiser:
                decision = decision_log.record(
                    championship, Decision.Action.REMOVED, by=by, players=[entry.player],
                    before={"entry": "entered"}, after={"entry": "removed"},
                )  # fmt: skip
                notices.decision_made(decision)
            return Removal.REMOVED if by_the_organiser else Removal.LEFT
        if championship.status == Championship.Status.FINISHED:
            raise Conflict(_("The championship is over."), code="championship_over")
        if by_the_organiser:
            _refuse_a_game_of_their_own(championship, entry, by)
        entry.withdrawn_at = timezone.now()
        entry.save(update_fields=["withdrawn_at"])
        if by_the_organiser:
            decision = decision_log.record(
                championship, Decision.Action.WITHDREW, by=by, players=[entry.player],
                before={"entry": "playing"}, after={"entry": "withdrawn"},
            )  # fmt: skip
            notices.decision_made(decision)
        active = game_selectors.games_seating(
            entry.player,
            game_selectors.games_for_matches(matches_of(championship), Game.Status.ACTIVE),
        )
        for game_id in list(active.values_list("id", flat=True)):
            game_services.forfeit(game_id, entry.player)
        schedule_advance(championship.pk)
        return Removal.WITHDRAWN


def _refuse_a_game_of_their_own(championship: Championship, entry: Entry, by: User) -> None:
    """A withdrawal forfeits the player's matches not yet settled and takes them out of
    their contests: one with a stake in any of those (an opponent, a rival of their group,
    table or bracket) may not make it (another co-organiser or staff may)."""
    if by.pk in deciders.stake_in_a_withdrawal(championship, entry):
        raise NotAllowed(
            _(
                "You compete with %(player)s in this championship, so you cannot withdraw "
                "them: a co-organiser (or staff) can."
            )
            % {"player": entry.player.username},
            code=deciders.CONFLICT_OF_INTEREST,
        )


def _uninvite(championship: Championship, invitation: Invitation, by: User) -> Removal:
    invitation.status = Invitation.Status.CANCELLED
    invitation.answered_at = timezone.now()
    invitation.save(update_fields=["status", "answered_at"])
    streams.audience_changed(championship)
    decision_log.record(
        championship, Decision.Action.REMOVED, by=by, players=[invitation.player],
        before={"invitation": Invitation.Status.INVITED},
        after={"invitation": Invitation.Status.CANCELLED},
    )  # fmt: skip
    return Removal.UNINVITED
