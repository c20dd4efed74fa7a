"""Account pages."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from accounts import plans, selectors


def player(request: HttpRequest, username: str) -> HttpResponse:
    profile = selectors.active_user_by_username(username)
    return render(
        request,
        "accounts/player.html",
        {"profile": profile, "plan": plans.effective_plan(profile)},
    )
