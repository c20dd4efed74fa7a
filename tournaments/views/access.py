"""Which championship a page is about, whether the visitor may organise it, and where an
action sends them back to."""

from django.http import Http404, HttpRequest
from django.urls import reverse

from tournaments import deciders
from tournaments.models import Championship
from tournaments.visibility import visible_championships


def visible_or_404(request: HttpRequest, championship_id: int) -> Championship:
    """The championship, if the visitor may see it; otherwise 404, as for a missing one."""
    championship = visible_championships(request.user).filter(pk=championship_id).first()
    if championship is None:
        raise Http404
    return championship


def may_organise(user, championship: Championship) -> bool:
    """Who opens the organise page: the organiser, a co-organiser, staff."""
    return deciders.has_a_deciders_role(user, championship)


def back_to(request: HttpRequest, championship: Championship) -> str:
    """Where an action returns to: the organiser page when it was sent from there."""
    if request.POST.get("next") == "organise" and may_organise(request.user, championship):
        return reverse("championship-organise", args=[championship.pk])
    return championship.get_absolute_url()
