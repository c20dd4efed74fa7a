"""Championship pages."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments import selectors
from tournaments.api import visible_championships


def championship_page(request: HttpRequest, championship_id: int) -> HttpResponse:
    championship = visible_championships(request.user).filter(pk=championship_id).first()
    if championship is None:
        raise Http404
    return render(
        request,
        "tournaments/championship.html",
        {
            "championship": championship,
            "standings": selectors.standings(championship),
            "bracket": selectors.bracket_view(championship),
        },
    )


def championship_list(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/championship_list.html")


def championship_new(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/championship_new.html")


def organise(request: HttpRequest, championship_id: int) -> HttpResponse:
    return render(request, "tournaments/organise.html")
