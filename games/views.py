"""Game pages: the live game, a new practice game, the rules."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from games import selectors
from games.models import Game


def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    return render(request, "games/game.html", {"game": game, "detail": selectors.game_detail(game)})


def game_live(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    return render(request, "games/game.html", {"game": game, "detail": selectors.game_detail(game)})


def game_new(request: HttpRequest) -> HttpResponse:
    return render(request, "games/new.html")


def rules_index(request: HttpRequest) -> HttpResponse:
    return render(request, "games/rules_index.html")


def rules_page(request: HttpRequest, game: str) -> HttpResponse:
    raise Http404
