"""The organiser's entries are invitations, one name or a list of them: a player becomes an
entrant only by accepting."""

from dataclasses import dataclass
from enum import StrEnum

from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts import plans
from accounts import selectors as account_selectors
from accounts.models import User
from accounts.usernames import canonical_username
from games import plan_rules
from infrastructure import throttling
from infrastructure.errors import Conflict, DomainError, NotAllowed, NotFound, TooMany
from tournaments import streams
from tournaments.models import Championship, Decision, Entry, Invitation
from tournaments.services import decision_log, notices
from tournaments.services.entries import admit, check_registration_open, enter
from tournaments.services.locking import locked_championship

USERNAMES_MAX = 200


class Outcome(StrEnum):
    """What became of one name of a list of invitations."""

    INVITED = "invited"
    ENTERED = "entered"  # the organiser's own name: they enter
    ERROR = "error"


@dataclass(frozen=True)
class NameOutcome:
    """One name of a list, as sent, and what became of it (a refusal's code and words)."""

    username: str
    status: Outcome
    code: str | None = None
    detail: str | None = None
    retry_after: int | None = None


def organises_entries(user: User | AnonymousUser, championship: Championship) -> bool:
    """Whether `user` manages who enters: invites players and holds the join link. The
    organiser alone (co-organisers and staff decide games, not entries)."""
    return user.is_authenticated and user.pk == championship.organiser_id


def enter_or_invite(
    championship_id: int, *, by: User, username: str | None = None
) -> Entry | Invitation:
    """What the entries endpoint does: a player named by the organiser is invited; a
    player who names nobody (or themselves) enters."""
    if username and canonical_username(username) != by.username_key:
        return invite(championship_id, by=by, username=username)
    return enter(championship_id, by=by)


def invite(championship_id: int, *, by: User, username: str) -> Invitation:
    """The organiser invites a player; pending invitations count toward the entrant limit."""
    with transaction.atomic():
        championship = locked_championship(championship_id)
        _check_organiser(championship, by)
        check_registration_open(championship)
        return _invite(championship, by, username)


def invite_many(championship_id: int, *, by: User, usernames: list[str]) -> list[NameOutcome]:
    """The organiser invites a list of players (their own name enters them), each name on
    its own: one refused changes nothing of the others. The outcomes in the order sent.

    Who sends it and whether entries are open are checked once for the whole list."""
    with transaction.atomic():
        championship = locked_championship(championship_id)
        _check_organiser(championship, by)
        check_registration_open(championship)
        outcomes = []
        for username in usernames:
            try:
                # A savepoint each: a name refused half way leaves nothing behind.
                with transaction.atomic():
                    if canonical_username(username) == by.username_key:
                        admit(championship, by)
                        outcomes.append(NameOutcome(username, Outcome.ENTERED))
                    else:
                        _invite(championship, by, username)
                        outcomes.append(NameOutcome(username, Outcome.INVITED))
            except DomainError as refusal:
                wait = refusal.retry_after if isinstance(refusal, TooMany) else None
                outcomes.append(
                    NameOutcome(username, Outcome.ERROR, refusal.code, refusal.message, wait)
                )
    return outcomes


def _check_organiser(championship: Championship, by: User) -> None:
    if not organises_entries(by, championship):
        raise NotAllowed(_("Only the organiser invites other players."))


def _invite(championship: Championship, by: User, username: str) -> Invitation:
    """Invite `username` to the locked championship, whose entries are open."""
    # A guest or a closed account is nobody to invite: as if there were no such player.
    player = account_selectors.player_named(username)
    if player is None:
        raise DomainError(
            _("There is no player called %(name)s.") % {"name": username}, field="username"
        )
    if championship.entries.filter(player=player).exists():
        raise Conflict(
            _("%(player)s has already entered.") % {"player": player.username},
            code="already_entered",
            field="username",
        )
    pending = championship.invitations.filter(status=Invitation.Status.INVITED)
    if pending.filter(player=player).exists():
        raise Conflict(
            _("%(player)s is already invited.") % {"player": player.username},
            code="already_invited",
            field="username",
        )
    limit = plans.championship_entrant_limit(championship.organiser)
    if limit is not None and championship.entries.count() + pending.count() >= limit:
        raise Conflict(
            _(
                "This championship is full: %(limit)s entrants and pending invitations "
                "on the organiser's free plan."
            )
            % {"limit": limit},
            code="championship_full",
            field="username",
        )
    plan_rules.check_may_play(championship.game, championship.options, player)
    # Counted once the invitation is good to send: a wrong name costs nothing.
    throttling.spend(
        [throttling.CHAMPIONSHIP_INVITATIONS_SCOPE],
        throttling.account_ident(by),
        _("Too many invitations sent."),
    )
    invitation = Invitation.objects.create(championship=championship, player=player)
    decision_log.record(
        championship, Decision.Action.INVITED, by=by, players=[player],
        after={"invitation": Invitation.Status.INVITED},
    )  # fmt: skip
    notices.championship_invited(invitation)
    return invitation


def accept_invitation(championship_id: int, *, by: User) -> Entry:
    """The invited player enters, with every check of an entry."""
    with transaction.atomic():
        championship = locked_championship(championship_id)
        _pending(championship, by)
        return admit(championship, by)


def decline_invitation(championship_id: int, *, by: User) -> Invitation:
    with transaction.atomic():
        championship = locked_championship(championship_id)
        invitation = _pending(championship, by)
        invitation.status = Invitation.Status.DECLINED
        invitation.answered_at = timezone.now()
        invitation.save(update_fields=["status", "answered_at"])
        streams.audience_changed(championship)
    return invitation


def cancel_pending_invitations(championship: Championship) -> int:
    """At the start: the invitations nobody answered lapse. Returns how many."""
    pending = championship.invitations.filter(status=Invitation.Status.INVITED)
    lapsed = pending.update(status=Invitation.Status.CANCELLED, answered_at=timezone.now())
    if lapsed:
        streams.audience_changed(championship)
    return lapsed


def _pending(championship: Championship, player: User) -> Invitation:
    invitation = championship.invitations.filter(
        player=player, status=Invitation.Status.INVITED
    ).first()
    if invitation is None:
        raise NotFound(_("You have no invitation to this championship waiting for an answer."))
    return invitation
