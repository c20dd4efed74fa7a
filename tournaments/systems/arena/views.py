"""The Arena's page actions: the pause and resume buttons."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from infrastructure.errors import DomainError
from tournaments.systems.arena.stage import set_paused
from tournaments.views.access import visible_or_404


def _paused(request: HttpRequest, championship_id: int, paused: bool) -> HttpResponse:
    championship = visible_or_404(request, championship_id)
    try:
        set_paused(championship.pk, by=request.user, paused=paused)
    except DomainError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("Paused: you are not paired until you resume.")
            if paused
            else _("Resumed: you are paired again within seconds."),
        )
    return redirect(championship.get_absolute_url())


@login_required
@require_POST
def pause(request: HttpRequest, championship_id: int) -> HttpResponse:
    return _paused(request, championship_id, True)


@login_required
@require_POST
def resume(request: HttpRequest, championship_id: int) -> HttpResponse:
    return _paused(request, championship_id, False)
