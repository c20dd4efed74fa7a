"""The organiser's page: entries, invitations, and what needs them."""

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from accounts import plans
from tournaments import selectors
from tournaments.durations import duration_text
from tournaments.models import Championship
from tournaments.views.access import may_organise, visible_or_404
from tournaments.views.words import (
    LIVE,
    group_count,
)


@login_required
def organise(request: HttpRequest, championship_id: int) -> HttpResponse:
    """For the organiser and staff; 403 to others who see the championship, 404 to the rest."""
    championship = visible_or_404(request, championship_id)
    if not may_organise(request.user, championship):
        raise PermissionDenied
    entries = selectors.entries_of(championship)
    active = [entry for entry in entries if entry.withdrawn_at is None]
    limit = plans.championship_entrant_limit(championship.organiser)
    invitations = selectors.pending_invitations(championship)
    return render(
        request,
        "tournaments/organise.html",
        {
            "championship": championship,
            "is_organiser": request.user.pk == championship.organiser_id,
            "registration": championship.status == Championship.Status.REGISTRATION,
            "finished": championship.status == Championship.Status.FINISHED,
            "entries": entries,
            "active_count": len(active),
            "entrant_limit": limit,
            "full": limit is not None and len(entries) + len(invitations) >= limit,
            "invitations": invitations,
            "group_count": group_count(championship, len(active)),
            "needs": (
                selectors.needs_attention(championship, timezone.now())
                if championship.status in LIVE
                else None
            ),
            "round_deadline": duration_text(championship.round_deadline_s),
        },
    )
