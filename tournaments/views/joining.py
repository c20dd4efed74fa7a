"""The join link's page, where whoever has the link enters, and the organiser's new link."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from infrastructure.errors import DomainError
from tournaments import selectors, services
from tournaments.models import Championship
from tournaments.views.access import visible_or_404


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, championship_id: int, code: str) -> HttpResponse:
    """GET: the championship and an "Enter" button; POST: enter. A wrong or replaced code
    is a 404, as for a missing championship; a visitor logs in first and comes back."""
    championship = selectors.championship_by_join_code(championship_id, code)
    if championship is None:
        raise Http404
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if request.method == "POST":
        try:
            services.enter_by_code(championship.pk, by=request.user, code=code)
        except DomainError as error:
            messages.error(request, error.message)
            return redirect(request.path)
        messages.success(request, _("You have entered %(name)s.") % {"name": championship})
        return redirect(championship.get_absolute_url())
    entered = championship.entries.filter(player=request.user, withdrawn_at__isnull=True).exists()
    refusal = None
    if not entered:
        try:
            services.check_may_enter(championship, request.user)
        except DomainError as error:
            refusal = error.message
    return render(
        request,
        "tournaments/join.html",
        {
            "championship": championship,
            "entered": entered,
            "refusal": refusal,
            "registration": championship.status == Championship.Status.REGISTRATION,
        },
    )


@require_POST
@login_required
def replace_join_code(request: HttpRequest, championship_id: int) -> HttpResponse:
    """The organiser's new join link: the old one stops working at once."""
    championship = visible_or_404(request, championship_id)
    try:
        services.replace_join_code(championship.pk, by=request.user)
    except DomainError as error:
        messages.error(request, error.message)
        return redirect(championship.get_absolute_url())
    messages.success(request, _("The join link is new: the old one no longer works."))
    return redirect(reverse("championship-organise", args=[championship.pk]) + "#join-link")
