"""Game pages."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from games import selectors
from games.models import Game


def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    return render(request, "games/game.html", {"game": game, "detail": selectors.game_detail(game)})
