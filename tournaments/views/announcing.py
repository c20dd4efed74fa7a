"""The organise page's announcement form."""

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


@require_POST
@championship_action
def announce(request: HttpRequest, championship: Championship) -> HttpResponse:
    """Tell every entrant: the text is kept on the championship's page."""
    organise = reverse("championship-organise", args=[championship.pk])
    try:
        services.announce(championship.pk, by=request.user, text=request.POST.get("text", ""))
    except DomainError as refusal:  # a bad text, or the budget spent (TooMany)
        if refusal.status == 403:
            raise PermissionDenied from None
        messages.error(request, refusal.message)
    else:
        messages.success(request, _("Every entrant has been told."))
    return redirect(organise + "#announce")
