"""The organiser's page: entries, invitations, co-organisers, and what needs them."""

import re

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts import plans
from infrastructure.errors import DomainError
from tournaments import corrections, selectors, services
from tournaments.durations import duration_text
from tournaments.models import Championship
from tournaments.views.access import may_organise, visible_or_404
from tournaments.views.words import (
    LIVE,
    group_count,
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
    return render(
        request,
        "tournaments/organise.html",
        {
            "championship": championship,
            "is_organiser": request.user.pk == championship.organiser_id,
            "co_organisers": co_organisers,
            "is_co_organiser": request.user in co_organisers,
            "co_organiser_names": ", ".join(user.username for user in co_organisers),
            "registration": championship.status == Championship.Status.REGISTRATION,
            "finished": championship.status == Championship.Status.FINISHED,
            "entries": [{"entry": entry, "state": states[entry.pk]} for entry in entries],
            "correctable": corrections.correctable_results(championship, request.user),
            "active_count": len(active),
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
                if championship.status in LIVE
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
