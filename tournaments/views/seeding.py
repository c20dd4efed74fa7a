"""The organise page's seeds: an entrant moved up or down, or every seed back to rating."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from infrastructure.errors import DomainError
from tournaments import services
from tournaments.models import Championship
from tournaments.views.actions import championship_action

STEPS = {"up": -1, "down": 1}


@require_POST
@championship_action
def move_seed(request: HttpRequest, championship: Championship) -> HttpResponse:
    organise = reverse("championship-organise", args=[championship.pk]) + "#seeds"
    try:
        if request.POST.get("reset"):
            services.set_seeds(championship.pk, by=request.user, order=[])
        else:
            step = STEPS.get(request.POST.get("direction", ""))
            if step is None:
                messages.error(request, _("Move an entrant up or down."))
                return redirect(organise)
            services.move_seed(
                championship.pk,
                by=request.user,
                username=request.POST.get("username", ""),
                places=step,
            )
    except DomainError as refusal:
        if refusal.status == 403:
            raise PermissionDenied from None
        messages.error(request, refusal.message)
    return redirect(organise)
