"""Site-wide pages: home and the error pages (JSON under /api/, HTML elsewhere)."""

import sys

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.views import defaults

from config import api_errors, busy
from games import registry
from games.selectors import games_being_played, games_for_home
from ratings.selectors import leaderboard
from tournaments.models import Championship
from tournaments.visibility import visible_championships


def home(request: HttpRequest) -> HttpResponse:
    """Live and open championships for everyone; a player's own games, their move first."""
    championships = visible_championships(request.user).order_by("-created_at")
    context = {
        "live": list(
            championships.filter(
                status__in=[Championship.Status.GROUPS, Championship.Status.PLAYOFF]
            )[:10]
        ),
        "open": list(championships.filter(status=Championship.Status.REGISTRATION)[:10]),
        "finished": list(championships.filter(status=Championship.Status.FINISHED)[:5]),
        "being_played": games_being_played(request.user),
        "leaders": leaderboard(registry.names()[0], limit=5),
        "leaders_game": registry.names()[0],
        "game_names": registry.names(),
        "game_titles": get_text_list(
            [str(game.title) for game in registry.declarations()], _("and")
        ),
    }
    if request.user.is_authenticated:
        context["games"] = games_for_home(request.user)
    return render(request, "home.html", context)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if api_errors.is_api_request(request):
        return api_errors.json_not_found(request)
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    # Called while the error is being handled: a failure in a middleware (the session's
    # save, say) that found no database connection is a busy site, not a broken one.
    if busy.no_connection_free(sys.exc_info()[1]):
        return busy.busy_response(request)
    if api_errors.is_api_request(request):
        return api_errors.json_server_error(request)
    return defaults.server_error(request)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if api_errors.is_api_request(request):
        if isinstance(exception, RequestDataTooBig):
            return api_errors.json_too_large(request)
        return api_errors.json_bad_request(request)
    return defaults.bad_request(request, exception)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    if api_errors.is_api_request(request):
        return api_errors.json_forbidden(request)
    return defaults.permission_denied(request, exception)
