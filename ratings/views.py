"""Leaderboard pages."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def leaderboards(request: HttpRequest, game: str = "kropki") -> HttpResponse:
    return render(request, "ratings/leaderboards.html", {"game": game})
