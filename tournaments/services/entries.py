"""Entering a championship and leaving it."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts import plans
from accounts.models import User
from accounts.usernames import canonical_username
from config.errors import Conflict, DomainError, NotAllowed, NotFound
from games import plan_rules
from games import selectors as game_selectors
from games import services as game_services
from games.models import Game
from tournaments.models import Championship, Entry
from tournaments.services.locking import locked_championship
from tournaments.services.progress import matches_of, schedule_advance


def enter(championship_id: int, *, by: User, username: str | None = None) -> Entry:
    """A player enters themselves; the organiser may enter anyone."""
    with transaction.atomic():
        championship = locked_championship(championship_id)
        player = by
        if username and canonical_username(username) != by.username_key:
            if by.pk != championship.organiser_id:
                raise NotAllowed(_("Only the organiser enters other players."))
            player = User.objects.named(username).filter(is_active=True).first()
            if player is None:
                raise DomainError(
                    _("no player called %(name)r") % {"name": username}, field="username"
                )
        if championship.status != Championship.Status.REGISTRATION:
            raise Conflict(_("Registration is closed."), code="registration_closed")
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
        return Entry.objects.create(championship=championship, player=player)


def withdraw(championship_id: int, *, by: User, username: str | None = None) -> None:
    """Leave before the start, or withdraw later: the remaining games are forfeited."""
    with transaction.atomic():
        championship = locked_championship(championship_id)
        target = username or by.username
        key = canonical_username(target)
        if key != by.username_key and by.pk != championship.organiser_id:
            raise NotAllowed(_("Only the organiser withdraws other players."))
        entry = championship.entries.filter(player__username_key=key).first()
        if entry is None or entry.withdrawn_at is not None:
            raise NotFound(
                _("%(player)s is not playing in this championship.") % {"player": target}
            )
        if championship.status == Championship.Status.REGISTRATION:
            entry.delete()
            return
        if championship.status == Championship.Status.FINISHED:
            raise Conflict(_("The championship is over."), code="championship_over")
        entry.withdrawn_at = timezone.now()
        entry.save(update_fields=["withdrawn_at"])
        active = game_selectors.games_seating(
            entry.player,
            game_selectors.games_for_matches(matches_of(championship), Game.Status.ACTIVE),
        )
        for game_id in list(active.values_list("id", flat=True)):
            game_services.forfeit(game_id, entry.player)
        schedule_advance(championship.pk)
