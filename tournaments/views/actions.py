"""What a visitor does on a championship's page: enter, answer an invitation, withdraw,
and (the organiser) start it after a confirmation."""

from collections.abc import Callable
from functools import wraps

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from infrastructure.errors import DomainError
from tournaments import selectors, services
from tournaments.durations import duration_text
from tournaments.models import Championship, Entry
from tournaments.systems import registry
from tournaments.views.access import back_to, visible_or_404
from tournaments.views.words import (
    format_text,
    time_control_text,
)


def championship_action(view: Callable[[HttpRequest, Championship], HttpResponse]):
    """A view of an action on a championship, given the championship it is about:
    anonymous people are sent to log in first, one who may not see it gets a 404."""

    @wraps(view)
    def action(request: HttpRequest, championship_id: int) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(reverse("championship", args=[championship_id]))
        return view(request, visible_or_404(request, championship_id))

    return action


@require_POST
@championship_action
def enter(request: HttpRequest, championship: Championship) -> HttpResponse:
    username = request.POST.get("username", "").strip() or None
    try:
        added = services.enter_or_invite(championship.pk, by=request.user, username=username)
    except DomainError as error:
        messages.error(request, error.message)
    else:
        if isinstance(added, Entry):
            messages.success(request, _("You have entered %(name)s.") % {"name": championship})
        else:
            messages.success(
                request,
                _("%(player)s is invited to %(name)s and enters on accepting.")
                % {"player": added.player.username, "name": championship},
            )
    return redirect(back_to(request, championship))


@require_POST
@championship_action
def accept(request: HttpRequest, championship: Championship) -> HttpResponse:
    try:
        services.accept_invitation(championship.pk, by=request.user)
    except DomainError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("You have entered %(name)s.") % {"name": championship})
    return redirect(championship.get_absolute_url())


@require_POST
@championship_action
def decline(request: HttpRequest, championship: Championship) -> HttpResponse:
    try:
        services.decline_invitation(championship.pk, by=request.user)
    except DomainError as error:
        messages.error(request, error.message)
        return redirect(championship.get_absolute_url())
    messages.success(
        request, _("You have declined the invitation to %(name)s.") % {"name": championship}
    )
    # A private championship is no longer the player's to see.
    return redirect("championships")


@require_POST
@championship_action
def withdraw(request: HttpRequest, championship: Championship) -> HttpResponse:
    username = request.POST.get("username", "").strip() or None
    try:
        removal = services.withdraw(championship.pk, by=request.user, username=username)
    except DomainError as error:
        messages.error(request, error.message)
    else:
        texts = {
            services.Removal.WITHDRAWN: _(
                "%(player)s has withdrawn; their remaining games are forfeited."
            ),
            services.Removal.UNINVITED: _("The invitation of %(player)s is cancelled."),
        }
        text = texts.get(removal, _("%(player)s is no longer entered."))
        messages.success(request, text % {"player": username or request.user.username})
    return redirect(back_to(request, championship))


@championship_action
def start(request: HttpRequest, championship: Championship) -> HttpResponse:
    """GET: what starting will do, with the button; POST: start."""
    if request.method != "POST":
        return _start_confirmation(request, championship)
    try:
        championship = services.start(championship.pk, by=request.user)
    except DomainError as error:
        messages.error(request, error.message)
        return redirect(back_to(request, championship))
    messages.success(request, registry.system(championship.system).started_text(championship))
    return redirect(back_to(request, championship))


def _start_confirmation(request: HttpRequest, championship: Championship) -> HttpResponse:
    if request.user.pk != championship.organiser_id:
        raise PermissionDenied
    if championship.status != Championship.Status.REGISTRATION:
        messages.error(request, _("The championship has already started."))
        return redirect("championship-organise", championship_id=championship.pk)
    entered = [e for e in selectors.entries_of(championship) if e.withdrawn_at is None]
    # With a check-in, whoever has not checked in is withdrawn by the start itself.
    check_in = selectors.check_in_window(championship) is not None
    absent = [e for e in entered if check_in and e.checked_in_at is None]
    active = [e for e in entered if e not in absent]
    return render(
        request,
        "tournaments/start.html",
        {
            "championship": championship,
            "active_count": len(active),
            "entered_count": len(entered),
            "check_in": check_in,
            "not_checked_in": [entry.player for entry in absent],
            **start_preview(championship, len(active)),
            "invitations": selectors.pending_invitations(championship),
            "time_control": time_control_text(championship.time_control),
            "stage_format": format_text(championship.stage_format),
            "playoff_format": format_text(championship.playoff_format),
            "round_deadline": duration_text(championship.round_deadline_s),
        },
    )


def start_preview(championship: Championship, entrants: int) -> dict:
    """What a start now would make, as the system tells it (its groups' sizes, its rounds)."""
    preview = registry.system(championship.system).start_preview
    return preview(championship, entrants) if preview and entrants >= 2 else {}
