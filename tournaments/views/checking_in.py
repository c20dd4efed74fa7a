"""The championship page's check-in button."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from infrastructure.errors import DomainError
from tournaments import services
from tournaments.models import Championship
from tournaments.views.actions import championship_action


@require_POST
@championship_action
def check_in(request: HttpRequest, championship: Championship) -> HttpResponse:
    try:
        services.check_in(championship.pk, by=request.user)
    except DomainError as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, _("You have checked in: you are in the draw."))
    return redirect(championship.get_absolute_url() + "#check-in")
