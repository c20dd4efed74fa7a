"""Leaderboard pages: one table of established players per game."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from games import registry
from games.titles import game_title
from ratings import policy, selectors


def leaderboards(request: HttpRequest, game: str | None = None) -> HttpResponse:
    """`/leaderboards/` shows the first game's table; an unknown game is a 404."""
    if game is None:
        game = registry.names()[0]
    elif game not in registry.names():
        raise Http404
    return render(
        request,
        "ratings/leaderboards.html",
        {
            "game": game,
            "title": game_title(game),
            "games": [
                {"id": name, "title": game_title(name), "url": reverse("leaderboard", args=[name])}
                for name in registry.names()
            ],
            "rows": selectors.leaderboard(game),
            "provisional_rd": round(policy.PROVISIONAL_RD),
        },
    )
