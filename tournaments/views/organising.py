"""The organiser's page: entries, invitations, co-organisers, and what needs them."""

import re

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from accounts import plans
from infrastructure.errors import DomainError
from tournaments import corrections, selectors, services
from tournaments.durations import duration_text
from tournaments.forms import InvitationsForm
from tournaments.models import Championship
from tournaments.views.access import may_organise, visible_or_404
from tournaments.views.words import (
    group_count,
    live,
)


@login_required
def organise(request: HttpRequest, championship_id: int) -> HttpResponse:
    """For the organiser, the co-organisers and staff; 403 to others who see the
    championship, 404 to the rest."""
    championship = visible_or_404(request, championship_id)
    if not may_organise(request.user, championship):
        raise PermissionDenied
    entries = selectors.entries_of(championship)
    active = [entry for entry in entries if entry.withdrawn_at is None]
    limit = plans.championship_entrant_limit(championship.organiser)
    invitations = selectors.pending_invitations(championship)
    co_organisers = list(championship.co_organisers.order_by("username"))
    states = selectors.entrant_states(championship)
    check_in = selectors.check_in_window(championship) is not None
    registration = championship.status == Championship.Status.REGISTRATION
    return render(
        request,
        "tournaments/organise.html",
        {
            "championship": championship,
            "is_organiser": request.user.pk == championship.organiser_id,
            # The join link's secret, for the one who manages the entries alone.
            "join_url": (
                request.build_absolute_uri(championship.join_path())
                if services.organises_entries(request.user, championship)
                else None
            ),
            "invitations_form": InvitationsForm(),
            "outcomes": request.session.pop(_outcomes_key(championship), None),
            "co_organisers": co_organisers,
            "is_co_organiser": request.user in co_organisers,
            "co_organiser_names": ", ".join(user.username for user in co_organisers),
            "registration": registration,
            "finished": championship.status == Championship.Status.FINISHED,
            "entries": [{"entry": entry, "state": states[entry.pk]} for entry in entries],
            "correctable": corrections.correctable_results(championship, request.user),
            "active_count": len(active),
            # With a check-in, the start withdraws whoever has not checked in.
            "not_checked_in": [
                entry.player
                for entry in active
                if check_in and registration and entry.checked_in_at is None
            ],
            "entrant_limit": limit,
            "full": limit is not None and len(entries) + len(invitations) >= limit,
            "invitations": invitations,
            "seeds": (
                selectors.seeds_of(championship)
                if championship.status == Championship.Status.REGISTRATION
                else []
            ),
            "group_count": group_count(championship, len(active)),
            "needs": (
                selectors.needs_attention(championship, timezone.now(), request.user)
                if live(championship)
                else None
            ),
            "round_deadline": duration_text(championship.round_deadline_s),
        },
    )


@require_POST
@login_required
def co_organisers(request: HttpRequest, championship_id: int) -> HttpResponse:
    """The organiser names the co-organisers: usernames separated by commas or spaces."""
    championship = visible_or_404(request, championship_id)
    usernames = [name for name in re.split(r"[\s,]+", request.POST.get("usernames", "")) if name]
    try:
        services.name_co_organisers(championship.pk, by=request.user, usernames=usernames)
    except DomainError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The co-organisers are saved."))
    return redirect("championship-organise", championship_id=championship.pk)


def _outcomes_key(championship: Championship) -> str:
    return f"invitation-outcomes-{championship.pk}"


@require_POST
@login_required
def invite_many(request: HttpRequest, championship_id: int) -> HttpResponse:
    """The organiser invites a list of names (pasted, or a CSV file's first column); the
    organise page then shows what became of each name."""
    championship = visible_or_404(request, championship_id)
    # One who may not organise is sent back to the championship's page.
    back = (
        reverse("championship-organise", args=[championship.pk]) + "#invite-heading"
        if may_organise(request.user, championship)
        else championship.get_absolute_url()
    )
    form = InvitationsForm(request.POST, request.FILES)
    if not form.is_valid():
        for error in [*form.non_field_errors(), *form.errors.get("file", [])]:
            messages.error(request, error)
        return redirect(back)
    try:
        outcomes = services.invite_many(
            championship.pk, by=request.user, usernames=form.cleaned_data["names"]
        )
    except DomainError as error:
        messages.error(request, error.message)
        return redirect(back)
    request.session[_outcomes_key(championship)] = [
        {"status": outcome.status.value, "username": outcome.username, "text": _said(outcome)}
        for outcome in outcomes
    ]
    went = sum(outcome.status != services.Outcome.ERROR for outcome in outcomes)
    messages.success(
        request,
        ngettext(
            "%(went)s of %(count)s name went through; each name's outcome is below.",
            "%(went)s of %(count)s names went through; each name's outcome is below.",
            len(outcomes),
        )
        % {"went": went, "count": len(outcomes)},
    )
    return redirect(back)


def _said(outcome: services.NameOutcome) -> str:
    """One name's outcome as a sentence."""
    if outcome.status == services.Outcome.INVITED:
        return _("%(player)s is invited and enters on accepting.") % {"player": outcome.username}
    if outcome.status == services.Outcome.ENTERED:
        return _("You have entered: that is your own name.")
    return outcome.detail or ""
