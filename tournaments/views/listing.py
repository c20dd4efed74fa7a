"""The list of championships, and the forms that create and edit one."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from accounts import plans
from infrastructure.errors import DomainError
from tournaments import selectors, services
from tournaments.forms import (
    ChampionshipForm,
    format_help,
    initial_from,
    tiebreak_systems,
)
from tournaments.models import Championship
from tournaments.systems import registry
from tournaments.views.access import visible_or_404
from tournaments.views.words import (
    FINISHED_SHOWN,
)
from tournaments.visibility import visible_championships


def championship_list(request: HttpRequest) -> HttpResponse:
    visible = visible_championships(request.user)
    sections = [
        (
            "live",
            _("Being played"),
            list(visible.filter(status__in=registry.playing_statuses())),
            _("No championship is being played right now."),
        ),
        (
            "open",
            _("Open for registration"),
            list(visible.filter(status=Championship.Status.REGISTRATION)),
            _("No championship is open for registration."),
        ),
        (
            "finished",
            _("Finished"),
            list(visible.filter(status=Championship.Status.FINISHED)[:FINISHED_SHOWN]),
            _("No championship has finished yet."),
        ),
    ]
    counts = selectors.entrant_counts(
        [championship.pk for _key, _title, items, _empty in sections for championship in items]
    )
    return render(
        request,
        "tournaments/championship_list.html",
        {
            "invitations": selectors.invitations_for(request.user),
            "sections": [
                {
                    "key": key,
                    "title": title,
                    "empty": empty,
                    "championships": [
                        {"championship": c, "entrants": counts.get(c.pk, 0)} for c in items
                    ],
                }
                for key, title, items, empty in sections
            ],
        },
    )


# -- creating -------------------------------------------------------------------------


@login_required
def championship_new(request: HttpRequest) -> HttpResponse:
    form = ChampionshipForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            championship = services.create_championship(organiser=request.user, **form.settings())
        except DomainError as error:
            form.add_domain_error(error)
        else:
            messages.success(
                request,
                _("%(name)s is open for registration. Invite players, then start it.")
                % {"name": championship.name},
            )
            return redirect("championship-organise", championship_id=championship.pk)
    return _championship_form(request, form, editing=None)


@login_required
def championship_edit(request: HttpRequest, championship_id: int) -> HttpResponse:
    """The create form with the current settings, for the organiser until the start."""
    championship = visible_or_404(request, championship_id)
    if request.user.pk != championship.organiser_id:
        raise PermissionDenied
    if championship.status != Championship.Status.REGISTRATION:
        messages.error(
            request, _("The championship has started; its settings can no longer be changed.")
        )
        return redirect("championship-organise", championship_id=championship.pk)
    form = ChampionshipForm(request.POST or None, initial=initial_from(championship))
    if request.method == "POST" and form.is_valid():
        try:
            services.edit_championship(
                championship.pk, by=request.user, **form.settings(current=championship)
            )
        except DomainError as error:
            form.add_domain_error(error)
        else:
            messages.success(request, _("The settings are saved."))
            return redirect("championship-organise", championship_id=championship.pk)
    return _championship_form(request, form, editing=championship)


def _championship_form(
    request: HttpRequest, form: ChampionshipForm, editing: Championship | None
) -> HttpResponse:
    return render(
        request,
        "tournaments/championship_new.html",
        {
            "form": form,
            "editing": editing,
            "format_help": format_help(),
            "can_private": plans.has_entitlement(
                request.user, plans.Entitlement.PRIVATE_CHAMPIONSHIPS
            ),
            "entrant_limit": plans.championship_entrant_limit(request.user),
            "tiebreak_systems": tiebreak_systems(),
        },
    )
