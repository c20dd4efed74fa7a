"""The home page: live and open championships, games being played, the leaders."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.text import get_text_list
from django.utils.translation import gettext as _

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
